import Foundation
import Testing
import ToolkitOracles
import TouchKit

/// The real Qt 6 Quick Flickable (oracles/qt-scroll/oracle.py under a private weston) against the qt-6.4 scroll model
/// on seven strokes of the scroll corpus, one of each kind: every frame and the rest must agree.
@Suite(.serialized)
struct RealQtScrollTests {
    static let sample = ["slow-drag-250", "flick-300px-120ms-steady", "batched-300px-120ms", "lift-after-pause-300ms",
                         "two-flicks-250ms-apart", "tap-stops-fling-200ms", "wiggle-12px"]

    static let run = ScrollSample(toolkit: "qt", strokes: sample, source: "RealQtScrollTests")

    private func qt() throws -> ScrollToolkitResult { try Self.run.result() }

    private func stroke(_ name: String) throws -> ScrollCaseResult { try Self.run.stroke(name) }

    @Test func everySampledStrokeAgreesFrameByFrame() throws {
        let result = try qt()
        #expect(result.version == "6.4.2")
        #expect(result.cases.map(\.testCase.name).sorted() == Self.sample.sorted())
        for item in result.cases where item.testCase.name != "wiggle-12px" {
            #expect(item.frames.count >= 3, "\(item.testCase.name): Qt drew \(item.frames.count) frames")
        }
        for item in result.cases {
            #expect(item.agrees, "\(item.testCase.name): \(item.differingFrames) frames off (worst \(item.worstFrame) px), rest \(item.realRest) vs \(item.modelRest)")
        }
    }

    @Test func aFlickFlingsWithTheModelsVelocityAndRestsOnAWholePixel() throws {
        let flick = try stroke("flick-300px-120ms-steady")
        let lift = try #require(flick.events.last { $0.kind == .up }?.time)
        let atLift = try #require(flick.frames.last { $0.time <= lift }?.real)
        // The finger went up 300 px: contentY grows, and keeps growing after the lift.
        #expect(flick.realRest > atLift + 100)
        #expect(flick.realRest == flick.realRest.rounded())
        #expect(flick.realFlings.count == 1 && flick.modelFlings.count == 1)
        #expect(abs(flick.realFlings[0] - flick.modelFlings[0].velocity) < 0.01)
    }

    @Test func aSecondFlickIsBoosted() throws {
        let flicks = try stroke("two-flicks-250ms-apart")
        #expect(flicks.realFlings.count == 2 && flicks.modelFlings.count == 2)
        let second = try #require(flicks.modelFlings.last)
        // The Flickable flung the second lift 1.25 × faster than it measured (then at most 2500 px/s).
        #expect(abs(second.velocity) > abs(second.measured))
        #expect(abs(flicks.realFlings[1] - second.velocity) < 0.01)
    }

    @Test func aWiggleUnderTheDragThresholdNeverMovesTheView() throws {
        let wiggle = try stroke("wiggle-12px")
        let down = try #require(wiggle.events.first { $0.kind == .down }?.time)
        #expect(wiggle.frames.allSatisfy { $0.time < down || $0.real == wiggle.startOffset })
        #expect(wiggle.realRest == wiggle.startOffset && wiggle.modelRest == wiggle.startOffset)
    }

    @Test func aTapStopsTheFlingAndItsLiftRoundsTheOffset() throws {
        let tap = try stroke("tap-stops-fling-200ms")
        let up = try #require(tap.events.last { $0.kind == .up }?.time)
        let after = tap.frames.filter { $0.time > up }
        #expect(after.allSatisfy { $0.real == tap.realRest })
        #expect(tap.realRest == tap.realRest.rounded() && tap.realRest == tap.modelRest)
    }
}
