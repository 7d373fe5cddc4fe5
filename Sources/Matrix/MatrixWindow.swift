import Foundation

// MARK: - The windows a script touches

/// One window a matrix script touches: a client process of its own (our `gesture-sandbox run`)
/// with the arguments that give it the features the script needs.
///
/// A script's steps name their window with `surface=NAME` on a `down` (the motions and the up of
/// that finger follow it); a down without one goes to the script's first window. Points are
/// relative to that window's top-left corner, wherever the compositor put it.
public struct MatrixWindow: Hashable, Sendable {
    /// The name steps use (`surface=NAME`), and the suffix of the window's files in a run folder.
    public var name: String
    /// Extra arguments for its client (`gesture-sandbox run … ARGUMENTS`).
    public var arguments: [String]
    /// Whether the window is our X11 window (`gesture-sandbox x11-client`) under the compositor's
    /// Xwayland instead of our Wayland client: the cell then compares what the X11 window got with
    /// the wl_touch stream of the same touches (``X11TouchComparison``).
    public var x11: Bool

    /// Creates a window description.
    public init(name: String, arguments: [String] = [], x11: Bool = false) {
        self.name = name
        self.arguments = arguments
        self.x11 = x11
    }

    /// The client arguments that change where the compositor puts the window or how big it is
    /// (`--window-size`, and a layer surface's options: its exclusive zone moves windows): windows
    /// that differ only in other features are found once.
    var placementArguments: [String] {
        var result: [String] = []
        for (index, argument) in arguments.enumerated().dropLast()
        where argument == "--window-size" || argument.hasPrefix("--layer-") {
            result += [argument, arguments[index + 1]]
        }
        return result
    }

    /// What decides where a set of windows lands: their names and placement arguments.
    static func layoutKey(_ windows: [MatrixWindow]) -> [[String]] {
        windows.map { [$0.name] + $0.placementArguments }
    }

    /// The one window of a single-window script.
    public static let main = MatrixWindow(name: "a")
    /// A second client process beside the first.
    public static let second = MatrixWindow(name: "b")
    /// The one window of an `x11-…` script: our X11 window under the compositor's Xwayland.
    public static let x11 = MatrixWindow(name: "a", x11: true)

    /// The run folder's subfolder holding this window's files: none for the first window (its files
    /// are the run folder's own, as in a single-window run), `window-NAME` for the others.
    static func subfolder(index: Int, name: String) -> String? {
        index == 0 ? nil : "window-\(name)"
    }
}

/// What a script's windows must show besides the touch stream, checked on their surface records
/// (trace version 2, 3 for layer surfaces, keys and text input): the matrix observations M8, M9
/// and M11–M14.
public enum MatrixExpectation: Hashable, Sendable {
    /// The popup `window` opened by touch is dismissed (xdg_popup.popup_done) once another client
    /// is touched: an explicit grab "will be dismissed when the user dismisses the popup ... by the
    /// user clicking outside the surface".
    case popupDismissed(window: String)
    /// The drag started by touch is dropped on `window` (wl_data_device.drop there).
    case dropOn(window: String)
    /// The layer surface of `window`, whose keyboard interactivity is none, never gets keyboard
    /// focus: zwlr_layer_surface_v1 "none: This value indicates that this surface is not
    /// interested in keyboard events and the compositor should never assign it the keyboard focus".
    case layerWithoutFocus(window: String)
    /// The text field `window` keeps keyboard and text input focus from its first real touch to
    /// the last text that reaches it: a tap on an on-screen keyboard (a layer surface that wants
    /// no keyboard) must not take it.
    case fieldKeepsFocus(window: String)
    /// A key typed on the on-screen keyboard reaches the text field `window`: a commit_string
    /// through the input method, or a wl_keyboard key from a virtual keyboard.
    case typedInto(window: String)
    /// A key held on the on-screen keyboard repeats in the text field `window`: committed more
    /// than once, or a wl_keyboard key held at least ``MatrixObservation/repeatDelay`` (the client
    /// repeats a held key itself).
    case keyRepeated(window: String)
}

/// How the output of a compositor is set up for a script: the single-window scripts run again on
/// a scaled and on a rotated output (`tap@scale2`, `drag@rotated`), the layer and popup scripts on
/// the second of two outputs (`layer-tap@output2`).
public struct MatrixOutputSetup: Hashable, Sendable, CustomStringConvertible {
    /// The output's scale: 2, or fractional (1.25, 1.5) where a driver can set one.
    public var scale: Double
    /// Clockwise rotation in degrees: 0, 90, 180 or 270.
    public var rotation: Int
    /// A second output right of the first (its origin at the first's width, 0), where the script's
    /// touches and windows go: the matrix adds its origin to points on the output.
    public var secondOutput: Bool
    /// The compositor's seat has touch and a keyboard and no pointer (a touchscreen kiosk's).
    public var touchOnlySeat: Bool

    /// Creates a setup.
    public init(scale: Double = 1, rotation: Int = 0, secondOutput: Bool = false, touchOnlySeat: Bool = false) {
        self.scale = scale
        self.rotation = rotation
        self.secondOutput = secondOutput
        self.touchOnlySeat = touchOnlySeat
    }

    /// The output every other script runs on.
    public static let plain = MatrixOutputSetup()

    public var description: String {
        var parts: [String] = []
        if scale != 1 { parts.append("scale \(scale == scale.rounded() ? String(Int(scale)) : String(scale))") }
        if rotation != 0 { parts.append("rotated \(rotation)°") }
        if secondOutput { parts.append("the second of two, right of the first") }
        if touchOnlySeat { parts.append("touch-only seat") }
        return parts.isEmpty ? "plain" : parts.joined(separator: ", ")
    }
}
