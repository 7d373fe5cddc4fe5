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

    static let run: [ScrollToolkitResult] = {
        let strokes = ScrollCorpus.strokes().filter { sample.contains($0.name) }.map {
            try! OracleCase(name: $0.name, summary: $0.summary, script: $0.script, source: "RealGTKScrollTests")
        }
        return ScrollRunner.run(ScrollConfiguration(toolkits: ["gtk"], strokes: strokes, corpus: false))
    }()

    private func gtk() throws -> ScrollToolkitResult {
        let result = try #require(Self.run.first)
        // A toolkit that cannot start fails here, with its log tail in the problem.
        #expect(result.problem == nil, "\(result.problem ?? "")")
        return result
    }

    private func stroke(_ name: String) throws -> ScrollCaseResult {
        try #require(try gtk().cases.first { $0.testCase.name == name })
    }

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
        #expect(flick.realFlings.count == 1 && flick.modelFlings.count == 1)
        #expect(abs(flick.realFlings[0] - flick.modelFlings[0].measured) < 0.01)
    }

    @Test func aWiggleUnderTheDragThresholdNeverScrolls() throws {
        let wiggle = try stroke("wiggle-6px")
        #expect(wiggle.frames.allSatisfy { $0.real == wiggle.startOffset })
        #expect(wiggle.realRest == wiggle.startOffset)
    }

    @Test func aTapStopsTheFlingWhereItWas() throws {
        let tap = try stroke("tap-stops-fling-200ms")
        let down = try #require(tap.events.filter { $0.kind == .down }.last?.time)
        let after = tap.frames.filter { $0.time > down + 50 }
        #expect(!after.isEmpty && Set(after.map(\.real)).count == 1)
    }
}
