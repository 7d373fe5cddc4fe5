import CWayland
import CWaylandProtocols
import TouchStream
import WaylandPlumbing

// MARK: - zwp_text_input_v3

/// The text field of `run --text-input`: a zwp_text_input_v3 enabled whenever the compositor says
/// one of our surfaces has text input focus, the way a toolkit's focused text field does.
///
/// On `enter` it sends enable, set_content_type (no hint, normal purpose), set_cursor_rectangle
/// and commit; on `leave` disable and commit. Each event, and each of those batches ("what our
/// client did"), is a record in arrival order, so a trace shows whether an on-screen keyboard's
/// tap took the field's focus and whether its text arrived.
final class TextInput {
    /// The caret the field reports: 1 logical px wide, one line high, at the trigger button's
    /// bottom-left corner (surface-local), where an input method would place a candidate popup.
    static let cursorRectangle = (x: Int32(0), y: Int32(ClientParts.button.height), width: Int32(1), height: Int32(20))

    /// The proxy.
    let proxy: OpaquePointer
    private unowned let sink: InputSink
    /// Our commits so far: zwp_text_input_v3.done carries the count the compositor has seen.
    private var commits: UInt32 = 0
    /// The surface it is enabled for, nil while disabled.
    private var enabledSurface: String?

    /// Gets the text input of `seat` from `manager`.
    init(manager: TextInputManager, seat: OpaquePointer, sink: InputSink) {
        proxy = manager.textInput(for: seat)
        self.sink = sink
        zwp_text_input_v3_add_listener(proxy, Self.listener, userData(self))
    }

    /// Destroys the text input.
    func destroy() { zwp_text_input_v3_destroy(proxy) }

    private func record(_ event: SurfaceEvent) { sink.deliver(RawRecord(.surface(event))) }

    private func entered(_ surface: OpaquePointer?) {
        let name = proxyName(surface)
        record(SurfaceEvent(.textInputEnter, surface: name))
        zwp_text_input_v3_enable(proxy)
        zwp_text_input_v3_set_content_type(proxy, ZWP_TEXT_INPUT_V3_CONTENT_HINT_NONE.rawValue,
                                           ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_NORMAL.rawValue)
        let caret = Self.cursorRectangle
        zwp_text_input_v3_set_cursor_rectangle(proxy, caret.x, caret.y, caret.width, caret.height)
        commit()
        enabledSurface = name
        record(SurfaceEvent(.textInputEnable, surface: name))
    }

    private func left(_ surface: OpaquePointer?) {
        let name = proxyName(surface)
        record(SurfaceEvent(.textInputLeave, surface: name))
        // The protocol leaves the text input enabled across leave; a field that lost focus disables it.
        guard enabledSurface != nil else { return }
        zwp_text_input_v3_disable(proxy)
        commit()
        enabledSurface = nil
        record(SurfaceEvent(.textInputDisable, surface: name))
    }

    private func commit() {
        zwp_text_input_v3_commit(proxy)
        commits &+= 1
    }

    // MARK: - Listener

    // The event loop is single-threaded: libwayland calls these only from dispatch on its thread.
    nonisolated(unsafe) private static let listener = makeListener(zwp_text_input_v3_listener(
        enter: { data, _, surface in owner(data, as: TextInput.self).entered(surface) },
        leave: { data, _, surface in owner(data, as: TextInput.self).left(surface) },
        preedit_string: { data, _, text, _, _ in
            let input = owner(data, as: TextInput.self)
            input.record(SurfaceEvent(.preeditString, surface: input.enabledSurface, text: swiftString(text)))
        },
        commit_string: { data, _, text in
            let input = owner(data, as: TextInput.self)
            input.record(SurfaceEvent(.commitString, surface: input.enabledSurface, text: swiftString(text)))
        },
        delete_surrounding_text: { data, _, before, after in
            let input = owner(data, as: TextInput.self)
            input.record(SurfaceEvent(.deleteSurroundingText, surface: input.enabledSurface, before: before, after: after))
        },
        done: { data, _, serial in
            let input = owner(data, as: TextInput.self)
            input.record(SurfaceEvent(.textInputDone, surface: input.enabledSurface, serial: serial))
        }))
}
