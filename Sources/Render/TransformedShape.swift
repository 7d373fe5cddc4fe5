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
                         into dest: OpaquePointer, limit: DrawLimit) {
        guard let inverse = t.inverted() else { return }  // a singular transform draws nothing
        let r = item.rect
        let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                       Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY)].map { t.apply(to: $0) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let bounds = PixelRect(covering: Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!,
                                              height: ys.max()! - ys.min()!), scale: 1)
        // One pixel of margin holds the anti-aliased edge.
        let area = limit.clipped(PixelRect(x: bounds.x - 1, y: bounds.y - 1,
                                           width: bounds.width + 2, height: bounds.height + 2))
        guard !area.isEmpty else { return }

        let half = min(r.width, r.height) / 2
        let outer = LocalRoundedRect(centerX: r.midX, centerY: r.midY, halfWidth: r.width / 2,
                                     halfHeight: r.height / 2, radius: min(max(0, item.cornerRadius), half))
        let border = min(max(0, item.borderWidth), half)
        let raster = DistanceRaster(area: area, inverse: inverse, transform: t)
        if item.fill.alpha > 0 {
            let hidden = Self.hiddenFillInset(item, alpha: alpha, border: border * raster.unit) / raster.unit
            let fill = hidden > 0 ? outer.inset(by: hidden) : outer
            let mask = raster.mask { x, y in raster.inside(fill?.signedDistance(x: x, y: y)) }
            composite(mask, color: item.fill, alpha: alpha, at: area, into: dest)
        }
        if border > 0, item.borderColor.alpha > 0 {
            let hole = outer.inset(by: border)
            let mask = raster.mask { x, y in
                raster.between(outer.signedDistance(x: x, y: y), hole?.signedDistance(x: x, y: y))
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

// MARK: - Rasterising signed distances

/// Turns local-space signed distances into an a8 mask over a pixel area of the buffer.
///
/// Under a similarity transform (rotation, uniform scale) buffer distance is local distance
/// times `unit`, so a pixel d px from the outline proves the next ⌊d − ½⌋ pixels of its row
/// have the same (full or empty) coverage: those are skipped, and only edge pixels are measured.
struct DistanceRaster {
    let area: PixelRect
    let inverse: AffineTransform
    /// Buffer pixels per local unit (the square root of the transform's area scale).
    let unit: Double
    /// True when distances are exact in buffer pixels, so runs may be skipped.
    let isSimilarity: Bool

    init(area: PixelRect, inverse: AffineTransform, transform t: AffineTransform) {
        self.area = area
        self.inverse = inverse
        unit = abs(t.a * t.d - t.b * t.c).squareRoot()
        let tolerance = 1e-9 * max(1, unit * unit)
        isSimilarity = (abs(t.a - t.d) < tolerance && abs(t.b + t.c) < tolerance)
            || (abs(t.a + t.d) < tolerance && abs(t.b - t.c) < tolerance)
    }

    /// Coverage of a shape and the run after it that is sure to match, from its local distance.
    func inside(_ distance: Double?) -> (coverage: Double, run: Double) {
        guard let distance else { return (0, .infinity) }  // no shape: empty everywhere
        let d = distance * unit
        return (min(1, max(0, 0.5 - d)), abs(d) - 0.5)
    }

    /// Coverage of the band inside `outer` and outside `hole`, and its sure run.
    func between(_ outer: Double, _ hole: Double?) -> (coverage: Double, run: Double) {
        let o = inside(outer)
        guard o.coverage > 0 else { return o }
        let h = inside(hole)
        if h.coverage >= 1 { return (0, h.run) }
        return (max(0, o.coverage - h.coverage), min(o.coverage >= 1 ? o.run : 0, h.run))
    }

    /// A mask from `sample(localX, localY)` at every pixel centre, skipping sure runs.
    func mask(_ sample: (Double, Double) -> (coverage: Double, run: Double)) -> CoverageMask {
        let mask = CoverageMask(width: area.width, height: area.height)
        for row in 0..<area.height {
            let bytes = mask.row(row)
            let y = Double(area.y + row) + 0.5
            var column = 0
            while column < area.width {
                let x = Double(area.x + column) + 0.5
                let (coverage, run) = sample(inverse.a * x + inverse.c * y + inverse.tx,
                                             inverse.b * x + inverse.d * y + inverse.ty)
                let value = CoverageMask.byte(coverage)
                let room = area.width - column
                let count = isSimilarity && run >= 1 ? min(Int(min(run, Double(room))) + 1, room) : 1
                if value != 0 { (bytes + column).update(repeating: value, count: count) }
                column += count
            }
        }
        return mask
    }
}
