// MARK: - Geometry in buffer pixels (whole pixels of a drawn buffer), y down

/// A rectangle of whole buffer pixels: a repaint clip, a wl_surface.damage_buffer rectangle, a PNG region.
///
/// Logical geometry (`Rect`) becomes buffer pixels at a scale with `init(covering:scale:)`, snapped
/// outward, so whatever is repainted is also reported as damaged.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    /// Left column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Columns covered.
    public var width: Int
    /// Rows covered.
    public var height: Int

    /// Creates a pixel rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The smallest pixel rectangle covering `rect` (logical px) at buffer `scale`: snapped outward.
    public init(covering rect: Rect, scale: Double) {
        let x0 = (rect.minX * scale).rounded(.down), y0 = (rect.minY * scale).rounded(.down)
        let x1 = (rect.maxX * scale).rounded(.up), y1 = (rect.maxY * scale).rounded(.up)
        // Non-finite or huge coordinates come from a bug upstream: clamp instead of trapping in Int(_:).
        let limit = Double(Int32.max / 2)
        func clamp(_ v: Double) -> Int { Int(Swift.min(Swift.max(v.isNaN ? 0 : v, -limit), limit)) }
        self.init(x: clamp(x0), y: clamp(y0), width: clamp(x1) - clamp(x0), height: clamp(y1) - clamp(y0))
    }

    /// One past the last column.
    public var maxX: Int { x + width }
    /// One past the last row.
    public var maxY: Int { y + height }
    /// True when no pixel is covered.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The overlap of two rectangles (empty when they do not meet).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = Swift.max(x, other.x), y0 = Swift.max(y, other.y)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        return PixelRect(x: x0, y: y0, width: Swift.max(0, x1 - x0), height: Swift.max(0, y1 - y0))
    }

    /// `[x, y w×h]`.
    public var description: String { "[\(x), \(y) \(width)×\(height)]" }
}
