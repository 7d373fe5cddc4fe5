import CPixman
import TouchKit

/// Draws display items with pixman into a 32-bit buffer, repainting only the damaged region.
///
/// Items are painted in order, each as CALayer draws one: the fill over the whole rounded
/// shape, then the border inside the edge over it, both multiplied by the item's alpha.
/// Pixels outside the clip are never written. One renderer keeps its mask cache between frames;
/// it is not thread-safe (use one per render thread).
public final class Renderer {
    private var cache = MaskCache()
    private var pieces = ShapePieces()

    /// Creates a renderer with an empty mask cache.
    public init() {}

    /// Number of cached corner and small-shape masks (for tests and diagnostics).
    public var cachedMaskCount: Int { cache.count }

    // MARK: - Frames

    /// Clears `clip` (logical px; nil = the whole buffer) to `background` and draws `items` inside it.
    ///
    /// `scale` maps logical px to buffer px; each clip rect is snapped outward to whole pixels.
    public func draw(items: [DisplayItem], background: Color, into target: PixelTarget,
                     scale: Double = 1, clip: [Rect]? = nil) {
        let pixelClip = clip.map { rects in rects.map { PixelRect(covering: $0, scale: scale) } }
        draw(items: items, background: background, into: target, scale: scale, pixelClip: pixelClip)
    }

    /// Draws into an owned buffer (see the `PixelTarget` variant).
    public func draw(items: [DisplayItem], background: Color, into buffer: PixelBuffer,
                     scale: Double = 1, clip: [Rect]? = nil) {
        draw(items: items, background: background, into: buffer.target, scale: scale, clip: clip)
    }

    /// As `draw(items:background:into:scale:clip:)` with the clip already in buffer pixels.
    public func draw(items: [DisplayItem], background: Color, into target: PixelTarget,
                     scale: Double, pixelClip: [PixelRect]?) {
        let format = target.format == .argb8888 ? PIXMAN_a8r8g8b8 : PIXMAN_x8r8g8b8
        guard let dest = pixman_image_create_bits(format, Int32(target.width), Int32(target.height),
                                                  target.base.assumingMemoryBound(to: UInt32.self),
                                                  Int32(target.stride))
        else { preconditionFailure("pixman could not wrap a \(target.width)×\(target.height) target") }
        defer { pixman_image_unref(dest) }

        var limit = DrawLimit(rects: [target.bounds])
        if let pixelClip {
            limit = DrawLimit(rects: pixelClip.map { $0.intersection(target.bounds) }.filter { !$0.isEmpty })
            guard !limit.rects.isEmpty else { return }
        }
        // Always a clip region, even for the whole target: pixman stores opaque fills without
        // clipping boxes to the image, so a shape reaching past an edge would write outside the buffer.
        let boxes = limit.rects.map { pixmanBox($0.x, $0.y, $0.maxX, $0.maxY) }
        var region = pixman_region32_t()
        pixman_region32_init_rects(&region, boxes, Int32(boxes.count))
        defer { pixman_region32_fini(&region) }
        pixman_image_set_clip_region32(dest, &region)
        var color = background.pixmanColor()
        var whole = pixmanBox(0, 0, target.width, target.height)
        pixman_image_fill_boxes(PIXMAN_OP_SRC, dest, &color, 1, &whole)
        let safeScale = scale.isFinite && scale > 0 ? scale : 1
        for item in items { draw(item, into: dest, scale: safeScale, limit: limit) }
    }

    // MARK: - Items

