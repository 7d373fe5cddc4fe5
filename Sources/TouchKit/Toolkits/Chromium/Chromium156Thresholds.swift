// MARK: - Chromium 156's touch gesture thresholds on Linux (Aura, Ozone/Wayland)

/// The values Chromium's gesture detector uses for touch on Linux, each with the constant it comes from.
///
/// Sources are Chromium's `ui/events/gesture_detection/` files: `gesture_configuration.cc` (the defaults),
/// `gesture_configuration_aura.cc` (what Linux desktop changes: nothing of these), `gesture_detector.cc`
/// (how they are applied) and `gesture_provider_config_helper.cc` (which value feeds which detector field).
/// Where a run of the real Chromium 156.0.8078.108 under weston decided, the note says so.
public enum Chromium156Thresholds {
    /// Movement within which a touch still taps: per finger, Euclidean, from where that finger went down.
    ///
    /// The configured slop is 15 px (+0.05), but the detector quadruples its square when the touch
    /// reports no contact size, and wl_touch has none unless the compositor sends `shape`: 30 px.
    public static let tapSlop = Threshold(
        30.1, .points,
        source: "gesture_configuration.cc max_touch_move_in_pixels_for_click_ (15) + kSlopEpsilon (0.05), "
            + "× 2 by gesture_detector.cc kExpandSlopFactorForZeroTouchMajor (4, on the square)",
        note: "measured: a 20 px move still clicks, a 35 px move does not")

    /// Movement of the first tap beyond which it can no longer start a series (unexpanded slop).
    public static let seriesSlop = Threshold(
        15.05, .points,
        source: "gesture_detector.cc double_tap_touch_slop_square_ (touch_slop + kSlopEpsilon, not expanded)",
        note: "applied to the focus (mean of the fingers down), from where it was at the last finger change")

    /// Longest time from a tap's last up to the next down for the taps to count together.
    public static let repeatInterval = Threshold(
        400, .milliseconds,
        source: "gesture_configuration.cc double_tap_timeout_in_ms_; gesture_detector.cc IsRepeatedTap (up to down)",
        note: "measured from the previous up, not from the previous down")

    /// Largest distance between two taps' downs for them to count together (Euclidean, strictly less).
    public static let repeatDistance = Threshold(
        20.05, .points,
        source: "gesture_configuration.cc max_distance_between_taps_for_double_tap_ (20) + kSlopEpsilon")

    /// Taps counted in one series before the count starts again at 1 (click.detail 1, 2, 3, 1, …).
    public static let maxTapCount = 3

    /// Time a single finger must stay down, within the slop, for a long press (contextmenu).
    ///
    /// The detector starts the long-press timer at the long-press time plus the show-press delay.
    public static let longPress = Threshold(
        650, .milliseconds,
        source: "gesture_configuration.cc long_press_time_in_ms_ (500) + show_press_delay_in_ms_ (150); "
            + "gesture_detector.cc timeout_delays_[LONG_PRESS]",
        note: "measured: a 560 ms hold clicks, a 700 ms hold fires contextmenu at the down's time stamp")

    /// Largest distance between the two fingers' downs for a two-finger tap (contextmenu).
    public static let twoFingerTapSeparation = Threshold(
        300, .points,
        source: "gesture_configuration.cc max_distance_for_two_finger_tap_in_pixels_; gesture_configuration_aura.cc "
            + "set_two_finger_tap_enabled(true)")

    /// Longest time from the second finger's down to the first up for a two-finger tap.
    public static let twoFingerTapDuration = Threshold(
        800, .milliseconds,
        source: "gesture_configuration.cc max_touch_down_duration_for_click_in_ms_ "
            + "(gesture_provider_config_helper.cc two_finger_tap_timeout)")

    /// Every threshold in table order, with its name (for documentation and the report).
    public static var all: [(name: String, threshold: Threshold)] {
        [("tapSlop", tapSlop), ("seriesSlop", seriesSlop), ("repeatInterval", repeatInterval),
         ("repeatDistance", repeatDistance), ("longPress", longPress),
         ("twoFingerTapSeparation", twoFingerTapSeparation), ("twoFingerTapDuration", twoFingerTapDuration)]
    }
}
