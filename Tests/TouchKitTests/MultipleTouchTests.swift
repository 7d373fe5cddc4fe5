import Testing
import TouchKit

/// Records, for each call, the touch ids passed and the ids in event.allTouches.
private final class SingleTouchView: View {
    var calls: [(method: String, touches: [Int32], all: [Int32])] = []
    private func note(_ method: String, _ touches: Set<Touch>, _ event: Event) {
        calls.append((method, touches.map(\.id).sorted(), event.allTouches.map(\.id).sorted()))
    }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event) { note("began", touches, event) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) { note("moved", touches, event) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) { note("ended", touches, event) }
}

@Suite struct MultipleTouchTests {
    private func rig() -> (Rig, SingleTouchView) {
        let rig = Rig()
        let view = SingleTouchView(frame: rect(0, 0, 200, 200), name: "single")
        rig.window.addSubview(view)
        return (rig, view)
    }

    @Test func isMultipleTouchEnabledDefaultsToFalse() {
        #expect(View().isMultipleTouchEnabled == false)
        #expect(Window().isMultipleTouchEnabled == true)
    }

    @Test func twoFingersInOneFrameOnlyTheFirstReachesTheView() {
        let (rig, view) = rig()
        rig.send(at: 0, down(3, 10, 10), down(1, 50, 50))
        #expect(rig.takeLog() == ["withheld 1 single multipleTouchDisabled", "single touchesBegan 3@(10,10)"])
        rig.send(at: 0.016, move(3, 12, 10), move(1, 52, 50))
        rig.send(at: 0.032, up(3, 12, 10))
        rig.send(at: 0.048, up(1, 52, 50))
        #expect(rig.takeLog() == ["single touchesMoved 3@(12,10)", "single touchesEnded 3@(12,10)"])
        #expect(view.calls.map(\.method) == ["began", "moved", "ended"])
        #expect(view.calls.map(\.touches) == [[3], [3], [3]])
        // The withheld finger stays in the event: not re-routed, not forgotten.
        #expect(view.calls.map(\.all) == [[1, 3], [1, 3], [1, 3]])
    }

    @Test func secondFingerInALaterFrameIsWithheldForItsWholeLife() {
        let (rig, view) = rig()
        rig.send(at: 0, down(0, 10, 10))
        rig.send(at: 0.016, down(1, 100, 100))
        rig.send(at: 0.032, up(0, 10, 10))
        rig.send(at: 0.048, move(1, 110, 100))   // first finger gone: still withheld
        rig.send(at: 0.064, down(2, 20, 20))     // a new finger after the first lifted: delivered
        #expect(rig.takeLog() == [
            "single touchesBegan 0@(10,10)", "withheld 1 single multipleTouchDisabled",
            "single touchesEnded 0@(10,10)", "single touchesBegan 2@(20,20)",
        ])
        #expect(view.calls.map(\.touches) == [[0], [0], [2]])
        #expect(view.calls.map(\.all) == [[0], [0, 1], [1, 2]])
    }

    @Test func enablingMultipleTouchDeliversBothFingersInOneCall() {
        let (rig, view) = rig()
        view.isMultipleTouchEnabled = true
        rig.send(at: 0, down(3, 10, 10), down(1, 50, 50))
        #expect(rig.takeLog() == ["single touchesBegan 1@(50,50) 3@(10,10)"])
        #expect(view.calls.map(\.touches) == [[1, 3]])
    }
}
