import TouchKit

/// One shape to draw: the seam between a view tree and the pixman renderer.
///
/// `rect` is in the item's local space; `transform` maps local to window
/// coordinates (logical px). The renderer multiplies by the buffer scale.
public struct DisplayItem: Hashable, Sendable {
    public var rect: Rect
    public var transform: AffineTransform
    public var fill: Color
    public var cornerRadius: Double
    public var borderWidth: Double
    public var borderColor: Color
    /// Opacity applied to fill and border (the product of the view chain's alpha).
    public var alpha: Double

    /// Creates an item; a plain filled rectangle by default.
    public init(rect: Rect, transform: AffineTransform = .identity, fill: Color,
                cornerRadius: Double = 0, borderWidth: Double = 0, borderColor: Color = .clear,
                alpha: Double = 1) {
        self.rect = rect
        self.transform = transform
        self.fill = fill
        self.cornerRadius = cornerRadius
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        self.alpha = alpha
    }
}
