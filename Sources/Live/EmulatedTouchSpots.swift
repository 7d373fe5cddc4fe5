import Render
import TouchKit

// MARK: - Ghost spots under mouse-emulated fingers

/// Translucent circles under mouse-emulated fingers (DESIGN §7), so the mirrored second
/// finger that Alt adds, which no pointer marks, can be seen.
///
/// The spots track their own damage: last frame's circles and this frame's.
struct EmulatedTouchSpots {
    /// Spot diameter, logical px: about a fingertip.
    static let diameter = 36.0
    /// Spot fill and rim.
    static let fill = Color(rgb: 0xffffff, alpha: 0.3)
    static let rim = Color(rgb: 0xffffff, alpha: 0.85)
    static let rimWidth = 2.0

    private var shown: [Rect] = []

    /// Places the spots on `touches`' window locations; returns the rectangles to repaint.
    mutating func update(_ touches: [Touch]) -> [Rect] {
        let side = Self.diameter
        let now = touches.filter(\.isEmulated).map {
            Rect(x: $0.windowLocation.x - side / 2, y: $0.windowLocation.y - side / 2, width: side, height: side)
        }
        guard now != shown else { return [] }
        defer { shown = now }
        return shown + now
    }

    /// The spots as renderer items, drawn over the scene.
    var items: [DisplayItem] {
        shown.map {
            DisplayItem(rect: $0, fill: Self.fill, cornerRadius: Self.diameter / 2, borderWidth: Self.rimWidth,
                        borderColor: Self.rim)
        }
    }
}
