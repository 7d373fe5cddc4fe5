// MARK: - The Qt 6.4 style hints the Quick pointer handlers read

/// The values Qt Quick 6.4's TapHandler, DragHandler and PinchHandler depend on, each with its source.
///
/// The oracle runs Qt with no platform theme (`QT_QPA_PLATFORMTHEME=`, no desktop in
/// `XDG_CURRENT_DESKTOP`), so every hint is `QPlatformTheme::defaultThemeHint`; it reads them back
/// through `Qt.styleHints` and refuses to start when one differs (QStyleHints has no QML setters).
public enum Qt64Settings {
    /// Taps whose releases are closer in time than this count together (strictly less).
    public static let multiTapInterval = Threshold(
        400, .milliseconds, source: "QStyleHints::mouseDoubleClickInterval (QPlatformTheme::defaultThemeHint); "
            + "read once by the first QQuickTapHandler constructor",
        note: "measured release to release: qquicktaphandler.cpp setPressed compares event->timestamp() with the last tap's")
    /// Taps whose release positions are closer than this (Euclidean, strictly) count together, for touch.
    public static let touchMultiTapDistance = Threshold(
        10, .points, source: "QStyleHints::touchDoubleTapDistance (QPlatformTheme::defaultThemeHint, QT_DBL_TAP_DIST)",
        note: "twice mouseDoubleClickDistance (5 px), which applies to mouse only; read back as 10 by the oracle")
    /// A point moved further than this on either axis (strictly) from its press is a drag: it
    /// cancels a tap, stops the long-press timer and can activate DragHandler and PinchHandler.
    public static let dragThreshold = Threshold(
        10, .points, source: "QStyleHints::startDragDistance (QPlatformTheme::defaultThemeHint) via "
            + "QQuickPointerHandler::dragThreshold; QQuickPointerHandlerPrivate::dragOverThreshold compares |dx| and |dy|",
        note: "startDragVelocity is 0 (no limit), so velocity never counts")
    /// TapHandler's longPressThreshold: its timer emits longPressed after this, and a release at or
    /// after it (by the events' own times) is no tap.
    public static let longPress = Threshold(
        800, .milliseconds, source: "QStyleHints::mousePressAndHoldInterval (QPlatformTheme::defaultThemeHint) via "
            + "QQuickTapHandler::longPressThresholdMilliseconds")
    /// DragHandler activates only when every point's direction lies within this angle of the others.
    public static let dragAngleTolerance = Threshold(
        10, .points, source: "DragAngleToleranceDegrees in qquickdraghandler.cpp", isDocumented: false,
        note: "degrees; with one point (minimumPointCount 1) it never refuses")
    /// DragHandler's point count (minimumPointCount = maximumPointCount = 1).
    public static let dragPointCount = 1
    /// PinchHandler's point count (minimumPointCount 2, maximumPointCount defaults to it).
    public static let pinchPointCount = 2
}
