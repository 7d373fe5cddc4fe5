import Foundation
import FoundationXML
import Testing
@testable import ToolkitOracles
import TouchKit
import TouchStream

/// The toolkit runner's pure parts: reading oracle output, splitting a run into cases, comparing
/// real and model gestures, and the reports. Times are wl_touch ms since boot, as real runs give.
@Suite struct ToolkitComparisonTests {
    private static let base: UInt32 = 10_404_736

    private func tap(_ time: UInt32, count: Int, recognizer: String = "GtkGestureClick") -> ToolkitGesture {
        ToolkitGesture(kind: .tap, time: Double(time), recognizer: recognizer, count: count)
    }

    // MARK: - Oracle output

    @Test func chromiumConsoleLinesAreUnwrapped() {
        let text = """
            [4242:4242:1126/113000.123456:INFO:CONSOLE(31)] "{"kind":"tap","time":null,"seq":3,"recognizer":"click","count":2}", source: file:///usr/share/gesture-sandbox/oracles/chromium/oracle.html (31)
            [4242:4260:1126/113000.200000:ERROR:bus.cc(407)] Failed to connect to the bus: Could not parse server address
            [1593104.620]  -> wl_seat@13.get_touch(new id wl_touch@17)
            [4242:4242:1126/113000.300000:INFO:CONSOLE(9)] "{"ready":true,"toolkit":"chromium","version":"156.0.8078.108","offsetX":0,"offsetY":56}", source: file:///x.html (9)
            """
        let messages = OracleOutput.messages(text, channel: .chromiumConsole)
        #expect(messages.count == 2)
        let ready = OracleOutput.ready(in: messages)
        #expect(ready?.version == "156.0.8078.108" && ready?.offsetY == 56)
        let (gestures, malformed) = OracleOutput.gestures(in: messages)
        #expect(malformed.isEmpty)
        #expect(gestures.first?.seq == 3 && gestures.first?.time == nil && gestures.first?.count == 2)
    }

