// MARK: - Every number the checker's judgements use

/// The constants behind the checker's ambiguity and heuristic judgements, with unit and source.
///
/// wayland.xml gives none of these numbers: each is our choice, picked so that traces from
/// real compositors (weston 10, KWin 5.27, mutter 43, sway 1.7) and real hands do not trip them.
public enum CheckerThresholds {
    /// The first wl_touch version with shape and orientation (wayland.xml `since="6"`; R12).
    public static let shapeSinceVersion = 6

    /// Orientation range in degrees, inclusive (wayland.xml: "normalized to the -180 to +180 degree range"; R11).
    public static let orientationRange: ClosedRange<Double> = -180...180

    /// Ids above this are reported as A6 (our choice: libinput slots and every compositor we
    /// measured stay far below; mutter's own ids are small sequence numbers too).
    public static let largeTouchID: Int32 = 1 << 16

    /// A step between two timed events of an ongoing touch at least this long (in wl_touch
    /// "ms") counts as microsecond evidence for H1: one second between updates of a finger
    /// that is down is rare, while microsecond clocks put a 60–240 Hz frame 4 000–17 000 apart.
    public static let microsecondStepMilliseconds: Int32 = 1_000

    /// Positive time steps sampled (while a touch is down) before H1 is decided, once per trace.
    public static let microsecondSampleCount = 16

    /// How many of those samples must look like microseconds for H1 ("consistently").
    public static let microsecondEvidenceCount = 14

    /// A motion step at least this long (logical px) may be a surface switch (H2; our choice:
    /// sub-surfaces and popups sit hundreds of px from the main surface's origin).
    public static let surfaceSwitchMinimumJump = 150.0

    /// …and it must be faster than this (logical px per ms): 15 px/ms is 15 000 px/s, about
    /// twice the fastest fling we measured on a scale-1 touchscreen.
    public static let surfaceSwitchMinimumSpeed = 15.0

    /// Ids remembered after their up or cancel, so later events for them are reported as R3/R5
    /// rather than R2/R9. Bounds memory by this plus the active touches; an older id that
    /// reappears is reported as R2/R9 (still a violation, with the less specific rule).
    public static let rememberedEndedIDs = 64

    /// P4: the longest time (ms) from a tap's release to the next press that is still a double
    /// tap (Android ViewConfiguration DOUBLE_TAP_TIMEOUT, 300 ms).
    public static let doubleTapGapMilliseconds: UInt32 = 300

    /// P4: the farthest (logical px) a double tap's second press may land from the first
    /// (Android ViewConfiguration DOUBLE_TAP_SLOP, 100 dp).
    public static let doubleTapSlop = 100.0

    /// P4: the longest time (ms) from the first press to the second that GTK and Qt count as a
    /// double-click (GtkSettings gtk-double-click-time and QStyleHints mouseDoubleClickInterval,
    /// both 400 ms by default).
    public static let doubleClickMilliseconds: UInt32 = 400

    /// P4: the farthest (logical px) the second press may be from the first for a GTK or Qt
    /// double-click (GtkSettings gtk-double-click-distance and Qt's MouseDoubleClickDistance, 5 px).
    public static let doubleClickDistance = 5.0

    /// P5: how long (ms) a still press lasts before it is a long press (GtkSettings
    /// gtk-long-press-time, 500 ms; Android's LONG_PRESS_TIMEOUT was 500 ms until Android 12).
    public static let longPressMilliseconds: UInt32 = 500

    /// P5: how far (logical px) a long press may move and stay one (Android ViewConfiguration
    /// TOUCH_SLOP, 8 dp).
    public static let longPressSlop = 8.0

    /// Active touches searched linearly; more than this and a hash index is kept as well.
    static let linearTouchLimit = 16
}
