import Foundation
import Testing
import ToolkitOracles
import TouchKit

/// The real Chromium 156 scrolling a page (oracles/chromium-scroll/oracle.html under a private weston) against the
/// chromium-156 scroll model on seven strokes of the scroll corpus. On this loaded machine Chromium's own frame
/// timing wanders by a frame (docs/toolkits/chromium-156.md, "Scrolling"), so fast strokes are held to their resting
/// offset and to what the page must show (the fling goes on, a tap stops it), slow drags to nine frames in ten.
@Suite(.serialized)
struct RealChromiumScrollTests {
    static let sample = ["slow-drag-120", "slow-drag-250", "flick-300px-120ms-steady", "lift-after-pause-300ms",
                         "two-flicks-250ms-apart", "tap-stops-fling-200ms", "wiggle-9px"]

    static let run = ScrollSample(toolkit: "chromium", strokes: sample, source: "RealChromiumScrollTests")

    private func chromium() throws -> ScrollToolkitResult { try Self.run.result() }

    private func stroke(_ name: String) throws -> ScrollCaseResult { try Self.run.stroke(name) }

    @Test func everyStrokeDrewFramesAndCameToRestWhereTheModelDid() throws {
        let result = try chromium()
        #expect(result.version?.hasPrefix("156.") == true)
        #expect(result.cases.map(\.testCase.name).sorted() == Self.sample.sorted())
        // A lift after a pause keeps what the compositor's last resampling made of the drag (from 15 px short of the
        // finger to 3 px past it, measured; set by a frame the page never drew) and a tap stops a fling wherever the browser's tick was: both are held to their rules
        // below instead.
        for item in result.cases where !["tap-stops-fling-200ms", "lift-after-pause-300ms"].contains(item.testCase.name) {
            #expect(item.frames.count >= 5, "\(item.testCase.name): the page saw \(item.frames.count) frames")
            #expect(item.restAgrees, "\(item.testCase.name): rest \(item.realRest) vs the model's \(item.modelRest)")
        }
    }

    @Test func slowDragsAgreeFrameByFrameButForAFewFrames() throws {
        // Measured: slow drags had a few of their ~170 frames off (the first scrolled frame, or one whose main frame
        // ran late and showed a newer motion), more when other builds load the machine; nine in ten always agreed.
        for name in ["slow-drag-120", "slow-drag-250"] {
            let drag = try stroke(name)
            let (off, count, worst, rests) = (drag.differingFrames, drag.frames.count, drag.worstFrame, drag.restAgrees)
            #expect(off * 10 <= count && rests, "\(name): \(off) of \(count) frames off (worst \(worst) px), rest \(drag.realRest) vs \(drag.modelRest)")
        }
    }

    @Test func aFlickFlingsOnAfterTheLift() throws {
        let flick = try stroke("flick-300px-120ms-steady")
        let lift = try #require(flick.events.last { $0.kind == .up }?.time)
        let atLift = try #require(flick.frames.last { $0.time <= lift }?.real)
        #expect(abs(flick.realRest - atLift) > 300, "rest \(flick.realRest), at the lift \(atLift)")
        #expect(flick.modelFlings.count == 1)
    }

    @Test func aLiftAfterAPauseDoesNotFlingAndStopsShortOfTheFinger() throws {
        let lift = try stroke("lift-after-pause-300ms")
        let up = try #require(lift.events.last { $0.kind == .up }?.time)
        let after = lift.frames.filter { $0.time > up }.map(\.real)
        #expect(after.allSatisfy { $0 == lift.realRest }, "\(Set(after))")
        #expect(lift.modelFlings.isEmpty)
        // The finger went 300 px, 285 past the slop. The compositor's last resampling (frame - 5 ms) may extrapolate
        // past the last move by at most half the 20 px step, or trail it: no motion comes after it to catch up, so
        // what it trailed by stays. At 2.5 px/ms it trails by up to a frame and its 5 ms (55 px); under load a
        // frame can slip, so two frames and 5 ms (96 px) bound it.
        let travel = abs(lift.realRest - lift.startOffset)
        #expect(travel >= 285 - 96 && travel <= 295, "\(travel)")
    }

    @Test func aWiggleInsideTheSlopNeverScrolls() throws {
        let wiggle = try stroke("wiggle-9px")
        let down = try #require(wiggle.events.first { $0.kind == .down }?.time)
        let moved = wiggle.frames.filter { $0.time > down + 50 }.map(\.real)
        #expect(Set(moved).count == 1 && wiggle.realRest == wiggle.startOffset, "\(Set(moved))")
    }

    @Test func aTapStopsTheFlingWhereItWas() throws {
        let tap = try stroke("tap-stops-fling-200ms")
        let down = try #require(tap.events.filter { $0.kind == .down }.last?.time)
        let after = tap.frames.filter { $0.time > down + 50 }
        #expect(!after.isEmpty && Set(after.map(\.real)).count == 1)
        // Where a fling of the same start would have gone on to: far past it.
        #expect(abs(tap.realRest - tap.startOffset) < 1500)
    }
}
