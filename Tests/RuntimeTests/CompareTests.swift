@testable import Playback
import Scenes
import Testing
import TouchKit
import TouchStream

// MARK: - Comparing deliveries logs

@Suite struct CompareTests {
    /// Two taps whose second down comes 400 ms after the first up: one more tap under qt (400 ms
    /// multi-tap interval), a new first tap under uikit (350 ms).
    private static let twoTaps = "down 0 640 360 t=1000; frame; up 0 t=1050; frame\ndown 0 641 361 t=1450; frame; up 0 t=1500; frame"

    private func replayLog(_ compact: String, _ profile: ThresholdProfile) throws -> String {
        let trace = Trace(format: .compact, header: nil, items: try CompactTrace.parse(compact))
        return ReplaySession(trace: trace, sceneType: TouchDemoScene.self, profile: profile).deliveriesLog
    }

    @Test func uikitAndQtDisagreeOnTheSecondTapsCount() throws {
        let comparison = try DeliveriesComparison(logA: try replayLog(Self.twoTaps, .uikit), nameA: "uikit",
                                                  logB: try replayLog(Self.twoTaps, .qt), nameB: "qt")
        #expect(comparison.summary == "8 lines differ; first divergence at A:5 / B:5")
        #expect(comparison.responders.map(\.responder) == ["application", "window"])
        #expect(comparison.responders.allSatisfy { $0.onlyInA.count == 2 && $0.onlyInB.count == 2 })
        #expect(comparison.responders[1].onlyInA[0].contains("\"tapCount\":1"))
        #expect(comparison.responders[1].onlyInB[0].contains("\"tapCount\":2"))
        #expect(!comparison.hasRecognizerEntries)
        let text = comparison.text()
        #expect(text.contains("none logged (the logs have no recognizer transitions)"))
        #expect(text.hasSuffix("8 lines differ; first divergence at A:5 / B:5\n"))
        // Two equal lines of context, then the first differing line.
        let excerpt = comparison.divergenceExcerpt().split(separator: "\n")
        #expect(excerpt.prefix(3).map { String($0.prefix(10)) } == ["  A:3 B:3 ", "  A:4 B:4 ", "- A:5  {\"k"])
    }

    @Test func sameLogsAreEqual() throws {
        let log = try replayLog(Self.twoTaps, .uikit)
        let comparison = try DeliveriesComparison(logA: log, nameA: "a", logB: log, nameB: "b")
        #expect(comparison.isEqual)
        #expect(comparison.text() == "equal\n")
        #expect(comparison.firstDivergence == nil)
    }

    @Test func recognizersThatEndedDifferently() throws {
        let a = """
            {"kind":"transition","t":1,"recognizer":"doubleTap","view":"v","from":"possible","to":"recognized"}
            {"kind":"transition","t":1,"recognizer":"pan","view":"v","from":"possible","to":"failed"}
            """
        let b = """
            {"kind":"transition","t":1,"recognizer":"doubleTap","view":"v","from":"possible","to":"failed"}
            {"kind":"transition","t":1,"recognizer":"pan","view":"v","from":"possible","to":"failed"}
            {"kind":"recognizer","t":2,"name":"swipe","state":"recognized"}
            """
        let comparison = try DeliveriesComparison(logA: a, nameA: "a", logB: b, nameB: "b")
        #expect(comparison.recognizers == [
            .init(recognizer: "doubleTap", finalStateA: "recognized", finalStateB: "failed"),
            .init(recognizer: "swipe", finalStateA: "-", finalStateB: "recognized"),
        ])
        #expect(comparison.responders.isEmpty)
        #expect(comparison.summary == "3 lines differ; first divergence at A:1 / B:1")
        #expect(comparison.text().contains("  doubleTap: A ended recognized, B ended failed\n"))
    }

    @Test(arguments: [
        ("", "b:1:1: empty deliveries log"),
        ("{\"kind\":\"call\"}\nnot json\n", "b:2:1: not a JSON object"),
        ("{\"kind\":\"call\"}\n{\"kind\":\"ca", "b:2:1: truncated line (no newline at end of file)"),
        ("{\"t\":1}\n", "b:1:1: entry has no \"kind\" string"),
    ])
    func badLogsAreLocatedErrors(log: String, expected: String) {
        #expect(throws: ComparisonError(expected)) {
            try DeliveriesComparison(logA: "{\"kind\":\"call\"}\n", nameA: "a", logB: log, nameB: "b")
        }
    }

    // MARK: - Line diff

    /// Replays a script on both sides: equal steps must match, and each side's lines come out in order.
    private func check(_ a: [String], _ b: [String]) -> Int {
        let steps = LineDiff.diff(a, b)
        var seenA: [Int] = [], seenB: [Int] = []
        for step in steps {
            switch step {
            case .same(let i, let j):
                #expect(a[i] == b[j])
                seenA.append(i); seenB.append(j)
            case .onlyA(let i): seenA.append(i)
            case .onlyB(let j): seenB.append(j)
            }
        }
        #expect(seenA == Array(a.indices))
        #expect(seenB == Array(b.indices))
        return steps.filter { if case .same = $0 { false } else { true } }.count
    }

    @Test func myersFindsTheShortestScript() {
        // The paper's example: ABCABBA → CBABAC needs 5 edits.
        #expect(check("ABCABBA".map(String.init), "CBABAC".map(String.init)) == 5)
        #expect(check([], ["x"]) == 1)
        #expect(check(["x", "y"], []) == 2)
        #expect(check(["a", "b", "c"], ["a", "x", "c"]) == 2)
    }

    @Test func beyondTheBoundTheMiddleIsReplaced() {
        let a = (0..<1_200).map { "a\($0)" }, b = (0..<1_200).map { "b\($0)" }
        #expect(check(["same"] + a + ["end"], ["same"] + b + ["end"]) == 2_400)
    }
}