    @Test func aBrokenGestureLineIsCountedNotDropped() {
        let (gestures, malformed) = OracleOutput.gestures(in: [#"{"kind":"tap","time":5,"recognizer":"TapHandler"}"#,
                                                             #"{"kind":"wobble","time":5,"recognizer":"x"}"#, "qt.qpa: warning"])
        #expect(gestures.count == 1 && malformed == [#"{"kind":"wobble","time":5,"recognizer":"x"}"#])
    }

    // MARK: - Splitting

    @Test func recordsAndGesturesGoToTheCaseOfTheirTime() {
        let b = Self.base
        let records: [RawRecord] = [
            RawRecord(.capabilities(touch: true)),
            RawRecord(.down(serial: 1, time: b + 10, surface: "wl_surface@18", id: 0, x: WLFixed(100), y: WLFixed(100))),
            RawRecord(.frame),
            RawRecord(.up(serial: 2, time: b + 70, id: 0)),
            RawRecord(.down(serial: 3, time: b + 2010, surface: "wl_surface@18", id: 0, x: WLFixed(5), y: WLFixed(5))),
            RawRecord(.frame),
            RawRecord(.up(serial: 4, time: b + 2080, id: 0)),
            RawRecord(.frame),
        ]
        let lines = [
            OracleGestureLine(kind: .tap, time: Double(b + 10), recognizer: "GtkGestureClick", count: 1),
            // Chromium: no time, the 3rd down-or-up of the session (the second case's down).
            OracleGestureLine(kind: .tap, time: nil, seq: 3, recognizer: "click", count: 1),
            OracleGestureLine(kind: .tap, time: Double(b - 500), recognizer: "click", count: 1),
        ]
        let (parts, unplaced) = CaseSplitter.split(records: records, gestures: lines,
                                                   windows: [(b, b + 2000), (b + 2000, b + 4000)])
        #expect(unplaced == 1)
        #expect(parts.map(\.records.count) == [3, 4])
        #expect(parts[0].gestures.map(\.recognizer) == ["GtkGestureClick"])
        #expect(parts[1].gestures.map(\.time) == [Double(b + 2010)])
    }

    @Test func windowsAreWrapAware() {
        let start = UInt32.max - 100
        #expect(CaseSplitter.window(of: 50, in: [(start, start &+ 2000)]) == 0)
        #expect(CaseSplitter.window(of: start - 1, in: [(start, start &+ 2000)]) == nil)
    }

    // MARK: - Comparing

    @Test func sameGesturesInAnyOrderAgreeAndUpdatesAreIgnored() {
        let b = Self.base
        let real = [tap(b + 210, count: 2), tap(b, count: 1),
                    ToolkitGesture(kind: .dragUpdate, time: Double(b + 5), recognizer: "GtkGestureDrag")]
        let model = [tap(b, count: 1), tap(b + 210, count: 2)]
        let comparison = GestureComparison(real: real, model: model)
        #expect(comparison.agrees)
        #expect(comparison.rows.count == 2)
    }

    @Test func aDifferentCountOrTimeDisagrees() {
        let b = Self.base
        let comparison = GestureComparison(real: [tap(b, count: 1), tap(b + 450, count: 1)],
                                           model: [tap(b, count: 1), tap(b + 450, count: 2)])
        #expect(!comparison.agrees)
        #expect(comparison.missing.map(\.count) == [1])
        #expect(comparison.extra.map(\.count) == [2])
        #expect(!GestureComparison(real: [tap(b, count: 1)], model: [tap(b + 1, count: 1)]).agrees)
    }

    @Test func valuesBeyondTheToleranceAreNotedButStillAgree() {
        let b = Double(Self.base)
        let real = ToolkitGesture(kind: .pinchEnd, time: b, recognizer: "GtkGestureZoom", scale: 1.5)
        var model = real
        model.scale = 1.2
        let comparison = GestureComparison(real: [real], model: [model])
        #expect(comparison.agrees)
        #expect(comparison.rows.first?.valueNotes == ["scale 1.50 vs 1.20"])
        model.scale = 1.52
        #expect(GestureComparison(real: [real], model: [model]).valueDifferences == 0)
    }

    @Test func theModelIsFedAssembledFramesAndTimersRunToTheEnd() throws {
        struct LongPressAfter500: ToolkitModel {
            var name = "lp", toolkit = "gtk"
            var downAt: Double?
            mutating func feed(_ frame: InputFrame) -> [ToolkitGesture] {
                for pass in frame.passes {
                    for touch in pass {
                        if touch.phase == .began { downAt = frame.timestamp }
                        if touch.phase == .ended || touch.phase == .cancelled { downAt = nil }
                    }
                }
                return []
            }
            mutating func advance(to time: Double) -> [ToolkitGesture] {
                guard let down = downAt, time >= down + 0.5 else { return [] }
                downAt = nil
                return [ToolkitGesture(kind: .longPress, time: (down * 1000).rounded(), recognizer: "GtkGestureLongPress")]
            }
        }
        let b = Self.base
        let records = [RawRecord(.down(serial: 1, time: b, surface: nil, id: 0, x: WLFixed(10), y: WLFixed(10))), RawRecord(.frame)]
        var model: any ToolkitModel = LongPressAfter500()
        let gestures = ModelReplay.gestures(&model, records: records, end: Double(b + 1200) / 1000)
        #expect(gestures.map(\.time) == [Double(b)])
        // A cancel has no time: fed as it stands it comes "at" the down, before the timer could fire;
        // with the time it really came (700 ms later) the long press fires first, as in the toolkit.
        let cancelled = records + [RawRecord(.cancel)]
        var fresh: any ToolkitModel = LongPressAfter500()
        #expect(ModelReplay.gestures(&fresh, records: cancelled, end: Double(b + 1200) / 1000).isEmpty)
        fresh = LongPressAfter500()
        let timed = ModelReplay.gestures(&fresh, records: cancelled, cancelTimes: [nil, nil, Double(b + 700)],
                                         end: Double(b + 1200) / 1000)
        #expect(timed.map(\.kind) == [.longPress])
    }

    @Test func cancelsGetTheirTimeFromTheReceiptStamps() {
        // libwayland 1.21 (µs modulo 2^32, shown as ms) across its wrap, and 1.23's wall clock.
        let log = """
            [4294960.000] wl_touch@17.down(791, 13425496, wl_surface@18, 0, 150.00000000, 150.00000000)
            [4294960.050] wl_touch@17.frame()
            [4294960.100]  -> wl_surface@18.commit()
            [     3.000] wl_touch@17.cancel()
            [     3.100] wl_touch@9.cancel()
            [12:28:16.100000] wl_touch#17.motion(2000000, 0, 1.00000000, 2.00000000)
            [12:28:16.800000] wl_touch#17.cancel()
            """
        #expect(ReceiptTimes.cancels(in: log, touchObject: 17) == [13425496 + 10.296, 2000700].map { $0.rounded() })
        #expect(ReceiptTimes.cancels(in: log).count == 3)
    }

    // MARK: - Reports

    private func result() throws -> ToolkitsResult {
        let b = Self.base
        let testCase = try OracleCase(name: "two-slow-taps", summary: "two 300 ms holds <150 ms> apart & more",
                                      script: "down 0 100 100; frame; sleep 300; up 0; frame", source: "taps.txt")
        let received = [RawRecord(.down(serial: 1, time: b, surface: nil, id: 0, x: WLFixed(100), y: WLFixed(100)))]
        let differing = ToolkitCaseResult(testCase: testCase, real: [tap(b, count: 1), tap(b + 450, count: 1)],
                                          model: [tap(b, count: 1), tap(b + 450, count: 2)],
                                          comparison: GestureComparison(real: [tap(b, count: 1), tap(b + 450, count: 1)],
                                                                        model: [tap(b, count: 1), tap(b + 450, count: 2)]),
                                          received: received, start: b - 3)
        var gtk = ToolkitResult(oracle: .gtk, modelName: "gtk-4.8", version: "4.8.3")
        gtk.cases = [differing]
        var qt = ToolkitResult(oracle: .qt, modelName: "qt-6.4")
        qt.problem = "qt: the oracle was not ready within 45 s; log: qml: module \"QtQuick\" is not installed"
        return ToolkitsResult(toolkits: [gtk, qt], seconds: 12.4)
    }

    @Test func exitCodeIsTwoWhenAToolkitCouldNotRunElseOneOnADifference() throws {
        var result = try result()
        #expect(result.exitCode == 2)
        result.toolkits.removeLast()
        #expect(result.exitCode == 1)
        result.toolkits[0].cases[0].comparison = GestureComparison(real: [], model: [])
        #expect(result.exitCode == 0)
    }

    @Test func theMarkdownPutsDisagreementsFirstWithTimesFromTheFirstDown() throws {
        let text = ToolkitsReport.markdown(try result())
        let disagreements = try #require(text.range(of: "## Disagreements (1)"))
        let scripts = try #require(text.range(of: "## Scripts"))
        let agreeing = try #require(text.range(of: "## Agreeing corpus cases"))
        #expect(disagreements.lowerBound < scripts.lowerBound && scripts.lowerBound < agreeing.lowerBound)
        // The script file's case, under the script with each toolkit that ran it.
        #expect(text.contains("### two-slow-taps · GTK 4 (model differs)"))
        #expect(text.contains("| +450 | GtkGestureClick tap ×1 | — | real only |"))
        #expect(text.contains("| +450 | — | GtkGestureClick tap ×2 | model only |"))
        #expect(text.contains("| GTK 4 | 4.8.3 | gtk-4.8 | 1 | 0 | 0.0 % |"))
        #expect(text.contains("could not run: qt: the oracle was not ready"))
    }

    @Test func theHTMLPageIsWellFormedAndNeedsNothingFromOutside() throws {
        let page = ToolkitsHTML.page(try result())
        let parser = XMLParser(data: Data(page.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        let external = ["src=", "href=", "@import", "url("]
        for marker in external { #expect(!page.contains(marker), "\(marker)") }
        #expect(page.contains("&lt;150 ms&gt; apart &amp; more"))
    }

    @Test func resultsJSONCarriesBothSidesWithAbsoluteTimes() throws {
        let text = try ToolkitsResultsDocument(try result(), toolVersion: "0.1.0").jsonText()
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json["exitCode"] as? Int == 2)
        let cases = try #require(json["cases"] as? [[String: Any]])
        let realOnly = try #require(cases.first?["realOnly"] as? [[String: Any]])
        #expect(realOnly.first?["time"] as? Double == Double(Self.base + 450))
        let toolkits = try #require(json["toolkits"] as? [[String: Any]])
        #expect(toolkits.map { $0["status"] as? String } == ["ran", "could-not-run"])
    }
}

/// `compare --profile-a MODEL --profile-b MODEL`: two models on one trace, matched by what they recognised.
@Suite struct ModelSideBySideTests {
    /// Taps with a tap count that continues while presses come within `interval` s (no x/y check).
    struct CountingTaps: ToolkitModel {
        var name: String, toolkit = "gtk", recognizer: String, interval: Double
        var last: Double?, count = 0
        init(_ name: String, _ recognizer: String, interval: Double) {
            self.name = name
            self.recognizer = recognizer
            self.interval = interval
        }
        mutating func feed(_ frame: InputFrame) -> [ToolkitGesture] {
            var out: [ToolkitGesture] = []
            for pass in frame.passes { for touch in pass where touch.phase == .began {
                count = last.map { frame.timestamp - $0 < interval } == true ? count + 1 : 1
                last = frame.timestamp
                out.append(ToolkitGesture(kind: .tap, time: (frame.timestamp * 1000).rounded(), recognizer: recognizer, count: count))
            } }
            return out
        }
        mutating func advance(to time: Double) -> [ToolkitGesture] { [] }
    }

    @Test func sameKindCountAndTimeMatchWhateverTheRecognizerIsCalled() throws {
        let items = try CompactTrace.parse("down 0 10 10 t=5000000; frame; up 0 t=5000300; frame\ndown 0 10 10 t=5000450; frame; up 0 t=5000750; frame")
        let same = ModelSideBySide(items: items, a: CountingTaps("a-1", "GtkGestureClick", interval: 0.4),
                                   b: CountingTaps("b-1", "TapHandler", interval: 0.4))
        #expect(same.differences == 0)
        #expect(same.text().hasSuffix("equal\n"))
        let differ = ModelSideBySide(items: items, a: CountingTaps("a-1", "GtkGestureClick", interval: 0.4),
                                     b: CountingTaps("b-1", "TapHandler", interval: 0.6))
        #expect(differ.differences == 2)
        let text = differ.text()
        #expect(text.contains("+450    GtkGestureClick tap ×1"))
        #expect(text.contains("TapHandler tap ×2   ≠"))
        #expect(text.hasSuffix("2 gestures differ\n"))
    }
}

/// The log tail of an oracle that failed leaves out libwayland's message lines, keeps the toolkit's.
@Suite struct OracleLogTailTests {
    @Test func waylandDebugLinesAreTellFromToolkitLogLines() {
        #expect(OracleProcess.isWaylandDebug("[1593104.620]  -> wl_seat@13.get_touch(new id wl_touch@17)"))
        #expect(OracleProcess.isWaylandDebug("[11:52:46.361095] wl_touch#20.down(5, 11309898, wl_surface#3, 0, 1.0, 2.0)"))
        #expect(!OracleProcess.isWaylandDebug("[25243:25243:1126/124310.627872:FATAL:process_singleton_posix.cc(315)] Socket path too long"))
        #expect(!OracleProcess.isWaylandDebug("qml: module \"QtQuick\" is not installed"))
    }
}
