// MARK: - Firefox 153's touch gesture values on Linux (GTK, Wayland)

/// The values Gecko's APZ gesture listener uses for touch, each with the preference or constant it
/// comes from.
///
/// Sources are Gecko's `gfx/layers/apz/src/GestureEventListener.cpp` (how they are applied),
/// `gfx/layers/apz/src/AsyncPanZoomController.cpp` (`GetTouchStartTolerance`, `GetSecondTapTolerance`:
/// a preference in inches times the screen's DPI) and `modules/libpref/init/StaticPrefList.yaml`
/// (the defaults, which the oracle's user.js pins). Where a run of the real Firefox 153.8.0 under weston
/// decided, the note says so.
public enum Firefox153Thresholds {
    /// The DPI Firefox computes for the harness weston's output: widget/gtk/ScreenHelperGTK.cpp takes
    /// the monitor's height in px over its height in inches, and weston's headless backend reports one
    /// millimetre per pixel (wl_output.geometry 1280 × 720 mm for 1280 × 720 px).
    public static let harnessDPI = 25.4

    /// apz.touch_start_tolerance, inches (StaticPrefList.yaml default, pinned by the oracle's user.js).
    public static let touchStartToleranceInches = 0.1
    /// apz.second_tap_tolerance, inches.
    public static let secondTapToleranceInches = 0.5

    /// Movement from where the finger went down beyond which it no longer taps or long-taps
    /// (Euclidean, strictly more), at ``harnessDPI``.
    public static let touchStartTolerance = Threshold(
        touchStartToleranceInches * harnessDPI, .points,
        source: "StaticPrefList.yaml apz.touch_start_tolerance (0.1 in) × APZCTreeManager::GetDPI (25.4 under the "
            + "harness weston); GestureEventListener::MoveDistanceIsLarge (length > tolerance)",
        note: "measured: a 2 px move still clicks, a 3 px move does not; 0.1 in is 9.6 px on a 96 DPI screen")

    /// Largest distance from the first tap's down to the second tap's down for a double tap, at ``harnessDPI``.
    public static let secondTapTolerance = Threshold(
        secondTapToleranceInches * harnessDPI, .points,
        source: "StaticPrefList.yaml apz.second_tap_tolerance (0.5 in) × GetDPI; GestureEventListener::SecondTapIsFar "
            + "(length > tolerance)",
        note: "measured: 10 px apart is a double tap, 15 px is not")

    /// Time from a touch block's first down after which a held finger is no longer a quick tap, and
    /// by which the second tap of a double tap must have come down.
    public static let maxTapTime = Threshold(
        300, .milliseconds,
        source: "StaticPrefList.yaml apz.max_tap_time; GestureEventListener::CreateMaxTapTimeoutTask (armed at the "
            + "down and again at the up, both times for the block's start + 300 ms)")

    /// Time a single finger must stay down, within the tolerance, for a long tap (contextmenu).
    public static let longTap = Threshold(
        500, .milliseconds,
        source: "StaticPrefList.yaml ui.click_hold_context_menus.delay; GestureEventListener::CreateLongTapTimeoutTask")

    /// Every threshold in table order, with its name (for documentation and the report).
    public static var all: [(name: String, threshold: Threshold)] {
        [("touchStartTolerance", touchStartTolerance), ("secondTapTolerance", secondTapTolerance),
         ("maxTapTime", maxTapTime), ("longTap", longTap)]
    }
}
