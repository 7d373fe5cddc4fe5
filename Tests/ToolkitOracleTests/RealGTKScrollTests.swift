import Foundation
import Testing
import ToolkitOracles
import TouchKit

/// The real GTK 4's GtkScrolledWindow (oracles/gtk-scroll/oracle.py under a private weston) against the gtk-4.8
/// scroll model on eight strokes of the scroll corpus, one of each kind: every frame and the rest must agree.
@Suite(.serialized)
struct RealGTKScrollTests {
    static let sample = ["slow-drag-250", "flick-300px-120ms-steady", "flick-after-pause-140ms", "lift-after-pause-300ms",
                         "reversal-150px", "two-flicks-250ms-apart", "tap-stops-fling-200ms", "wiggle-6px"]

    static let run = ScrollSample(toolkit: "gtk", strokes: sample, source: "RealGTKScrollTests")

    private func gtk() throws -> ScrollToolkitResult { try Self.run.result() }

    private func stroke(_ name: String) throws -> ScrollCaseResult { try Self.run.stroke(name) }

    @Test func everySampledStrokeAgreesFrameByFrame() throws {
        let result = try gtk()
        #expect(result.version?.hasPrefix("4.8") == true)
        #expect(result.cases.map(\.testCase.name).sorted() == Self.sample.sorted())
        for item in result.cases {
            #expect(item.frames.count >= 5, "\(item.testCase.name): GTK drew \(item.frames.count) frames")
            #expect(item.agrees, "\(item.testCase.name): \(item.differingFrames) frames off (worst \(item.worstFrame) px), rest \(item.realRest) vs \(item.modelRest)")
        }
    }

    @Test func aFlickFlingsOnAfterTheLiftAndTheSwipeVelocityIsTheModels() throws {
        let flick = try stroke("flick-300px-120ms-steady")
        // The finger went up 300 px: the offset grows, and keeps growing after the lift.
        let lift = try #require(flick.events.last { $0.kind == .up }?.time)
        let atLift = try #require(flick.frames.last { $0.time <= lift }?.real)
        #expect(flick.realRest > atLift + 100)
        try #require(flick.realFlings.count == 1 && flick.modelFlings.count == 1,
                     "flings: real \(flick.realFlings), model \(flick.modelFlings.map(\.velocity))")
        #expect(abs(flick.realFlings[0] - flick.modelFlings[0].measured) < 0.01)
    }

    @Test func aWiggleUnderTheDragThresholdDoesNotDragButItsLiftFlingsALittle() throws {
        let wiggle = try stroke("wiggle-6px")
        // Under the 8 px threshold the content does not follow the finger while it is down (the
        // previous stroke's fling may still be ending as it lands: from 50 ms after the down on).
        let down = try #require(wiggle.events.first { $0.kind == .down }?.time)
        let up = try #require(wiggle.events.last { $0.kind == .up }?.time)
        let held = wiggle.frames.filter { $0.time > down + 50 && $0.time < up }
        #expect(Set(held.map(\.real)).count <= 1, "\(held.map(\.real))")
        // But GtkGestureSwipe measured the wiggle's speed, and the lift flings on it: a few px, as
        // the model says (measured: 8.25 px from a 6 px wiggle).
        let atLift = try #require(wiggle.frames.last { $0.time <= up }?.real)
        #expect(wiggle.realRest != atLift && abs(wiggle.realRest - atLift) < 20, "rest \(wiggle.realRest), at the lift \(atLift)")
        #expect(abs(wiggle.realRest - wiggle.modelRest) <= ScrollCaseResult.restTolerance)
    }

    @Test func aTapStopsTheFlingWhereItWas() throws {
        let tap = try stroke("tap-stops-fling-200ms")
        let down = try #require(tap.events.filter { $0.kind == .down }.last?.time)
        let after = tap.frames.filter { $0.time > down + 50 }
        #expect(!after.isEmpty && Set(after.map(\.real)).count == 1)
    }
}
