import Testing
import TouchKit

@Suite struct ProfileOutcomeTests {
    /// One trace, a tap whose finger drifts 12 points, run under `profile`; returns the tap's transitions.
    private func driftingTap(_ profile: ThresholdProfile) -> (actions: [GestureRecognizerState], log: [String]) {
        let rig = Rig(profile: profile)
        let view = rig.addView("V", rect(0, 0, 300, 300))
        let actions = rig.attach(TapGestureRecognizer(name: "tap"), to: view)
        rig.send(at: 1.0, down(0, 100, 100))
        rig.send(at: 1.04, move(0, 106, 100))
        rig.send(at: 1.08, move(0, 112, 100))
        rig.send(at: 1.12, up(0, 112, 100))
        return (actions.states, transitions(rig.takeLog(), of: "tap"))
    }

    @Test func twelvePointsIsATapUnderFlutterAndAFailedTapUnderGTK() {
        let flutter = driftingTap(.flutter)   // kTouchSlop 18
        #expect(flutter.actions == [.ended])
        #expect(flutter.log.first == "tap possible→ended recognized: 1 tap(s) of 1 finger(s)")
        let gtk = driftingTap(.gtk)           // gtk-dnd-drag-threshold 8
        #expect(gtk.actions.isEmpty)
        #expect(gtk.log.first == "tap possible→failed slop exceeded: moved 12 > 8")
    }

    @Test func everyProfileAgreesWithItsOwnSlop() {
        for profile in ThresholdProfile.all {
            let outcome = driftingTap(profile)
            #expect(outcome.actions == (profile.slop.value >= 12 ? [.ended] : []), "\(profile.name)")
        }
    }
}
