// MARK: - The values Qt 6.4's widget gestures and touch-to-mouse synthesis depend on, with their sources

/// The constants of Qt 6.4's standard gesture recognizers (qtbase src/widgets/kernel/qstandardgestures.cpp),
/// QGestureManager (qgesturemanager.cpp) and the mouse synthesised from touch (src/gui/kernel/qguiapplication.cpp),
/// as Debian 12's Qt 6.4.2 runs them under the Qt Widgets oracle (no platform theme: QPlatformTheme's defaults).
public enum QtWidgets64Settings {
    /// QTapGesture: a point further than this from its press (Manhattan length on whole px) cancels the tap.
    public static let tapRadius = Threshold(
        40, .points, source: "qstandardgestures.cpp QTapGestureRecognizer::recognize: enum { TapRadius = 40 }, "
            + "(p.position().toPoint() - p.pressPosition().toPoint()).manhattanLength() <= TapRadius")
    /// QTapAndHoldGesture: the same radius keeps the hold alive (touch: from the press; mouse: from the mouse press).
    public static let holdRadius = Threshold(
        40, .points, source: "qstandardgestures.cpp QTapAndHoldGestureRecognizer::recognize: enum { TapRadius = 40 }")
    /// QTapAndHoldGesture finishes when its timer fires this long after the press.
    public static let holdTimeout = Threshold(
        700, .milliseconds, source: "QTapAndHoldGesturePrivate::Timeout (qgesture_p.h, default 700; "
            + "QTapAndHoldGesture::setTimeout changes it for every widget)",
        note: "a QBasicTimer on the wall clock, restarted by the synthesised mouse press (same event time)")
    /// QPanGesture triggers once the mean offset of its first points exceeds this on either axis (strictly).
    public static let panThreshold = Threshold(
        10, .points, source: "qstandardgestures.cpp QPanGestureRecognizer::recognize: offset.x() > 10 || offset.y() > 10 "
            + "|| offset.x() < -10 || offset.y() < -10")
    /// QPanGesture's finger count on a touch screen (the mean offset is over this many points).
    public static let panPointCount = 2
    /// The source of ``panPointCount``.
    public static let panPointCountSource = "qgesturemanager.cpp panTouchPoints(): 2 unless QT_PAN_TOUCHPOINTS is set "
        + "(the oracle pins it to 2)"
    /// QSwipeGesture triggers once its three points moved on average more than this (whole px) on either axis.
    public static let swipeMoveThreshold = Threshold(
        50, .points, source: "qstandardgestures.cpp QSwipeGestureRecognizer::recognize: static const int MoveThreshold = 50")
    /// QSwipeGesture: a move beyond this (after a trigger) in the other direction of an axis cancels the swipe.
    public static let swipeDirectionChange = Threshold(
        6, .points, source: "qstandardgestures.cpp: directionChangeThreshold = MoveThreshold / 8 (integer division)")
    /// QPinchGesture ignores an event whose scale step lies outside [min, max].
    public static let pinchStepScale = (min: 0.1, max: 2.0)
    /// The source of ``pinchStepScale``.
    public static let pinchStepScaleSource = "qstandardgestures.cpp kSingleStepScaleMin, kSingleStepScaleMax"
    /// A synthesised mouse move further than this from the press (per axis, strictly) ends a double-click series.
    public static let touchDoubleTapDistance = Threshold(
        10, .points, source: "QStyleHints::touchDoubleTapDistance (QPlatformTheme::defaultThemeHint), compared in "
            + "QGuiApplicationPrivate::processMouseEvent for a move from a touch screen",
        note: "measured: a touch that moved 10 px and came back still made a double-click; 12 px did not")
    /// Presses this close in time count as a double-click according to Qt's source; measured: no limit.
    public static let mouseDoubleClickInterval = Threshold(
        400, .milliseconds, source: "QStyleHints::mouseDoubleClickInterval (QPlatformTheme::defaultThemeHint), "
            + "QGuiApplicationPrivate::processMouseEvent",
        note: "measured on Debian's 6.4.2: a second press at the same place made MouseButtonDblClick 1.5 s and 3 s "
            + "after the first, so the model applies no time limit to mouse events synthesised from touch")
}
