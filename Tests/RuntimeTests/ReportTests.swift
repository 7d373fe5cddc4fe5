import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Playback
import Render
import Scenes
import Testing
import TouchKit
import TouchStream

// MARK: - Bug report folders

@Suite struct ReportTests {
    /// Id 0 touches twice, id 1 once; id 1 moves after its up (R3) at record 10.
    private static let trace = """
        down 0 100 100; frame; motion 0 120 110; frame; down 1 400 300; frame
        up 0; frame; up 1; frame; motion 1 410 300; frame
        down 0 200 200; frame; motion 0 220 240; frame; up 0; frame
        """

    private func folder() -> String {
        NSTemporaryDirectory() + "repro-report-\(UUID().uuidString)"
    }

    private func report() throws -> BugReport {
        let trace = Trace(format: .compact, header: nil, items: try CompactTrace.parse(Self.trace))
        return BugReport(trace: trace, traceName: "bug.txt", sceneType: TouchDemoScene.self, profile: .uikit)
    }

    @Test func writesEveryFileAndTheyDecode() throws {
        let directory = folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = try report()
        try report.write(to: directory)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(files == ["end.png", "first-finding.png", "minimal.txt", "report.md", "timeline.svg"])
        for png in ["end.png", "first-finding.png"] {
            let image = try PNGFile.read(contentsOf: "\(directory)/\(png)")
            #expect(image.width == 1280 && image.height == 720)
        }
        #expect(try String(contentsOfFile: "\(directory)/minimal.txt", encoding: .utf8) == """
            down 1 400 300 t=16 serial=2; frame
            up 1 t=32 serial=4; frame
            motion 1 410 300; frame

            """)
    }

    @Test func timelineIsXMLWithOnePolylinePairPerTouch() throws {
        let directory = folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try report().write(to: directory)
        let collector = ElementCollector()
        let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: "\(directory)/timeline.svg")))
        parser.delegate = collector
        #expect(parser.parse(), "timeline.svg is not well-formed XML: \(String(describing: parser.parserError))")
        #expect(collector.elements.first?.name == "svg")
        func elements(_ name: String, class className: String) throws -> [[String: String]] {
            collector.elements.filter { $0.name == name && $0.attributes["class"] == className }.map(\.attributes)
        }
        #expect(try elements("polyline", class: "touch-x").map { $0["data-id"] } == ["0", "0", "1"])
        #expect(try elements("polyline", class: "touch-y").count == 3)
        #expect(try elements("circle", class: "down").count == 3)
        #expect(try elements("rect", class: "up").count == 3)
        #expect(try elements("line", class: "frame").count == 9)
        #expect(try elements("path", class: "finding").map { $0["data-rule"] } == ["R3"])
    }

    /// A live recording: the seat's capabilities first (no time), then wl_touch times since the
    /// compositor's boot. The drag must fill the axis, not sit as one dot at its right edge.
    @Test func timelineOfARealRecordingSpreadsOverTheAxisFromItsFirstTime() throws {
        let trace = """
            capabilities touch
            down 0 10 10 t=958278; frame; motion 0 50 10 t=958378; frame; motion 0 90 10 t=958478; frame
            up 0 t=958578; frame
            """
        let timeline = TouchTimeline(records: Trace(format: .compact, header: nil, items: try CompactTrace.parse(trace)).records)
        #expect(timeline.start == 958_278 && timeline.end == 958_578)
        #expect(timeline.frameTimes == [958_278, 958_378, 958_478, 958_578])
        #expect(timeline.time(ofRecord: 0) == 958_278)
        let svg = TimelineSVG.svg(timeline, findings: [], surface: (100, 100))
        let collector = ElementCollector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        #expect(parser.parse())
        let left = TimelineSVG.labelWidth, right = TimelineSVG.width - TimelineSVG.rightMargin
        let down = try #require(collector.elements.first { $0.attributes["class"] == "down" })
        let up = try #require(collector.elements.first { $0.attributes["class"] == "up" })
        let downX = try #require(down.attributes["cx"].flatMap(Double.init))
        let upX = try #require(up.attributes["x"].flatMap(Double.init)) + 4
        #expect(abs(downX - left) < 1 && abs(upX - right) < 1, "down at \(downX), up at \(upX) on \(left)…\(right)")
        let ticks = collector.elements.filter { $0.attributes["class"] == "frame" }.compactMap { $0.attributes["x1"].flatMap(Double.init) }
        #expect(ticks.count == 4 && zip(ticks, ticks.dropFirst()).allSatisfy { abs(($1 - $0) - (right - left) / 3) < 1 })
        #expect(svg.contains(">0 ms (wl_touch time 958278)<") && svg.contains(">+300 ms<"))
        #expect(!svg.contains("t=0 ms"))
    }

    @Test func markdownHasFindingsRuleTextMinimalTraceAndReplay() throws {
        let text = try report().markdown()
        #expect(text.contains("| 10 | 40 | R3 | violation | motion for id 1 after its up at record 8;"))
        // The report carries the whole docs/rules.md entry of each cited rule, one heading level down.
        let r3 = try #require(RuleDocument.entry(for: "R3"))
        #expect(text.contains("#" + r3.text))
        #expect(text.contains("docs/rules.md"))
        #expect(!text.contains("DESIGN"))
        #expect(text.contains("Shrunk from 18 to 6 records, keeping the first violation (R3 at record 10)"))
        #expect(text.contains("gesture-sandbox replay bug.txt --scene touchdemo --profile uikit --png end.png"))
        #expect(text.contains("gesture-sandbox replay minimal.txt --scene touchdemo --profile uikit"))
        #expect(text.contains("| trace | compact form: no header, environment unknown |"))
    }

    @Test func cleanTraceHasNoFirstFindingOrMinimalTrace() throws {
        let directory = folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let trace = Trace(format: .compact, header: nil, items: try CompactTrace.parse("down 0 5 5; frame; up 0; frame"))
        let report = BugReport(trace: trace, traceName: "ok.txt", sceneType: TouchDemoScene.self, profile: .uikit)
        try report.write(to: directory)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["end.png", "report.md", "timeline.svg"])
        #expect(report.markdown().contains("None: the stream keeps every rule the checker decides."))
    }

    @Test func anExistingFolderIsRefusedAndNothingIsLeftBehind() throws {
        let directory = folder()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: "\(directory)/keep.txt", contents: Data("mine".utf8)))
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(throws: RuntimeError.self) { try report().write(to: directory) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["keep.txt"])
        let parent = (directory as NSString).deletingLastPathComponent
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: parent)
            .filter { $0.hasPrefix((directory as NSString).lastPathComponent + ".partial") }
        #expect(leftovers.isEmpty)
    }

    @Test func recognizerTransitionsBecomeBands() {
        let log = """
            {"kind":"call","t":0.01,"responder":"v","method":"touchesBegan","touches":[]}
            {"kind":"transition","t":0.01,"recognizer":"pan","view":"v","from":"possible","to":"began"}
            {"kind":"transition","t":0.05,"recognizer":"pan","view":"v","from":"began","to":"ended"}
            """
        let records = [RawRecord(.down(serial: 1, time: 10, surface: nil, id: 0, x: WLFixed(1), y: WLFixed(1))),
                       RawRecord(.frame), RawRecord(.up(serial: 2, time: 80, id: 0)), RawRecord(.frame)]
        let timeline = TouchTimeline(records: records, deliveriesLog: log)
        #expect(timeline.bands == [
            .init(recognizer: "pan", state: "began", start: 10, end: 50),
            .init(recognizer: "pan", state: "ended", start: 50, end: 80),
        ])
        let svg = TimelineSVG.svg(timeline, findings: [], surface: (100, 100))
        #expect(svg.components(separatedBy: "class=\"recognizer-state\"").count - 1 == 2)
    }
}

/// Every element of an XML document with its attributes, in document order.
private final class ElementCollector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        elements.append((elementName, attributes))
    }
}
