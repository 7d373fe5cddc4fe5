// MARK: - Key presses as the caller sees them

/// Modifier keys active when a key was pressed.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    /// Wraps modifier bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let control = KeyModifiers(rawValue: 1 << 1)
    /// Alt (xkb Mod1).
    public static let alt = KeyModifiers(rawValue: 1 << 2)
    /// The Super/Windows key (xkb Mod4).
    public static let logo = KeyModifiers(rawValue: 1 << 3)
}

/// One key press, translated through the compositor's keymap; shortcuts are the caller's policy.
public struct KeyPress: Hashable, Sendable {
    /// The evdev key code wl_keyboard.key carried.
    public var keycode: UInt32
    /// The xkb keysym (e.g. 0x71 for q, 0xff1b for Escape).
    public var keysym: UInt32
    /// The keysym's xkb name, e.g. "q", "Q", "Escape".
    public var name: String
    /// The UTF-8 text the key produces with the current modifiers ("" for none).
    public var text: String
    /// The modifiers in effect for this press.
    public var modifiers: KeyModifiers
    /// wl_keyboard.key time (ms).
    public var time: UInt32

    /// Creates a key press.
    public init(keycode: UInt32, keysym: UInt32, name: String, text: String, modifiers: KeyModifiers, time: UInt32) {
        self.keycode = keycode
        self.keysym = keysym
        self.name = name
        self.text = text
        self.modifiers = modifiers
        self.time = time
    }
}
