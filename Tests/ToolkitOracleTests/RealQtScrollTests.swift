import Foundation
import Testing
import ToolkitOracles
import TouchKit

/// The real Qt 6 Quick Flickable (oracles/qt-scroll/oracle.py under a private weston) against the qt-6.4 scroll model
/// on eight strokes of the scroll corpus, one or two of each kind: every frame and the rest must agree.
@Suite(.serialized)
struct RealQtScrollTests {
    static let sample = ["slow-drag-250", "flick-300px-120ms-steady", "batched-300px-120ms", "lift-after-pause-300ms",
                         "two-flicks-120ms-apart", "two-flicks-250ms-apart", "tap-stops-fling-200ms", "wiggle-12px"]

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
        try #require(flick.realFlings.count == 1 && flick.modelFlings.count == 1,
                     "flings: real \(flick.realFlings), model \(flick.modelFlings.map(\.velocity))")
        #expect(abs(flick.realFlings[0] - flick.modelFlings[0].velocity) < 0.01)
    }

    @Test func aSecondFlickIsBoosted() throws {
        // Whether a second flick is boosted hangs on the stream as it arrived: the Flickable measures a lift's
        // velocity from the last three motions' whole-ms stamps, and on a loaded machine the stroke's last, short step
        // can land in its predecessor's ms and count as still (measured: first flings from 212 to 1879 px/s, the
        // slow ones ending before the second press or the second lift under the 1250 px/s threshold). So every fling
        // must be the model's, and at least one of two second flicks boosted, as the model boosts it.
        var boosted: [String] = []
        for name in ["two-flicks-120ms-apart", "two-flicks-250ms-apart"] {
            let flicks = try stroke(name)
            #expect(flicks.realFlings.count == 2 && flicks.modelFlings.count == 2, "\(name)")
            for (real, model) in zip(flicks.realFlings, flicks.modelFlings) {
                #expect(abs(real - model.velocity) < 0.01, "\(name): Qt flung at \(real), the model at \(model.velocity)")
            }
            // The Flickable flung the second lift 1.25 × faster than it measured (then at most 2500 px/s).
            if let second = flicks.modelFlings.last, flicks.modelFlings.count == 2, abs(second.velocity) > abs(second.measured) {
                boosted.append(name)
            }
        }
        #expect(!boosted.isEmpty, "neither second flick was boosted")
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
