import Testing
import TouchKit

@Suite struct RecognizerStateMachineTests {
    /// Every legal move as "from→to".
    private func legalMoves(continuous: Bool) -> Set<String> {
        var moves: Set<String> = []
        for old in GestureRecognizerState.allCases {
            for new in GestureRecognizerState.allCases
            where GestureRecognizerState.transition(from: old, to: new, isContinuous: continuous) == .allowed {
                moves.insert("\(old.rawValue)→\(new.rawValue)")
            }
        }
        return moves
    }

    @Test func discreteRecognizersGoFromPossibleToRecognizedOrFailed() {
        #expect(legalMoves(continuous: false) == [
            "possible→ended", "possible→failed", "ended→possible", "cancelled→possible", "failed→possible",
        ])
    }

    @Test func continuousRecognizersBeginChangeAndEndOrAreCancelled() {
        #expect(legalMoves(continuous: true) == [
            "possible→began", "possible→failed", "began→changed", "changed→changed", "began→ended", "changed→ended",
            "began→cancelled", "changed→cancelled", "ended→possible", "cancelled→possible", "failed→possible",
        ])
    }

    @Test func impossibleMovesSayWhy() {
        #expect(GestureRecognizerState.transition(from: .possible, to: .ended, isContinuous: true)
                == .impossible("a continuous recognizer ends only after it began"))
        #expect(GestureRecognizerState.transition(from: .failed, to: .ended, isContinuous: false)
                == .impossible("failed → ended is not a recognizer transition"))
    }

    @Test func recognizedIsEnded() {
        #expect(GestureRecognizerState.recognized == .ended)
        #expect(GestureRecognizerState.allCases.filter(\.isFinished) == [.ended, .cancelled, .failed])
        #expect(GestureRecognizerState.allCases.filter(\.isActive) == [.began, .changed])
    }

    @Test func aTransitionIsOneStableJSONLine() {
        let rig = Rig()
        let view = rig.addView("V", rect(0, 0, 300, 300))
        rig.attach(PanGestureRecognizer(name: "pan"), to: view)
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.05, move(0, 62, 45))
        let line = rig.recorder.entries.map(\.jsonLine).first { $0.contains(#""kind":"transition""#) }
        #expect(line == #"{"kind":"transition","t":1.05,"recognizer":"pan","view":"V","from":"possible","to":"began","reason":"recognized: moved 13 ≥ 10","values":{"translationX":12,"translationY":-5,"velocityX":240,"velocityY":-100}}"#)
    }

    @Test func aTransitionHasAOneLineSummaryForLiveTraces() {
        let step = RecognizerTransition(timestamp: 1.5, recognizer: "press", view: nil, from: .possible, to: .began,
                                        reason: .timerExpired("minimum press duration 0.5 s"),
                                        values: [RecognizerMeasurement("held", 0.5)])
        #expect(step.summary == "t=1.5 press@- possible→began (timer expired: minimum press duration 0.5 s) held=0.5")
    }

    @Test func twoRunsLogTheSameLines() {
        func run() -> String {
            let rig = Rig()
            let view = rig.addView("V", rect(0, 0, 300, 300))
            let single = TapGestureRecognizer(name: "single")
            let double = TapGestureRecognizer(name: "double")
            double.numberOfTapsRequired = 2
            single.require(toFail: double)
            rig.attach(single, to: view)
            rig.attach(double, to: view)
            rig.attach(LongPressGestureRecognizer(name: "press"), to: view)
            rig.send(at: 1.0, down(0, 50, 50))
            rig.send(at: 1.08, up(0, 50, 50))
            rig.wait(until: 1.6)
            rig.send(at: 2.0, down(0, 50, 50))
            rig.wait(until: 2.7)
            rig.send(at: 2.8, up(0, 50, 50))
            return rig.recorder.jsonLines()
        }
        let first = run()
        #expect(first == run())
        #expect(first.contains(#""reason":"waiting for failure of double""#))
    }
}
