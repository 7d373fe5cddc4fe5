// MARK: - The values SDL 2.26's touch events depend on, with where each comes from

/// The hints and constants SDL 2.26 reads when it turns wl_touch events into its own; the SDL 2 oracle pins
/// every hint to these values (SDL's defaults on Linux).
public struct SDL226Settings: Hashable, Sendable {
    /// A press counts with the previous one only if it comes less than this after it (press to press).
    public var doubleClickTime: Threshold
    /// A press counts with the previous one only if it is at most this far from it, per axis, in integer px.
    public var doubleClickRadius: Threshold
    /// The window's size in logical px: SDL divides wl_touch positions by it (the oracle's window fills the
    /// private weston's 1280×720 output).
    public var windowWidth: Int
    public var windowHeight: Int

    /// Creates a settings set.
    public init(doubleClickTime: Threshold, doubleClickRadius: Threshold, windowWidth: Int, windowHeight: Int) {
        self.doubleClickTime = doubleClickTime
        self.doubleClickRadius = doubleClickRadius
        self.windowWidth = windowWidth
        self.windowHeight = windowHeight
    }

    /// SDL 2.26.5's defaults, as the oracle pins them, in the oracle's 1280×720 window.
    public static let defaults = SDL226Settings(
        doubleClickTime: Threshold(500, .milliseconds,
                                   source: "SDL_HINT_MOUSE_DOUBLE_CLICK_TIME; src/events/SDL_mouse.c:SDL_MouseDoubleClickTimeChanged "
                                       + "(500 when unset, not Windows or OS/2), used in SDL_PrivateSendMouseButton",
                                   note: "press to press on SDL_GetTicks() when the press is queued (the model uses the wl_touch "
                                       + "times); the series ends when now ≥ last press + 500 (SDL_TICKS_PASSED)"),
        doubleClickRadius: Threshold(32, .points,
                                     source: "SDL_HINT_MOUSE_DOUBLE_CLICK_RADIUS; src/events/SDL_mouse.c:"
                                         + "SDL_MouseDoubleClickRadiusChanged (32 when unset), used in SDL_PrivateSendMouseButton",
                                     note: "per axis on the integer mouse position: the series ends when |dx| > 32 or |dy| > 32 "
                                         + "from the previous press"),
        windowWidth: 1280, windowHeight: 720)

    /// The thresholds in table order, with their names.
    public var thresholds: [(name: String, threshold: Threshold)] {
        [("doubleClickTime", doubleClickTime), ("doubleClickRadius", doubleClickRadius)]
    }
}
