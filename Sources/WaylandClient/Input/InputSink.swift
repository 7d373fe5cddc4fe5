import TouchStream

// MARK: - Where input goes

/// Receives what the input objects translate: raw touch records and key presses.
protocol InputSink: AnyObject {
    /// A wl_touch event, or one produced by mouse emulation.
    func deliver(_ record: RawRecord)
    /// A key press with its keysym, text and modifiers.
    func deliver(_ key: KeyPress)
    /// The window centre in surface-local logical pixels (the mirror point of mouse pinches).
    var surfaceCentre: (x: Double, y: Double) { get }
}
