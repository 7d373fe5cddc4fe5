import CPixman
import TouchKit

// MARK: - Drawing over a finished frame

/// Draws translucent boxes and text over pixels already in a target (a HUD over a scene).
///
/// Everything is composited with OVER in logical px × `scale`, snapped to whole buffer pixels,
/// and no pixel outside the clip is written. One canvas wraps the target once, so a panel of
/// many lines costs one pixman image and one clip region, not one per line.
public final class OverlayCanvas {
    /// The buffer scale in use.
    public let scale: Double
    private let image: OpaquePointer
    private let limit: DrawLimit

    /// Wraps `target` for drawing at `scale`, limited to `clip` (logical px; nil = everything).
    public init(target: PixelTarget, scale: Double, clip: [Rect]?) {
        let scale = TextRenderer.safe(scale)
        self.scale = scale
        let format = target.format == .argb8888 ? PIXMAN_a8r8g8b8 : PIXMAN_x8r8g8b8
        guard let image = pixman_image_create_bits(format, Int32(target.width), Int32(target.height),
                                                   target.base.assumingMemoryBound(to: UInt32.self),
                                                   Int32(target.stride))
        else { preconditionFailure("pixman could not wrap a \(target.width)×\(target.height) target") }
        self.image = image
        let rects = clip.map { $0.map { PixelRect(covering: $0, scale: scale) } } ?? [target.bounds]
        limit = DrawLimit(rects: rects.map { $0.intersection(target.bounds) }.filter { !$0.isEmpty })
        // Always clipped, even to the whole target: pixman stores opaque fills without clipping
        // boxes to the image, so a box past an edge would write outside the buffer.
        let boxes = limit.rects.map { pixmanBox($0.x, $0.y, $0.maxX, $0.maxY) }
        var region = pixman_region32_t()
        pixman_region32_init_rects(&region, boxes, Int32(boxes.count))
        pixman_image_set_clip_region32(image, &region)
        pixman_region32_fini(&region)
    }

    deinit { pixman_image_unref(image) }

    /// True when some pixel of `rect` (logical px) may be written: callers skip the rest.
    public func isVisible(_ rect: Rect) -> Bool {
        !limit.clipped(PixelRect(covering: rect, scale: scale)).isEmpty
    }

    /// Composites `color` over `rect` (logical px, snapped outward to whole pixels).
    public func fill(_ rect: Rect, color: Color) {
        let box = PixelRect(covering: rect, scale: scale)
        guard color.alpha > 0, !limit.clipped(box).isEmpty else { return }
        var pixmanColor = color.pixmanColor()
        var pixmanBoxValue = pixmanBox(box.x, box.y, box.maxX, box.maxY)
        pixman_image_fill_boxes(PIXMAN_OP_OVER, image, &pixmanColor, 1, &pixmanBoxValue)
    }

    /// Draws one line of `text` with its box's top-left at `origin` (logical px); see `TextRenderer`.
    public func draw(_ text: String, at origin: Point, size: Double, color: Color, with renderer: TextRenderer) {
        guard color.alpha > 0, !text.isEmpty, origin.x.isFinite, origin.y.isFinite else { return }
        let line = renderer.rendered(text, size: size * scale)
        guard let mask = line.mask else { return }
        let area = PixelRect(x: Int((origin.x * scale).rounded()), y: Int((origin.y * scale).rounded()),
                             width: line.width, height: line.height)
        guard !limit.clipped(area).isEmpty else { return }
        var pixmanColor = color.pixmanColor()
        guard let solid = pixman_image_create_solid_fill(&pixmanColor) else { return }
        defer { pixman_image_unref(solid) }
        pixman_image_composite32(PIXMAN_OP_OVER, solid, mask.image, image, 0, 0, 0, 0,
                                 Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
    }
}
