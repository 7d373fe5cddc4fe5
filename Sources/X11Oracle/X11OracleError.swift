/// Why the X11 oracle cannot run; each description is the one line a user sees.
public enum X11OracleError: Error, CustomStringConvertible, Equatable {
    case noDisplay
    case cannotConnect(display: String, code: Int32)
    case noXInput22(display: String)
    case request(String)

    public var description: String {
        switch self {
        case .noDisplay:
            "no X display: DISPLAY is not set (start a compositor with Xwayland; Debian package: xwayland)"
        case .cannotConnect(let display, let code):
            "cannot connect to X display \(display) (xcb error \(code)); is Xwayland running? (Debian package: xwayland)"
        case .noXInput22(let display):
            "X display \(display) has no XInput 2.2 (touch events need it)"
        case .request(let what):
            "X request failed: \(what)"
        }
    }
}
