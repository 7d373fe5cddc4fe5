// MARK: - The mouse SDL 2.26 synthesises from touch

/// SDL_HINT_TOUCH_MOUSE_EVENTS in SDL 2.26.5: the first finger down drives a left-button mouse (which =
/// SDL_TOUCH_MOUSEID) until that same finger lifts; other fingers never move it, and none takes over when it
/// lifts (src/events/SDL_touch.c, finger_touching / track_fingerid). The mouse's position and click series
/// follow src/events/SDL_mouse.c.
struct SDL226TouchMouse {
    private let settings: SDL226Settings
    /// SDL_touch.c: finger_touching and track_fingerid.
    private var tracked: Int32?
    /// SDL_mouse.c: has_position, x, y (clamped) and last_x, last_y (as sent).
    private var position: (x: Int, y: Int)?
    private var last: (x: Int, y: Int) = (0, 0)
    /// The touch mouse's left button (SDL_MouseInputSource.buttonstate).
    private var pressed = false
    /// SDL_MouseClickState of the left button: the previous press's time and position, and the series count.
    private var lastPress: (time: Double, x: Int, y: Int)?
    private var clicks = 0

    init(settings: SDL226Settings) {
        self.settings = settings
    }

    /// SDL_SendTouch's mouse part for a down: motion to the finger, then the press, if no finger is tracked.
    mutating func fingerDown(_ id: Int32, x: Float, y: Float, time: Double) -> [ToolkitGesture] {
        guard tracked == nil else { return [] }
        let (px, py) = position(x, y)
        var out = motion(to: px, py, time: time)
        out += press(time: time)
        tracked = id
        return out
    }

    /// SDL_SendTouchMotion's mouse part: only the tracked finger moves the mouse.
    mutating func fingerMotion(_ id: Int32, x: Float, y: Float, time: Double) -> [ToolkitGesture] {
        guard tracked == id else { return [] }
        let (px, py) = position(x, y)
        return motion(to: px, py, time: time)
    }

    /// SDL_SendTouch's mouse part for an up: the tracked finger releases the button and ends the tracking.
    mutating func fingerUp(_ id: Int32, time: Double) -> [ToolkitGesture] {
        guard tracked == id else { return [] }
        tracked = nil
        return release(time: time)
    }

    /// SDL_touch.c: `(int)(x * (float)window->w)` (float product, truncated), clamped to the window.
    private func position(_ x: Float, _ y: Float) -> (Int, Int) {
        let px = Int(x * Float(settings.windowWidth)), py = Int(y * Float(settings.windowHeight))
        return (min(max(px, 0), settings.windowWidth - 1), min(max(py, 0), settings.windowHeight - 1))
    }

    /// SDL_PrivateSendMouseMotion: the first position is always sent; later, one that changes nothing is dropped.
    private mutating func motion(to x: Int, _ y: Int, time: Double) -> [ToolkitGesture] {
        if position != nil, x == last.x, y == last.y { return [] }
        position = (x, y)
        last = (x, y)
        return [ToolkitGesture(kind: .pointerMotion, time: time, recognizer: "SDL_MOUSEMOTION", x: Double(x), y: Double(y))]
    }

    /// SDL_PrivateSendMouseButton, pressed: the series goes on while presses come less than the double-click
    /// time apart and at most the radius away per axis.
    private mutating func press(time: Double) -> [ToolkitGesture] {
        guard !pressed, let (x, y) = position else { return [] }
        pressed = true
        if let previous = lastPress {
            if time - previous.time >= settings.doubleClickTime.value
                || abs(x - previous.x) > Int(settings.doubleClickRadius.value)
                || abs(y - previous.y) > Int(settings.doubleClickRadius.value) {
                clicks = 0
            }
        } else {
            clicks = 0
        }
        lastPress = (time, x, y)
        clicks = min(clicks + 1, 255)
        return [ToolkitGesture(kind: .pointerDown, time: time, recognizer: "SDL_MOUSEBUTTONDOWN", count: clicks,
                               x: Double(x), y: Double(y))]
    }

    /// SDL_PrivateSendMouseButton, released: the series count of the press it ends.
    private mutating func release(time: Double) -> [ToolkitGesture] {
        guard pressed, let (x, y) = position else { return [] }
        pressed = false
        return [ToolkitGesture(kind: .pointerUp, time: time, recognizer: "SDL_MOUSEBUTTONUP", count: clicks,
                               x: Double(x), y: Double(y))]
    }
}
