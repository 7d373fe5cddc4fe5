import TouchKit

// MARK: - Recognizer rig helpers

extension Rig {
    /// Attaches `recognizer` to `view` and counts its action calls, with the state at each call.
    @discardableResult
    func attach<R: GestureRecognizer>(_ recognizer: R, to view: View) -> ActionLog {
        let actions = ActionLog()
        view.addGestureRecognizer(recognizer)
        recognizer.addTarget { actions.states.append($0.state) }
        return actions
    }

    /// Moves virtual time to `t`, firing due timers (no input).
    func wait(until t: Double) {
        clock.advance(to: t)
    }
}

/// The states a recognizer's action saw, in order.
final class ActionLog {
    var states: [GestureRecognizerState] = []
}

/// The compact log lines of `recognizer`'s transitions ("tap possible→ended REASON").
func transitions(_ lines: [String], of recognizer: String) -> [String] {
    lines.filter { $0.hasPrefix("\(recognizer) ") && $0.contains("→") }
}

/// Only the "from→to" part of `recognizer`'s transitions.
func states(_ lines: [String], of recognizer: String) -> [String] {
    transitions(lines, of: recognizer).map { String($0.split(separator: " ")[1]) }
}

/// The calls `view` itself received (not the forwarded ones), and touches withheld from it.
func viewCalls(_ lines: [String], of view: String) -> [String] {
    lines.filter { ($0.hasPrefix("\(view) touches")) || $0.hasPrefix("withheld ") && $0.contains(" \(view) ") }
}

/// The recognizer transitions recorded so far, as values.
func recordedTransitions(_ recorder: DeliveryRecorder) -> [RecognizerTransition] {
    recorder.entries.compactMap { entry in
        if case .transition(let step) = entry { return step }
        return nil
    }
}
