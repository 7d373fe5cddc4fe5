import Foundation
@testable import Playback
import Render
import Scenes
import Testing
import TouchKit
import TouchStream

// MARK: - Report pictures show the touches

/// first-finding.png and end.png carry each finger's path, its id, down and up marks, and the
/// first finding circled with its rule id: read back from the PNG files' pixels.
@Suite struct ReportPictureTests {
    /// Two horizontal drags (slow enough not to look like a surface switch); id 1 moves after its up (R3, record 12); a third finger lands later.
    private static let trace = """
        down 0 100 600 t=0; frame; motion 0 300 600 t=100; frame; down 1 700 500 t=110; frame
        motion 1 900 500 t=210; frame; up 0; frame; up 1; frame; motion 1 950 500; frame
        down 2 640 200; frame; up 2; frame
        """

    private let folder = NSTemporaryDirectory() + "report-pictures-\(UUID().uuidString)"

    private func pictures() throws -> (first: RGBAImage, end: RGBAImage) {
        let trace = Trace(format: .compact, header: nil, items: try CompactTrace.parse(Self.trace))
        let report = BugReport(trace: trace, traceName: "p.txt", sceneType: TouchDemoScene.self, profile: .uikit)
        #expect(report.findings.first?.ruleID == "R3")
        #expect(report.findings.first?.recordIndex == 12)
        try report.write(to: folder)
        return (try PNGFile.read(contentsOf: "\(folder)/first-finding.png"), try PNGFile.read(contentsOf: "\(folder)/end.png"))
    }

    private func rgb(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] { Array(image.rgba(x: x, y: y).prefix(3)) }

    private func bytes(_ color: Color) -> [UInt8] {
        [color.red, color.green, color.blue].map { UInt8(($0 * 255).rounded()) }
    }

    /// How many pixels in the box are within a small distance of `color` (text is anti-aliased).
    private func count(_ color: Color, in image: RGBAImage, x: ClosedRange<Int>, y: ClosedRange<Int>) -> Int {
        let target = bytes(color)
        var found = 0
        for py in y {
            for px in x where zip(rgb(image, px, py), target).allSatisfy({ abs(Int($0) - Int($1)) <= 24 }) { found += 1 }
        }
        return found
    }

    @Test func pathsMarksAndTheFindingAreDrawn() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (first, end) = try pictures()
        let id0 = bytes(TouchOverlay.color(forIDAt: 0)), id1 = bytes(TouchOverlay.color(forIDAt: 1))
        let id2 = bytes(TouchOverlay.color(forIDAt: 2)), red = bytes(TouchOverlay.findingColor)
        for image in [first, end] {
            // Paths: the middle of each drag, and the disc of each down.
            #expect(rgb(image, 200, 600) == id0)
            #expect(rgb(image, 800, 500) == id1)
            #expect(rgb(image, 100 - 4, 600 - 4) == id0)
            #expect(rgb(image, 700 + 4, 500 + 4) == id1)
            // Up marks: a square's outline (top edge) around the last point, hollow inside.
            #expect(rgb(image, 300, 600 - 6) == id0)
            #expect(rgb(image, 900, 500 + 6) == id1)
            #expect(rgb(image, 303, 600) != id0)
            // A pale halo right next to the path keeps it visible over any view.
            #expect(rgb(image, 200, 602).allSatisfy { $0 > 200 })
            // The motion after the up is not part of the path, but it is circled.
            #expect(rgb(image, 925, 500) != id1)
            #expect(rgb(image, 950 + 26 - 2, 500) == red)
            #expect(rgb(image, 950, 500 - 26 + 1) == red)
            #expect(rgb(image, 950 - 26 + 1, 500) == red)
            // Labels: the rule id right of the circle, each id right of its down.
            #expect(count(TouchOverlay.findingColor, in: image, x: 980...1120, y: 474...494) > 30)
            #expect(count(TouchOverlay.color(forIDAt: 0), in: image, x: 110...150, y: 607...627) > 15)
            #expect(count(TouchOverlay.color(forIDAt: 1), in: image, x: 710...750, y: 507...527) > 15)
        }
        // The third finger comes after the finding: only the end picture shows it.
        #expect(rgb(first, 640, 200) != id2)
        #expect(rgb(end, 640, 200) == id2)
        #expect(count(TouchOverlay.color(forIDAt: 2), in: first, x: 650...690, y: 207...227) == 0)
        #expect(count(TouchOverlay.color(forIDAt: 2), in: end, x: 650...690, y: 207...227) > 15)
    }

    @Test("a finding without a position (an empty frame) is labelled in the corner")
    func findingWithoutPosition() {
        let records = [RawRecord(.down(serial: 1, time: 1, surface: nil, id: 0, x: WLFixed(10), y: WLFixed(10))),
                       RawRecord(.frame), RawRecord(.frame)]
        let finding = ConformanceChecker.check(records, header: nil).first { $0.ruleID == "R4" }
        let overlay = TouchOverlay(records: records, finding: finding)
        #expect(overlay.mark?.point == nil)
        #expect(overlay.labels().last?.text == "R4 (record 2)")
        #expect(overlay.labels().last?.origin == Point(x: 8, y: 8))
    }
}
