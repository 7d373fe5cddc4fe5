import Foundation
import Testing
import ToolkitOracles
import TouchKit

/// The real Firefox ESR 153 scrolling a page under APZ (oracles/firefox-scroll/oracle.html under a private weston)
/// against the firefox-153 scroll model on five strokes of the scroll corpus. The drag and the wiggle must agree frame
/// by frame; the flings are checked for what holds on a loaded machine too (APZ stamps each touch with the moment
/// Firefox read it, so a burst read late gives a faster fling than the wl_touch times say: docs/toolkits/firefox.md).
@Suite(.serialized)
struct RealFirefoxScrollTests {
    /// The first stroke of a run is one the page sees no touch of (its first touch block).
    static let sample = ["slow-drag-80", "slow-drag-250", "flick-300px-120ms-steady", "tap-stops-fling-200ms", "wiggle-6px"]

    // Some starts of Firefox under the runner's weston give the page no frame at all, so it is never ready (seen in
    // about one start in three on a loaded two-core machine; docs/toolkits/firefox.md): up to three starts.
    static let run = ScrollSample(toolkit: "firefox", strokes: sample, source: "RealFirefoxScrollTests", starts: 3)

    private func firefox() throws -> ScrollToolkitResult { try Self.run.result() }

    private func stroke(_ name: String) throws -> ScrollCaseResult { try Self.run.stroke(name) }

    @Test func theDragAndTheWiggleAgreeFrameByFrame() throws {
        let result = try firefox()
        #expect(result.version?.hasPrefix("153.") == true)
        #expect(result.cases.map(\.testCase.name).sorted() == Self.sample.sorted())
        for name in ["slow-drag-250", "wiggle-6px"] {
            let item = try stroke(name)
            #expect(item.frames.count >= 5, "\(name): Firefox reported \(item.frames.count) frames")
            #expect(item.agrees, "\(name): \(item.differingFrames) frames off (worst \(item.worstFrame) px), rest \(item.realRest) vs \(item.modelRest)")
        }
    }

    @Test func aFlickFlingsOnAfterTheLiftInWholePixels() throws {
        let flick = try stroke("flick-300px-120ms-steady")
        // The finger went up 300 px: the offset grows, and keeps growing after the lift; scrollY is whole px.
        let lift = try #require(flick.events.last { $0.kind == .up }?.time)
        let atLift = try #require(flick.frames.last { $0.time <= lift }?.real)
        #expect(flick.realRest > atLift + 300)
        #expect(flick.frames.allSatisfy { $0.real == $0.real.rounded() })
        #expect(flick.modelFlings.count == 1 && flick.modelFlings[0].velocity > 500)
    }

    @Test func aSixPixelWiggleScrollsFourPixelsAndNeverFlings() throws {
        let wiggle = try stroke("wiggle-6px")
        // 6 px in 100 ms: past the 2.54 px tolerance, so the view follows (4 px: the split point is 2 px from the
        // down), and the lift's 0.06 px/ms is far under the 0.5 px/ms a fling needs: nothing moves after it.
        let up = try #require(wiggle.events.last { $0.kind == .up }?.time)
        let after = wiggle.frames.filter { $0.time > up + 50 }
        #expect(!after.isEmpty && Set(after.map(\.real)).count == 1)
        #expect(abs(wiggle.realRest - wiggle.startOffset) == 4, "rest \(wiggle.realRest), start \(wiggle.startOffset)")
        #expect(wiggle.modelFlings.allSatisfy { $0.velocity == 0 })
    }

    @Test func aTapStopsTheFlingWhereItWas() throws {
        let tap = try stroke("tap-stops-fling-200ms")
        let down = try #require(tap.events.filter { $0.kind == .down }.last?.time)
        let after = tap.frames.filter { $0.time > down + 50 }
        #expect(!after.isEmpty && Set(after.map(\.real)).count == 1)
    }
}
