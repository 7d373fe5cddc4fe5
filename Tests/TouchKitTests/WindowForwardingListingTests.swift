import Testing
import TouchKit

/// Who saw what, in order, across helpers and views.
private final class Journal {
    var lines: [String] = []
}

/// A helper responder (listing 3-8's transform gesture) observing the touches of one view.
private final class HelperResponder: Responder {
    let observed: View
    let journal: Journal
    init(observing view: View, journal: Journal, name: String) {
        observed = view
        self.journal = journal
        super.init(name: name)
    }
    private func note(_ phase: String, _ touches: Set<Touch>) {
        journal.lines.append("\(name) \(phase) \(touches.map(\.id).sorted())")
    }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event) { note("began", touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) { note("moved", touches) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) { note("ended", touches) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { note("cancelled", touches) }
}

/// Seed listing 3-8: a window whose sendEvent sorts each helper's touches by phase,
/// calls the helper, and then calls super so views still get the event.
private final class ForwardingWindow: Window {
    var helpers: [HelperResponder] = []
    override func sendEvent(_ event: Event) {
        for helper in helpers {
            let touches = event.allTouches.filter { $0.view === helper.observed }
            var byPhase: [TouchPhase: Set<Touch>] = [:]
            for touch in touches { byPhase[touch.phase, default: []].insert(touch) }
            if let began = byPhase[.began] { helper.touchesBegan(began, with: event) }
            if let moved = byPhase[.moved] { helper.touchesMoved(moved, with: event) }
            if let ended = byPhase[.ended] { helper.touchesEnded(ended, with: event) }
            if let cancelled = byPhase[.cancelled] { helper.touchesCancelled(cancelled, with: event) }
        }
        super.sendEvent(event)
    }
}

private final class JournalView: View {
    var journal: Journal?
    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        journal?.lines.append("\(name) began \(touches.map(\.id).sorted())")
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        journal?.lines.append("\(name) ended \(touches.map(\.id).sorted())")
    }
}

@Suite struct WindowForwardingListingTests {
    @Test func helpersSeeTheirViewsTouchesBeforeTheViews() {
        let journal = Journal()
        let window = ForwardingWindow(frame: rect(0, 0, 320, 480), name: "window")
        let rig = Rig(window: window)
        let left = JournalView(frame: rect(0, 0, 100, 100), name: "left")
        let right = JournalView(frame: rect(200, 0, 100, 100), name: "right")
        left.journal = journal
        right.journal = journal
        left.isMultipleTouchEnabled = true
        window.addSubview(left)
        window.addSubview(right)
        window.helpers = [HelperResponder(observing: left, journal: journal, name: "leftHelper")]

        rig.send(at: 0, down(0, 10, 10), down(1, 250, 10))
        rig.send(at: 0.016, down(2, 20, 20), move(0, 12, 10))
        rig.send(at: 0.032, up(0, 12, 10), up(1, 250, 10), up(2, 20, 20))
        #expect(journal.lines == [
            "leftHelper began [0]", "left began [0]", "right began [1]",
            "leftHelper began [2]", "leftHelper moved [0]", "left began [2]",
            "leftHelper ended [0, 2]", "left ended [0, 2]", "right ended [1]",
        ])
        // Direct helper calls are the window's business: only calls TouchKit made are logged.
        #expect(rig.takeLog().allSatisfy { !$0.hasPrefix("leftHelper") })
    }
}
