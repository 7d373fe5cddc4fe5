import Foundation
@testable import Playback
import Render
import Scenes
import Testing
import TouchKit
import TouchStream

// MARK: - report and minimize over a streamed trace, with bounded summaries

@Suite struct StreamedReportTests {
    private let folder = NSTemporaryDirectory() + "streamed-report-\(UUID().uuidString)"

    /// One finger dragged along y = 600 between x = 100 and 1100 in 1 px steps, `passes` times
    /// (odd: it ends at 1100), then lifted; 1000 motions a pass.
    private static func longDrag(passes: Int) -> String {
        var lines = ["down 0 100 600 t=0; frame"]
        var t = 0
        for pass in 0..<passes {
            for step in 1...1000 {
                t += 8
                lines.append("motion 0 \(pass % 2 == 0 ? 100 + step : 1100 - step) 600 t=\(t); frame")
            }
        }
        return (lines + ["up 0; frame"]).joined(separator: "\n")
    }

    private func file(_ name: String, _ text: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func rgb(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] { Array(image.rgba(x: x, y: y).prefix(3)) }

    private func bytes(_ color: Color) -> [UInt8] {
        [color.red, color.green, color.blue].map { UInt8(($0 * 255).rounded()) }
    }

    @Test func aLongPathIsDecimatedButKeepsItsEnds() throws {
        let passes = 5
        let records = try CompactTrace.parse(Self.longDrag(passes: passes)).compactMap {
            if case .record(let record) = $0 { record } else { nil }
        }
        let timeline = TouchTimeline(records: records)
        let samples = try #require(timeline.sequences.first?.samples)
        #expect(timeline.sequences.count == 1)
        #expect(samples.count <= TouchTimeline.maximumSamplesPerSequence)
        #expect(samples.first.map { [$0.x, $0.y, $0.time] } == [100, 600, 0])
        #expect(samples.last.map { [$0.x, $0.y, $0.time] } == [1100, 600, Double(passes * 1000 * 8)])
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0.time < $1.time })
        #expect(timeline.frameTimes.count <= TouchTimeline.maximumTicks)
        #expect(timeline.frameTimes.first == 0 && timeline.frameTimes.last == timeline.end)
    }

    @Test func theReportOfALongDragDrawsItFromItsDownToItsUp() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try file("drag.txt", Self.longDrag(passes: 5))
        let report = try BugReport(path: path, sceneType: TouchDemoScene.self, profile: .uikit)
        try report.write(to: folder + "/out")
        let end = try PNGFile.read(contentsOf: folder + "/out/end.png")
        let color = bytes(TouchOverlay.color(forIDAt: 0))
        // The disc at the down, the path all along, the square's edge at the up.
        #expect(rgb(end, 100 - 4, 600 - 4) == color)
        for x in stride(from: 150, through: 1050, by: 100) { #expect(rgb(end, x, 600) == color, "x \(x)") }
        #expect(rgb(end, 1100, 600 - 6) == color)
        #expect(rgb(end, 1103, 600) != color)
    }

    @Test func manySequencesKeepTheFirstAndTheLast() throws {
        let count = TouchTimeline.maximumSequences + 300
        let records = (0..<count).flatMap { k -> [RawRecord] in
            let id = Int32(k)
            return [RawRecord(.down(serial: UInt32(2 * k), time: UInt32(10 * k), surface: nil, id: id,
                                    x: WLFixed(10), y: WLFixed(10))), RawRecord(.frame),
                    RawRecord(.up(serial: UInt32(2 * k + 1), time: UInt32(10 * k + 5), id: id)), RawRecord(.frame)]
        }
        let timeline = TouchTimeline(records: records)
        #expect(timeline.sequences.count == TouchTimeline.maximumSequences)
        #expect(timeline.omittedSequences == 300)
        #expect(timeline.sequences.first?.id == 0)
        #expect(timeline.sequences.last?.id == Int32(count - 1))
        #expect(timeline.end == Double(10 * (count - 1) + 5))
        let svg = TimelineSVG.svg(timeline, findings: [], surface: (100, 100))
        #expect(svg.contains("middle of the trace left out: 300 touch sequences"))
    }

    @Test func pathsPastTheSampleBudgetAreThinnedToTheirShare() {
        // 300 strokes of 200 samples: past 32768 samples in all, each further stroke keeps its share.
        let records = (0..<300).flatMap { k -> [RawRecord] in
            let down = RawRecord(.down(serial: UInt32(k), time: UInt32(1000 * k), surface: nil, id: 1,
                                       x: WLFixed(10), y: WLFixed(10)))
            let motions = (1..<200).flatMap { step in
                [RawRecord(.motion(time: UInt32(1000 * k + step), id: 1, x: WLFixed(Double(10 + step)), y: WLFixed(10))),
                 RawRecord(.frame)]
            }
            return [down, RawRecord(.frame)] + motions + [RawRecord(.up(serial: 0, time: UInt32(1000 * k + 500), id: 1)),
                                                          RawRecord(.frame)]
        }
        let timeline = TouchTimeline(records: records)
        let share = TouchTimeline.maximumSamples / TouchTimeline.maximumSequences
        #expect(timeline.sequences.first?.samples.count == 200)
        #expect(timeline.sequences.last.map { $0.samples.count <= share } == true)
        #expect(timeline.sequences.last?.samples.last?.x == 209)
        #expect(timeline.sequences.map(\.samples.count).reduce(0, +) < TouchTimeline.maximumSamples + 300 * share)
    }

    @Test func aStreamedReportEqualsTheReportOfTheTraceInMemory() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = """
            down 0 100 100; frame; motion 0 120 110; frame; down 1 400 300; frame
            up 0; frame; up 1; frame; motion 1 410 300; frame
            down 0 200 200; frame; motion 0 220 240; frame; up 0; frame
            """
        let streamed = try BugReport(path: try file("r3.txt", text), sceneType: TouchDemoScene.self, profile: .uikit)
        let held = BugReport(trace: Trace(format: .compact, header: nil, items: try CompactTrace.parse(text)),
                             traceName: folder + "/r3.txt", sceneType: TouchDemoScene.self, profile: .uikit)
        #expect(streamed.markdown() == held.markdown())
        #expect(streamed.minimalTrace == held.minimalTrace)
        #expect(streamed.minimalTrace?.count == 6)
    }

    @Test func aReportListsTheFirstFindingsAndCountsTheRest() throws {
        let count = BugReport.maximumListedFindings + 5
        let text = "down 0 1 1; frame\n" + String(repeating: "frame\n", count: count)
        let report = BugReport(trace: Trace(format: .compact, header: nil, items: try CompactTrace.parse(text)),
                               traceName: "empty-frames.txt", sceneType: TouchDemoScene.self, profile: .uikit)
        #expect(report.findings.count == BugReport.maximumListedFindings)
        #expect(report.tally.violations == count)
        #expect(report.markdown().contains("The first \(BugReport.maximumListedFindings) of \(count) findings"))
    }

    @Test func streamedMinimizeOfAnOutcomeNeedsTheEarlierTap() throws {
        // The double tap shows on the second tap's down; the cut right before it loses it, the
        // cut before the first tap keeps it (the window offers both).
        let text = """
            down 1 100 100 t=500; frame; motion 1 120 100 t=520; frame; up 1 t=540; frame
            down 0 640 360 t=1000; frame; motion 0 640 361 t=1020; frame; up 0 t=1050; frame
            down 0 641 361 t=1450; frame; motion 0 641 362 t=1460; frame; up 0 t=1500; frame
            """
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let stream = try TraceStream(path: try file("taps.txt", text))
        let minimum = try KeepProperty.outcome("\"tapCount\":2")
            .minimize(streaming: stream, sceneType: TouchDemoScene.self, profile: .qt)
        #expect(minimum.recordCount == 18)
        #expect(CompactTrace.write(records: minimum.records) == """
            down 0 640 360 t=1000 serial=3; frame
            up 0 t=1050; frame
            down 0 641 361 t=1450; frame

            """)
    }
}
