// MARK: - The text field (`run --text-input`)

extension WaylandApp {
    /// Refuses, before anything is mapped, a text field this compositor cannot serve: no
    /// zwp_text_input_manager_v3 global (`not supported by weston: no zwp_text_input_manager_v3 global`).
    func requireTextInput() throws {
        guard parts.options.textInput, registry.textInputManager == nil else { return }
        throw WaylandError.unsupported(compositor: compositorName, reason: "no zwp_text_input_manager_v3 global")
    }

    /// Gets the text input of the first seat (once, with the other parts).
    func makeTextInput() {
        guard parts.options.textInput, let manager = registry.textInputManager, let seat = registry.seats.first else { return }
        parts.textInput = TextInput(manager: manager, seat: seat.proxy, sink: self)
    }
}
