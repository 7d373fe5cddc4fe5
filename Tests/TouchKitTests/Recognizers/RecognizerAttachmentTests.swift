import Testing
import TouchKit

@Suite struct RecognizerAttachmentTests {
    @Test func addingToAnotherViewMovesTheRecognizer() {
        let rig = Rig()
        let a = rig.addView("A", rect(0, 0, 100, 100))
        let b = rig.addView("B", rect(100, 0, 100, 100))
        let tap = TapGestureRecognizer(name: "tap")
        a.addGestureRecognizer(tap)
        b.addGestureRecognizer(tap)
        #expect(a.gestureRecognizers.isEmpty)
        #expect(b.gestureRecognizers.count == 1 && tap.view === b)
        let actions = ActionLog()
        tap.addTarget { actions.states.append($0.state) }
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.1, up(0, 50, 50))
        #expect(actions.states.isEmpty)
        rig.send(at: 2.0, down(0, 150, 50))
        rig.send(at: 2.1, up(0, 150, 50))
        #expect(actions.states == [.ended])
    }

    @Test func aDisabledRecognizerSeesNothing() {
        let rig = Rig()
        let view = rig.addView("V", rect(0, 0, 100, 100))
        let tap = TapGestureRecognizer(name: "tap")
        tap.isEnabled = false
        let actions = rig.attach(tap, to: view)
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.1, up(0, 50, 50))
        let log = rig.takeLog()
        #expect(actions.states.isEmpty)
        #expect(transitions(log, of: "tap").isEmpty)
        #expect(viewCalls(log, of: "V") == ["V touchesBegan 0@(50,50)", "V touchesEnded 0@(50,50)"])
    }

    @Test func disablingMidGestureCancelsAContinuousRecognizer() {
        let rig = Rig()
        let view = rig.addView("V", rect(0, 0, 300, 300))
        let pan = PanGestureRecognizer(name: "pan")
        let actions = rig.attach(pan, to: view)
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.05, move(0, 80, 50))
        pan.isEnabled = false
        rig.send(at: 1.1, move(0, 90, 50))
        rig.send(at: 1.15, up(0, 90, 50))
        #expect(actions.states == [.began, .cancelled])
        #expect(transitions(rig.takeLog(), of: "pan").suffix(2) == [
            "pan began→cancelled disabled mid-gesture", "pan cancelled→possible reset",
        ])
    }

    @Test func removingMidGestureFailsItAndReleasesTheHeldEnd() {
        let rig = Rig()
        let view = rig.addView("V", rect(0, 0, 300, 300))
        let double = TapGestureRecognizer(name: "double")
        double.numberOfTapsRequired = 2
        rig.attach(double, to: view)
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.08, up(0, 50, 50))
        view.removeGestureRecognizer(double)
        #expect(double.state == .possible && double.view == nil)
        let log = rig.takeLog()
        #expect(transitions(log, of: "double") == [
            "double possible→failed removed from its view mid-gesture", "double failed→possible reset",
        ])
        // The held end of the touch reaches the view at once.
        #expect(viewCalls(log, of: "V") == ["V touchesBegan 0@(50,50)", "V touchesEnded 0@(50,50)"])
    }
}
