import TouchKit

// MARK: - How the HUD looks (every size in logical px)

/// The HUD's sizes, colours and limits in one place.
public enum HUDStyle {
    /// Panel text size: small enough for a 14-line log on a 720 px window.
    public static let textSize = 13.0
    /// Touch label text size: a little larger, read at a glance next to a moving finger.
    public static let labelSize = 15.0
    /// The colour of all HUD text: a light grey no scene uses, so tests can find HUD pixels.
    public static let textColor = Color(rgb: 0xeceff1)
    /// Secondary text (frame boundaries, titles).
    public static let dimTextColor = Color(rgb: 0x90a4ae)
    /// The finger cross-hair's colour: cyan, far from every scene colour (red, green, blue, yellow, orange, teal).
    public static let markColor = Color(rgb: 0x18ffff)
    /// The cross-hair's outline, so it shows on light and dark views alike.
    public static let markOutlineColor = Color(red: 0, green: 0, blue: 0, alpha: 0.8)
    /// Outline width around each cross-hair stroke.
    public static let markOutline = 1.0
    /// Panel background: translucent black, so the scene stays visible under the HUD.
    public static let panelColor = Color(red: 0, green: 0, blue: 0, alpha: 0.72)
    /// Space between a panel's edge and its text.
    public static let padding = 6.0
    /// Space between the window edge and panels, and between panels.
    public static let margin = 12.0
    /// Left edge of the info and log panels: clear of TouchDemo's corner squares (40 + 120 px).
    public static let columnX = 200.0
    /// The one-line hint under the HUD's panels: where the key map and the touch controls are.
    public static let hint = "? key map · h hides the HUD · touch the < handle on the right edge for controls"
    /// Raw events the log keeps (the oldest scrolls off).
    public static let logLength = 14
    /// Fixed log panel width: a constant rect keeps the log's per-frame damage one unchanging box.
    public static let logWidth = 470.0
    /// Half the length of the cross-hair drawn on each finger.
    public static let markRadius = 18.0
    /// Cross-hair line thickness.
    public static let markThickness = 2.0
    /// Label offset from the finger: right of and above it, where a right-handed finger does not cover it.
    public static let labelOffset = Point(x: 26, y: -30)
}
