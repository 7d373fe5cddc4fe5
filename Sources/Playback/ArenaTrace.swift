import TouchKit
import TouchStream

/// The `--trace-arena` output: one line per recognizer transition on standard error.
public enum ArenaTrace {
    /// Writes `step`'s one-line summary to standard error.
    public static func print(_ step: RecognizerTransition) {
        StandardError.write("arena: " + step.summary + "\n")
    }

    /// Writes every transition of a finished log, in order.
    public static func print(_ entries: [DeliveryEntry]) {
        for case .transition(let step) in entries { print(step) }
    }
}
