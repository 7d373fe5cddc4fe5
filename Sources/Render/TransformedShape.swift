import CPixman
import TouchKit

// MARK: - Rotated and skewed items

extension Renderer {
    /// Draws an item whose transform rotates, skews or scales unevenly: per-pixel coverage masks.
    ///
    /// Each buffer pixel centre inside the item's transformed bounds is mapped back to the
    /// item's local space; the signed distance to the rounded outline there, scaled to buffer
    /// pixels, gives the anti-aliased coverage. Masks are built per draw (not cached).
    func drawTransformed(_ item: DisplayItem, transform t: AffineTransform, alpha: Double,
                         into dest: OpaquePointer, limit: PixelRect) {
        guard let inverse = t.inverted() else { return }  // a singular transform draws nothing
        let r = item.rect
        let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                       Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY)].map { t.apply(to: $0) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let bounds = PixelRect(covering: Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!,
                                              height: ys.max()! - ys.min()!), scale: 1)
        // One pixel of margin holds the anti-aliased edge.
        let area = PixelRect(x: bounds.x - 1, y: bounds.y - 1, width: bounds.width + 2, height: bounds.height + 2)
            .intersection(limit)
        guard !area.isEmpty else { return }

        let half = min(r.width, r.height) / 2
        let outer = LocalRoundedRect(centerX: r.midX, centerY: r.midY, halfWidth: r.width / 2,
                                     halfHeight: r.height / 2, radius: min(max(0, item.cornerRadius), half))
        let border = min(max(0, item.borderWidth), half)
        // Local distances grow by the transform's mean scale factor in buffer pixels.
        let unit = abs(t.a * t.d - t.b * t.c).squareRoot()
        func coverage(_ shape: LocalRoundedRect?, _ column: Int, _ row: Int) -> Double {
            guard let shape else { return 0 }
            let p = inverse.apply(to: Point(x: Double(area.x + column) + 0.5, y: Double(area.y + row) + 0.5))
            return min(1, max(0, 0.5 - shape.signedDistance(x: p.x, y: p.y) * unit))
        }
        if item.fill.alpha > 0 {
            let hidden = Self.hiddenFillInset(item, alpha: alpha, border: border * unit) / unit
            let fill = hidden > 0 ? outer.inset(by: hidden) : outer
            let mask = CoverageMask(width: area.width, height: area.height) { coverage(fill, $0, $1) }
            composite(mask, color: item.fill, alpha: alpha, at: area, into: dest)
        }
        if border > 0, item.borderColor.alpha > 0 {
            let hole = outer.inset(by: border)
            let mask = CoverageMask(width: area.width, height: area.height) {
                max(0, coverage(outer, $0, $1) - coverage(hole, $0, $1))
            }
            composite(mask, color: item.borderColor, alpha: alpha, at: area, into: dest)
        }
    }

    private func composite(_ mask: CoverageMask, color: Color, alpha: Double, at area: PixelRect,
                           into dest: OpaquePointer) {
        var solidColor = color.pixmanColor(coverage: alpha)
        guard let solid = pixman_image_create_solid_fill(&solidColor) else { return }
        defer { pixman_image_unref(solid) }
        pixman_image_composite32(PIXMAN_OP_OVER, solid, mask.image, dest, 0, 0, 0, 0,
                                 Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
    }
}
