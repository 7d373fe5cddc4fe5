// MARK: - Thresholds as data

/// The unit of a threshold value.
public enum ThresholdUnit: String, Sendable, Codable {
    /// Milliseconds.
    case milliseconds
    /// Logical pixels (points).
    case points
}

/// One threshold with its unit and where the value comes from.
public struct Threshold: Hashable, Sendable {
    /// The value in `unit`.
    public var value: Double
    /// The unit of `value`.
    public var unit: ThresholdUnit
    /// The toolkit constant, setting or document the value comes from.
    public var source: String
    /// False when the toolkit does not document the value (ours, or reverse-engineered).
    public var isDocumented: Bool
    /// Caveats (scope, history), if any.
    public var note: String?

    /// Creates a threshold.
    public init(_ value: Double, _ unit: ThresholdUnit, source: String, isDocumented: Bool = true, note: String? = nil) {
        self.value = value
        self.unit = unit
        self.source = source
        self.isDocumented = isDocumented
        self.note = note
    }

    /// The value in seconds (for millisecond thresholds).
    public var seconds: Double { unit == .milliseconds ? value / 1000 : value }
}

/// A toolkit's gesture thresholds (DESIGN §6): the same touch stream can be interpreted under each.
public struct ThresholdProfile: Hashable, Sendable {
    /// The profile's name as the CLI spells it.
    public var name: String
    /// Time a finger must stay down for a long press.
    public var longPress: Threshold
    /// Movement allowed before a tap or long press fails.
    public var slop: Threshold
    /// Longest time from a tap's up to the next down for the taps to count together.
    public var multiTapInterval: Threshold
    /// Largest distance from a tap's up to the next down for the taps to count together.
    public var multiTapDistance: Threshold
    /// Movement after which a pan begins.
    public var panStart: Threshold

    /// Creates a profile.
    public init(name: String, longPress: Threshold, slop: Threshold, multiTapInterval: Threshold,
                multiTapDistance: Threshold, panStart: Threshold) {
        self.name = name
        self.longPress = longPress
        self.slop = slop
        self.multiTapInterval = multiTapInterval
        self.multiTapDistance = multiTapDistance
        self.panStart = panStart
    }

    /// The thresholds in table order, with their names.
    public var thresholds: [(name: String, threshold: Threshold)] {
        [("longPress", longPress), ("slop", slop), ("multiTapInterval", multiTapInterval),
         ("multiTapDistance", multiTapDistance), ("panStart", panStart)]
    }

    /// Every built-in profile, in DESIGN §6's order.
    public static let all: [ThresholdProfile] = [.uikit, .gtk, .flutter, .android, .chromium, .qt]

    /// The built-in profile called `name`, if any.
    public static func named(_ name: String) -> ThresholdProfile? {
        all.first { $0.name == name.lowercased() }
    }
}

// MARK: - The six profiles

extension ThresholdProfile {
    /// UIKit: documented recognizer defaults; the multi-tap and pan values are not documented by Apple.
    public static let uikit = ThresholdProfile(
        name: "uikit",
        longPress: Threshold(500, .milliseconds, source: "UILongPressGestureRecognizer.minimumPressDuration default (0.5 s)"),
        slop: Threshold(10, .points, source: "UILongPressGestureRecognizer.allowableMovement default (10 points)"),
        multiTapInterval: Threshold(350, .milliseconds, source: "a decompiled private UIKit tap class",
                                    isDocumented: false, note: "not documented by Apple; tunable"),
        multiTapDistance: Threshold(45, .points, source: "GestureSandbox choice", isDocumented: false,
                                    note: "Apple documents no value; tunable"),
        panStart: Threshold(10, .points, source: "GestureSandbox choice", isDocumented: false,
                            note: "UIPanGestureRecognizer's start distance is not documented; tunable"))

    /// GTK 4: GtkSettings defaults.
    public static let gtk = ThresholdProfile(
        name: "gtk",
        longPress: Threshold(500, .milliseconds, source: "GtkSettings:gtk-long-press-time default"),
        slop: Threshold(8, .points, source: "GtkSettings:gtk-dnd-drag-threshold default"),
        multiTapInterval: Threshold(400, .milliseconds, source: "GtkSettings:gtk-double-click-time default"),
        multiTapDistance: Threshold(5, .points, source: "GtkSettings:gtk-double-click-distance default",
                                    note: "GTK applies it to mouse clicks only"),
        panStart: Threshold(8, .points, source: "GtkSettings:gtk-dnd-drag-threshold default (GtkGestureDrag/Pan)"))

    /// Flutter: packages/flutter/lib/src/gestures/constants.dart.
    public static let flutter = ThresholdProfile(
        name: "flutter",
        longPress: Threshold(500, .milliseconds, source: "constants.dart kLongPressTimeout"),
        slop: Threshold(18, .points, source: "constants.dart kTouchSlop"),
        multiTapInterval: Threshold(300, .milliseconds, source: "constants.dart kDoubleTapTimeout"),
        multiTapDistance: Threshold(100, .points, source: "constants.dart kDoubleTapSlop"),
        panStart: Threshold(36, .points, source: "constants.dart kPanSlop (2 × kTouchSlop)",
                            note: "drag recognizers start at kTouchSlop, 18"))

    /// Android: android.view.ViewConfiguration defaults (dp).
    public static let android = ThresholdProfile(
        name: "android",
        longPress: Threshold(400, .milliseconds, source: "ViewConfiguration DEFAULT_LONG_PRESS_TIMEOUT",
                             note: "500 ms before Android 12"),
        slop: Threshold(8, .points, source: "ViewConfiguration TOUCH_SLOP (dp)"),
        multiTapInterval: Threshold(300, .milliseconds, source: "ViewConfiguration DOUBLE_TAP_TIMEOUT"),
        multiTapDistance: Threshold(100, .points, source: "ViewConfiguration DOUBLE_TAP_SLOP (dp)"),
        panStart: Threshold(8, .points, source: "ViewConfiguration TOUCH_SLOP (dp): scrolling starts past it"))

    /// Chromium: ui::GestureConfiguration defaults (DIP).
    public static let chromium = ThresholdProfile(
        name: "chromium",
        longPress: Threshold(500, .milliseconds, source: "ui::GestureConfiguration long_press_time_in_ms"),
        slop: Threshold(15, .points, source: "ui::GestureConfiguration max_touch_move_in_pixels_for_click"),
        multiTapInterval: Threshold(400, .milliseconds, source: "ui::GestureConfiguration double_tap_timeout_in_ms"),
        multiTapDistance: Threshold(20, .points, source: "ui::GestureConfiguration max_distance_between_taps_for_double_tap"),
        panStart: Threshold(15, .points, source: "ui::GestureConfiguration touch slop: scrolling starts past it"))

    /// Qt: QStyleHints / QPlatformTheme defaults.
    public static let qt = ThresholdProfile(
        name: "qt",
        longPress: Threshold(800, .milliseconds, source: "QStyleHints::mousePressAndHoldInterval default"),
        slop: Threshold(10, .points, source: "QStyleHints::startDragDistance default"),
        multiTapInterval: Threshold(400, .milliseconds, source: "QStyleHints::mouseDoubleClickInterval default"),
        multiTapDistance: Threshold(5, .points, source: "QStyleHints::mouseDoubleClickDistance default"),
        panStart: Threshold(10, .points, source: "QStyleHints::startDragDistance default"))
}
