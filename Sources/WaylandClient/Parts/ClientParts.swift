// MARK: - What the client adds to its window for multi-surface tests

/// What a touch on the trigger button does, with the serial of its down (`run --on-touch`).
public enum TouchAction: String, CaseIterable, Sendable {
    /// Opens an xdg_popup below-right of the button, grabbed with the down's serial.
    case popup
    /// Starts a wl_data_device drag (a wl_data_source offering text) from the main window.
    case drag
    /// xdg_toplevel.move.
    case move
    /// xdg_toplevel.resize from the bottom-right corner.
    case resize
    /// A down on the subsurface destroys it while the finger is still down (needs `subsurface`).
    case destroySubsurface = "destroy-subsurface"
    /// A down on the second window destroys it while the finger is still down (needs `secondWindow`).
    case destroyWindow = "destroy-window"
    /// A down on the layer surface opens an xdg_popup whose parent it is (zwlr_layer_surface_v1.get_popup),
    /// grabbed with the down's serial (needs `layerSurface`).
    case layerPopup = "layer-popup"
    /// xdg_toplevel.set_maximized while the finger is still down (the script then moves and lifts it).
    case maximize
    /// xdg_toplevel.set_fullscreen while the finger is still down.
    case fullscreen
}

/// The extra surfaces and the touch action of a client that takes part in multi-surface tests.
///
/// The trigger button is ``button`` in the main window's surface (logical px): a real touch down
/// there runs the action with that down's serial (popup, drag, move, resize); the destroy
/// actions trigger on a down on the surface they destroy, and the layer popup on a down on the
/// layer surface. Each runs once per down.
public struct ClientParts: Sendable {
    /// The trigger button: x, y, width, height in the main surface, logical px.
    public static let button = (x: 0, y: 0, width: 160, height: 160)
    /// The second window's size when the compositor leaves it to the client.
    public static let secondWindowDefaultSize = LogicalSize(width: 320, height: 240)

    /// A second toplevel of this size (a child of the main window), or none.
    public var secondWindow: LogicalSize?
    /// A subsurface with an input region of its own on the main window.
    public var subsurface: Bool
    /// What a touch on the trigger does.
    public var action: TouchAction?
    /// A zwlr_layer_shell_v1 surface beside the window, or none (the on-screen keyboard's, with it).
    public var layerSurface: LayerSurfaceOptions?
    /// An ext_session_lock_v1 lock of the session, with a lock surface per output, or none.
    public var sessionLock: SessionLockOptions?
    /// A zwp_text_input_v3 enabled while one of our surfaces has text input focus (`run --text-input`).
    public var textInput: Bool
    /// The on-screen keyboard stand-in: a row of keys on a layer surface (`run --osk`).
    public var onScreenKeyboard: Bool

    /// Creates the parts; nothing extra by default. The on-screen keyboard brings its own layer
    /// surface, so it cannot be combined with another.
    public init(secondWindow: LogicalSize? = nil, subsurface: Bool = false, action: TouchAction? = nil,
                layerSurface: LayerSurfaceOptions? = nil, sessionLock: SessionLockOptions? = nil,
                textInput: Bool = false, onScreenKeyboard: Bool = false) {
        self.sessionLock = sessionLock
        self.secondWindow = secondWindow
        self.subsurface = subsurface
        self.action = action
        self.layerSurface = onScreenKeyboard ? OnScreenKeyboard.layerOptions : layerSurface
        self.textInput = textInput
        self.onScreenKeyboard = onScreenKeyboard
    }

    /// Whether (x, y), surface-local logical px, is on the trigger button.
    static func isOnButton(x: Double, y: Double) -> Bool {
        x >= Double(button.x) && x < Double(button.x + button.width)
            && y >= Double(button.y) && y < Double(button.y + button.height)
    }
}
