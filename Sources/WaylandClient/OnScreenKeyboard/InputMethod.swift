import CWayland
import CWaylandProtocols
import TouchStream
import WaylandPlumbing

// MARK: - zwp_input_method_v2

/// The on-screen keyboard's input method: the way it types into the focused text input when the
/// compositor offers one and a text input has asked for it.
///
/// activate and deactivate are double-buffered: ``isActive`` changes only at the `done` after them.
/// Each of those events is a record; so is every string typed (`osk-commit-string`, "what our
/// client did"), sent as commit_string and commit with the number of `done` events seen, as the
/// protocol asks.
final class InputMethod {
    /// The proxy.
    let proxy: OpaquePointer
    private unowned let sink: InputSink
    /// The surface records name (the on-screen keyboard's), so two clients' records stay apart.
    private let surface: () -> String?
    /// Whether a text input is served now (applied at `done`).
    private(set) var isActive = false
    /// What the next `done` applies: true after activate, false after deactivate, nil: unchanged.
    private var pendingActive: Bool?
    /// The `done` events so far, the serial every commit carries.
    private var doneCount: UInt32 = 0
    /// Set at `unavailable`: another input method holds the seat, and this one is inert.
    private(set) var isUnavailable = false

    /// Asks `manager` to make this client the input method of `seat`.
    init(manager: InputMethodManager, seat: OpaquePointer, sink: InputSink, surface: @escaping () -> String?) {
        proxy = manager.inputMethod(for: seat)
        self.sink = sink
        self.surface = surface
        zwp_input_method_v2_add_listener(proxy, Self.listener, userData(self))
    }

    /// Destroys the input method.
    func destroy() { zwp_input_method_v2_destroy(proxy) }

    /// Types `text` into the text input it serves (callers check ``isActive``).
    func type(_ text: String) {
        zwp_input_method_v2_commit_string(proxy, text)
        zwp_input_method_v2_commit(proxy, doneCount)
        record(.oskCommitString, text: text)
    }

    private func record(_ kind: SurfaceEventKind, text: String? = nil) {
        sink.deliver(RawRecord(.surface(SurfaceEvent(kind, surface: surface(), text: text))))
    }

    private func done() {
        doneCount &+= 1
        if let pendingActive { isActive = pendingActive && !isUnavailable }
        pendingActive = nil
        record(.inputMethodDone)
    }

    // MARK: - Listener

    // The event loop is single-threaded: libwayland calls these only from dispatch on its thread.
    nonisolated(unsafe) private static let listener = makeListener(zwp_input_method_v2_listener(
        activate: { data, _ in
            let method = owner(data, as: InputMethod.self)
            method.pendingActive = true
            method.record(.inputMethodActivate)
        },
        deactivate: { data, _ in
            let method = owner(data, as: InputMethod.self)
            method.pendingActive = false
            method.record(.inputMethodDeactivate)
        },
        // The surrounding text, its cause and the content type only shape what a real keyboard
        // offers (word suggestions, a digit layout); the stand-in's keys are fixed.
        surrounding_text: { _, _, _, _, _ in },
        text_change_cause: { _, _, _ in },
        content_type: { _, _, _, _ in },
        done: { data, _ in owner(data, as: InputMethod.self).done() },
        unavailable: { data, _ in
            let method = owner(data, as: InputMethod.self)
            method.isUnavailable = true
            method.isActive = false
            method.record(.inputMethodUnavailable)
        }))
}
