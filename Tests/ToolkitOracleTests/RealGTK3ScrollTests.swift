import Foundation
import Testing
import ToolkitOracles
import TouchKit

/// The real GTK 3's GtkScrolledWindow (oracles/gtk3-scroll/oracle.py under a private weston) against the gtk-3.24
/// scroll model on eight strokes of the scroll corpus: every frame and the rest must agree.
@Suite(.serialized)
struct RealGTK3ScrollTests {
    static let sample = ["slow-drag-120", "flick-300px-120ms-steady", "flick-after-pause-140ms", "lift-after-pause-300ms",
                         "two-flicks-250ms-apart", "tap-stops-fling-200ms", "wiggle-6px", "wiggle-8px"]

    static let run = ScrollSample(toolkit: "gtk3", strokes: sample, source: "RealGTK3ScrollTests")

    private func gtk3() throws -> ScrollToolkitResult { try Self.run.result() }

    private func stroke(_ name: String) throws -> ScrollCaseResult { try Self.run.stroke(name) }

    @Test func everySampledStrokeAgreesFrameByFrame() throws {
        let result = try gtk3()
        #expect(result.version?.hasPrefix("3.24") == true)
        #expect(result.modelName == "gtk-3.24")
        #expect(result.cases.map(\.testCase.name).sorted() == Self.sample.sorted())
        for item in result.cases {
            #expect(item.agrees, "\(item.testCase.name): \(item.differingFrames) frames off (worst \(item.worstFrame) px), rest \(item.realRest) vs \(item.modelRest)")
        }
    }

    @Test func theDragFollowsTheFingerInWholePixelsFromItsFirstPixel() throws {
        let drag = try stroke("slow-drag-120")
        let down = try #require(drag.events.first { $0.kind == .down })
        let up = try #require(drag.events.last { $0.kind == .up }?.time)
        let held = drag.frames.filter { $0.time > down.time && $0.time < up }
        #expect(held.count >= 5)
        // The finger went down from y 120: the view follows every whole px it moved, no 8 px threshold first.
        for frame in held {
            let moved = frame.real - drag.startOffset
            #expect(moved == moved.rounded() && moved < 0, "\(frame.time) ms: \(moved) px")
        }
        // GTK draws only when the view moved: its first frame came after a pixel or a few, not after 8 (GTK 4's).
        let first = try #require(held.first)
        #expect(drag.startOffset - first.real >= 1 && drag.startOffset - first.real < 8, "\(first.real)")
    }

    @Test func aFirstWholePixelOffsetSidewaysDeniesTheStroke() throws {
        // wiggle-8px lands at (900, 120); its first motion is (899.75, 120.75): (−1, 0) in whole px, horizontal to
        // the scrolled window's vertical GtkGesturePan. GTK neither follows the 8 px nor flings.
        let wiggle = try stroke("wiggle-8px")
        let down = try #require(wiggle.events.first { $0.kind == .down }?.time)
        #expect(wiggle.frames.filter { $0.time > down + 50 }.allSatisfy { $0.real == wiggle.startOffset })
        #expect(wiggle.realRest == wiggle.startOffset && wiggle.modelRest == wiggle.startOffset)
        // wiggle-6px starts low in the window and moves up: (−1, −1) first, then vertical: it follows and flings.
        let six = try stroke("wiggle-6px")
        #expect(six.realRest > six.startOffset + 6)
    }

    @Test func aFlingStopsAtItsFirstStepUnderOnePixel() throws {
        let flick = try stroke("flick-300px-120ms-steady")
        let distinct = flick.frames.map(\.real).reduce(into: [Double]()) { if $0.last != $1 { $0.append($1) } }
        let lastStep = try #require(zip(distinct, distinct.dropFirst()).map { $1 - $0 }.last)
        #expect(lastStep >= 1, "the last step GTK drew: \(lastStep) px")
        #expect(abs(flick.realRest - flick.modelRest) < 0.01)
    }

    @Test func aTapStopsTheFlingWhereItWas() throws {
        let tap = try stroke("tap-stops-fling-200ms")
        let down = try #require(tap.events.filter { $0.kind == .down }.last?.time)
        let after = tap.frames.filter { $0.time > down + 50 }
        #expect(Set(after.map(\.real)).count <= 1)
        #expect(abs(tap.realRest - tap.modelRest) < 0.001)
    }
}
