import Testing
import TouchKit

@Suite struct CancelsTouchesInViewTests {
    private func drag(_ rig: Rig) {
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.02, move(0, 55, 50))
        rig.send(at: 1.04, move(0, 70, 50))
        rig.send(at: 1.06, move(0, 90, 50))
        rig.send(at: 1.08, up(0, 90, 50))
    }

    @Test func onRecognitionTheViewsTouchIsCancelledAndNothingMoreArrives() {
        let rig = Rig()
        let view = rig.addView("V", rect(0, 0, 300, 300))
        let actions = rig.attach(PanGestureRecognizer(name: "pan"), to: view)
        drag(rig)
        #expect(viewCalls(rig.takeLog(), of: "V") == [
            "V touchesBegan 0@(50,50)", "V touchesMoved 0@(55,50)", "V touchesCancelled 0@(70,50)",
        ])
        #expect(actions.states == [.began, .changed, .ended])
    }

    @Test func theCancelCallShowsTheTouchAsCancelledInTheJSONLog() {
        let rig = Rig()
        let view = rig.addView("V", rect(0, 0, 300, 300))
        rig.attach(PanGestureRecognizer(name: "pan"), to: view)
        drag(rig)
        let line = rig.recorder.entries.map(\.jsonLine).first { $0.contains(#""method":"touchesCancelled""#) }
        #expect(line == #"{"kind":"call","t":1.04,"responder":"V","method":"touchesCancelled","touches":[{"id":0,"phase":"cancelled","x":70,"y":50,"tapCount":1}]}"#)
    }

    @Test func withoutCancellingTheViewSeesTheWholeDrag() {
        let rig = Rig()
        let view = rig.addView("V", rect(0, 0, 300, 300))
        let pan = PanGestureRecognizer(name: "pan")
        pan.cancelsTouchesInView = false
        let actions = rig.attach(pan, to: view)
        drag(rig)
        #expect(viewCalls(rig.takeLog(), of: "V") == [
            "V touchesBegan 0@(50,50)", "V touchesMoved 0@(55,50)", "V touchesMoved 0@(70,50)",
            "V touchesMoved 0@(90,50)", "V touchesEnded 0@(90,50)",
        ])
        #expect(actions.states == [.began, .changed, .ended])
    }

    @Test func aFailedRecognizerLeavesTheViewItsTouches() {
        let rig = Rig()
        let view = rig.addView("V", rect(0, 0, 300, 300))
        rig.attach(TapGestureRecognizer(name: "tap"), to: view)
        drag(rig)   // far beyond the slop: the tap fails at the second move
        #expect(viewCalls(rig.takeLog(), of: "V") == [
            "V touchesBegan 0@(50,50)", "V touchesMoved 0@(55,50)", "V touchesMoved 0@(70,50)",
            "V touchesMoved 0@(90,50)", "V touchesEnded 0@(90,50)",
        ])
    }

    @Test func aFingerJoiningAGestureUnderWayIsWithheldFromItsView() {
        let rig = Rig()
        let view = rig.addView("V", rect(0, 0, 300, 300))
        view.isMultipleTouchEnabled = true
        rig.attach(PanGestureRecognizer(name: "pan"), to: view)
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.02, move(0, 80, 50))
        rig.send(at: 1.04, down(1, 120, 120))
        rig.send(at: 1.06, move(0, 90, 50), move(1, 130, 120))
        #expect(viewCalls(rig.takeLog(), of: "V") == [
            "V touchesBegan 0@(50,50)", "V touchesCancelled 0@(80,50)", "withheld 1 V cancelledInView",
        ])
    }

    @Test func aRecognitionLeavesTouchesOfOtherViewsAlone() {
        let rig = Rig()
        let panned = rig.addView("P", rect(0, 0, 150, 300))
        rig.addView("Q", rect(150, 0, 150, 300))
        rig.attach(PanGestureRecognizer(name: "pan"), to: panned)
        rig.send(at: 1.0, down(0, 50, 50), down(1, 200, 50))
        rig.send(at: 1.05, move(0, 90, 50), move(1, 240, 50))
        rig.send(at: 1.1, up(0, 90, 50), up(1, 240, 50))
        let log = rig.takeLog()
        #expect(viewCalls(log, of: "P") == ["P touchesBegan 0@(50,50)", "P touchesCancelled 0@(90,50)"])
        #expect(viewCalls(log, of: "Q") == [
            "Q touchesBegan 1@(50,50)", "Q touchesMoved 1@(90,50)", "Q touchesEnded 1@(90,50)",
        ])
    }
}