    private func draw(_ item: DisplayItem, into dest: OpaquePointer, scale: Double, limit: DrawLimit) {
        let alpha = Color.unit(item.alpha)
        let drawsFill = item.fill.alpha > 0
        let drawsBorder = item.borderWidth > 0 && item.borderColor.alpha > 0
        guard alpha > 0, drawsFill || drawsBorder, !item.rect.isEmpty else { return }
        let t = item.transform.concatenating(AffineTransform(scaleX: scale, y: scale))
        guard [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite) else { return }
        let uniform = abs(t.a) == abs(t.d) || (item.cornerRadius <= 0 && item.borderWidth <= 0)
        guard t.b == 0, t.c == 0, uniform else {
            drawTransformed(item, transform: t, alpha: alpha, into: dest, limit: limit)
            return
        }
        let p0 = t.apply(to: Point(x: item.rect.minX, y: item.rect.minY))
        let p1 = t.apply(to: Point(x: item.rect.maxX, y: item.rect.maxY))
        let shape = AlignedShape(minX: min(p0.x, p1.x), minY: min(p0.y, p1.y),
                                 maxX: max(p0.x, p1.x), maxY: max(p0.y, p1.y),
                                 radius: item.cornerRadius * abs(t.a), border: item.borderWidth * abs(t.a))
        let b = shape.pixelBounds
        guard !shape.outer.isEmpty,
              !limit.clipped(PixelRect(x: b.x0, y: b.y0, width: b.x1 - b.x0, height: b.y1 - b.y0)).isEmpty
        else { return }
        if drawsFill {
            pieces.removeAll()
            let inset = Self.hiddenFillInset(item, alpha: alpha, border: shape.border)
            let fill = inset == 0 ? shape : AlignedShape(
                minX: shape.outer.minX + inset, minY: shape.outer.minY + inset,
                maxX: shape.outer.maxX - inset, maxY: shape.outer.maxY - inset,
                radius: max(0, shape.outer.radius - inset), border: 0)
            fill.cut(ring: false, cache: &cache, into: &pieces)
            paint(pieces, color: item.fill, alpha: alpha, into: dest)
        }
        if drawsBorder, shape.border > 0 {
            pieces.removeAll()
            shape.cut(ring: true, cache: &cache, into: &pieces)
            paint(pieces, color: item.borderColor, alpha: alpha, into: dest)
        }
    }

    /// How far the fill may stop short of the edge, hidden under an opaque border (buffer px).
    ///
    /// Filling up to the middle of an opaque border keeps the fill colour out of the border's
    /// anti-aliased outer edge, while the border's inner edge still lies over solid fill.
    static func hiddenFillInset(_ item: DisplayItem, alpha: Double, border: Double) -> Double {
        guard border > 0, alpha >= 1, item.borderColor.alpha >= 1 else { return 0 }
        return border / 2
    }

    /// Composites one paint's pieces with OVER (pixman turns opaque OVER fills into plain stores).
    private func paint(_ pieces: ShapePieces, color: Color, alpha: Double, into dest: OpaquePointer) {
        var solidColor = color.pixmanColor(coverage: alpha)
        if !pieces.fullBoxes.isEmpty {
            pixman_image_fill_boxes(PIXMAN_OP_OVER, dest, &solidColor, Int32(pieces.fullBoxes.count),
                                    pieces.fullBoxes)
        }
        for strip in pieces.strips {
            var stripColor = color.pixmanColor(coverage: alpha * strip.coverage)
            var box = strip.box
            pixman_image_fill_boxes(PIXMAN_OP_OVER, dest, &stripColor, 1, &box)
        }
        guard !pieces.masks.isEmpty, let solid = pixman_image_create_solid_fill(&solidColor) else { return }
        defer { pixman_image_unref(solid) }
        for (mask, x, y) in pieces.masks {
            pixman_image_composite32(PIXMAN_OP_OVER, solid, mask.image, dest, 0, 0, 0, 0,
                                     Int32(x), Int32(y), Int32(mask.width), Int32(mask.height))
        }
    }
}

// MARK: - Culling

/// The pixels a frame may write: items outside every rect are skipped before any pixman call.
struct DrawLimit {
    let rects: [PixelRect]

    /// The bounding box of `area`'s overlaps with the rects (empty when it meets none).
    func clipped(_ area: PixelRect) -> PixelRect {
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for rect in rects {
            let part = area.intersection(rect)
            guard !part.isEmpty else { continue }
            x0 = min(x0, part.x); y0 = min(y0, part.y); x1 = max(x1, part.maxX); y1 = max(y1, part.maxY)
        }
        return x0 < x1 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : PixelRect(x: 0, y: 0, width: 0, height: 0)
    }
}
