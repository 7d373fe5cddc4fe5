import Foundation
import Testing
import ToolkitOracles
import TouchKit

/// The real WebKitGTK's page scrolling (oracles/webkit-scroll/oracle.py under a private weston) against the
/// webkitgtk-2.50 scroll model on eight strokes of the scroll corpus. What is deterministic is asserted: the drag (to the
/// whole px the page reads, each frame at its touch or a few motions behind), the swipe velocity, the threshold, a tap
/// leaving the fling running. A fling's start
/// and end are not: on a loaded machine WebKit starts one 0 to 25 ms after the lift and sometimes ends it early
/// (docs/toolkits/webkitgtk.md, "Scrolling"), so a fling is held to its direction.
@Suite(.serialized)
struct RealWebKitGTKScrollTests {
    static let sample = ["slow-drag-250", "slow-drag-600", "flick-300px-120ms-steady", "flick-after-pause-140ms",
                         "tap-stops-fling-200ms", "tap-stops-fling-350ms", "wiggle-6px", "wiggle-9px"]

    static let run = ScrollSample(toolkit: "webkitgtk", strokes: sample, source: "RealWebKitGTKScrollTests")

    private func webkit() throws -> ScrollToolkitResult { try Self.run.result() }

    private func stroke(_ name: String) throws -> ScrollCaseResult { try Self.run.stroke(name) }

    /// How far behind its touch stamp a frame may show the drag, ms.
    static let wheelLag = 50.0

    @Test func everyStrokeIsFollowedFrameByFrameWhileTheFingerIsDown() throws {
        let result = try webkit()
        #expect(result.version?.hasPrefix("2.50") == true)
        #expect(result.cases.map(\.testCase.name).sorted() == Self.sample.sorted())
        for item in result.cases {
            #expect(item.frames.count >= 5, "\(item.testCase.name): the page drew \(item.frames.count) frames")
            let lift = try #require(item.events.first { $0.kind == .up }?.time)
            // Up to the frame before the first lift: the drag's wheel deltas, each landing on a whole px.
            let held = item.frames.filter { $0.time < lift }
            #expect(held.allSatisfy { $0.real == $0.real.rounded() })
            // A frame's touch stamp is the page's main thread's; the scrolling thread applies a motion's wheel
            // delta on its own time (later while the web process is late). So a frame shows the drag at its stamp,
            // up to the motions of the last 50 ms behind it, or already one motion on (measured: none to a few
            // frames a stroke, more under load): it lies between the model's offsets from 50 ms before it (at least
            // the frame before) to the frame after (for the last frame before the lift, the first one after it: its
            // motion one on may be the stroke's last), within the agreement rule.
            var off: [ScrollFramePoint] = []
            for (index, point) in held.enumerated() {
                var window = held[..<(index + 1)].filter { $0.time >= point.time - Self.wheelLag }.map(\.model)
                if index > 0 { window.append(held[index - 1].model) }
                if let next = item.frames.first(where: { $0.time > point.time }) { window.append(next.model) }
                let tolerance = max(ScrollCaseResult.frameTolerance,
                                    ScrollCaseResult.frameShare * abs(point.real - item.startOffset))
                if point.real < window.min()! - tolerance || point.real > window.max()! + tolerance {
                    off.append(point)
                }
            }
            #expect(off.isEmpty, "\(item.testCase.name): \(off.map { "at \($0.time) ms WebKit \($0.real), model \($0.model)" })")
        }
    }

    @Test func theSwipeVelocityIsTheModelsAndTheFlingCarriesThePageOn() throws {
        for name in ["slow-drag-600", "flick-300px-120ms-steady", "flick-after-pause-140ms"] {
            let item = try stroke(name)
            #expect(item.realFlings.count == 1 && item.modelFlings.count == 1, "\(name)")
            #expect(abs((item.realFlings.first ?? 0) - (item.modelFlings.first?.measured ?? 0)) < 0.01, "\(name)")
            let lift = try #require(item.events.last { $0.kind == .up }?.time)
            let atLift = try #require(item.frames.last { $0.time <= lift }?.real)
            // The fling moves the page on after the lift, in the swipe's direction, as the model's does.
            let sign: Double = (item.modelFlings.first?.velocity ?? 0) > 0 ? 1 : -1
            #expect((item.realRest - atLift) * sign > 0, "\(name): rest \(item.realRest), at the lift \(atLift)")
            #expect((item.modelRest - atLift) * sign > 0, "\(name): model rest \(item.modelRest), at the lift \(atLift)")
        }
    }

    @Test func aWiggleUnderNineWholePixelsNeitherScrollsNorFlings() throws {
        let wiggle = try stroke("wiggle-6px")
        // The previous stroke's fling may still end as it lands: from 100 ms after the down on, nothing moves.
        let down = try #require(wiggle.events.first { $0.kind == .down }?.time)
        let after = wiggle.frames.filter { $0.time > down + 100 }
        #expect(!after.isEmpty && Set(after.map(\.real)).count == 1, "\(after.map(\.real))")
        #expect(wiggle.modelFlings.isEmpty)
        // 9 px is beyond the threshold: the page follows the whole 9 px.
        let nine = try stroke("wiggle-9px")
        let lift = try #require(nine.events.last { $0.kind == .up }?.time)
        let atLift = try #require(nine.frames.last { $0.time <= lift }?.real)
        #expect(abs(atLift - nine.startOffset) == 9)
    }

    @Test func aTapDoesNotStopTheFling() throws {
        // WebKit sometimes ends a fling early on its own (measured: once in a few dozen strokes), which can fall in
        // the 50 ms after a tap. Two taps into two flings: if taps stopped flings, neither page would move on after
        // its tap; an early end explains one at most. The model's goes on after both.
        var movedOn: [String] = []
        for name in ["tap-stops-fling-200ms", "tap-stops-fling-350ms"] {
            let tap = try stroke(name)
            let down = try #require(tap.events.filter { $0.kind == .down }.last?.time)
            let after = tap.frames.filter { $0.time > down + 50 }
            if Set(after.map(\.real)).count > 1 { movedOn.append(name) }
            #expect(Set(after.map(\.model)).count > 1, "\(name)")
        }
        #expect(!movedOn.isEmpty, "both pages stood still after the tap")
    }
}
