import CPixman

// MARK: - Pieces

/// What to composite for one paint of a shape: solid boxes, partly covered strips, and masks.
struct ShapePieces {
    var fullBoxes: [pixman_box32_t] = []
    var strips: [(box: pixman_box32_t, coverage: Double)] = []
    var masks: [(mask: CoverageMask, x: Int, y: Int)] = []

    mutating func removeAll() {
        fullBoxes.removeAll(keepingCapacity: true)
        strips.removeAll(keepingCapacity: true)
        masks.removeAll(keepingCapacity: true)
    }
}

// MARK: - Axis-aligned rounded rectangle

/// An axis-aligned rounded rectangle (with optional inside border) in buffer pixels, cut into pieces.
///
/// Straight parts become boxes (fast solid fills) with one partly covered strip at a fractional
/// edge; each corner is a cached a8 mask. A shape too small for that split (a circle, typically)
/// becomes one cached whole mask. DESIGN §10: this is 3× faster than trapezoids.
struct AlignedShape {
    /// Geometry is snapped to 1/64 px so that masks can be cached by exact key.
    static let grid = 64.0

    let outer: RoundedBox
    let border: Double

    /// Snaps the rectangle and clamps radius and border to half the shorter side.
    init(minX: Double, minY: Double, maxX: Double, maxY: Double, radius: Double, border: Double) {
        func snap(_ v: Double) -> Double { (v * Self.grid).rounded() / Self.grid }
        let x0 = snap(minX), y0 = snap(minY), x1 = snap(maxX), y1 = snap(maxY)
        let half = max(0, min(x1 - x0, y1 - y0) / 2)
        outer = RoundedBox(minX: x0, minY: y0, maxX: x1, maxY: y1,
                           radius: min(snap(max(0, radius.isFinite ? radius : 0)), half))
        self.border = min(snap(max(0, border.isFinite ? border : 0)), half)
    }

    /// Pixels the shape may touch.
    var pixelBounds: (x0: Int, y0: Int, x1: Int, y1: Int) {
        (Int(outer.minX.rounded(.down)), Int(outer.minY.rounded(.down)),
         Int(outer.maxX.rounded(.up)), Int(outer.maxY.rounded(.up)))
    }

    /// Appends the pieces of the fill (`ring == false`) or of the border ring to `pieces`.
    func cut(ring: Bool, cache: inout MaskCache, into pieces: inout ShapePieces) {
        let o = outer, r = o.radius, bw = border
        let e = ring ? max(r, bw) : r
        let xa = Int((o.minX + e).rounded(.up)), xb = Int((o.maxX - e).rounded(.down))
        let ya = Int((o.minY + e).rounded(.up)), yb = Int((o.maxY - e).rounded(.down))
        guard xa <= xb, ya <= yb, !(ring && o.inset(by: bw).isEmpty) else {
            pieces.masks.append(wholeMask(ring: ring, cache: &cache))
            return
        }
        for part in [MaskKey.Part.topLeft, .topRight, .bottomLeft, .bottomRight] {
            if let corner = cornerMask(part, extent: e, ring: ring, cache: &cache) { pieces.masks.append(corner) }
        }
        if ring {
            Self.span(&pieces, across: xa..<xb, from: o.minY, to: o.minY + bw, vertical: true)
            Self.span(&pieces, across: xa..<xb, from: o.maxY - bw, to: o.maxY, vertical: true)
            Self.span(&pieces, across: ya..<yb, from: o.minX, to: o.minX + bw, vertical: false)
            Self.span(&pieces, across: ya..<yb, from: o.maxX - bw, to: o.maxX, vertical: false)
        } else {
            Self.span(&pieces, across: xa..<xb, from: o.minY, to: o.maxY, vertical: true)
            Self.span(&pieces, across: ya..<yb, from: o.minX, to: Double(xa), vertical: false)
            Self.span(&pieces, across: ya..<yb, from: Double(xb), to: o.maxX, vertical: false)
        }
    }

    // MARK: Straight parts

    /// Covers `across` (columns when `vertical`, else rows) over the real interval [from, to).
    private static func span(_ pieces: inout ShapePieces, across: Range<Int>, from: Double, to: Double,
                             vertical: Bool) {
        guard !across.isEmpty, to > from else { return }
        func box(_ lo: Int, _ hi: Int) -> pixman_box32_t {
            vertical ? pixmanBox(across.lowerBound, lo, across.upperBound, hi)
                     : pixmanBox(lo, across.lowerBound, hi, across.upperBound)
        }
        let first = Int(from.rounded(.down)), last = Int(to.rounded(.up))
        if last - first == 1 {
            pieces.strips.append((box(first, last), to - from))
            return
        }
        let fullFrom = Int(from.rounded(.up)), fullTo = Int(to.rounded(.down))
        if fullFrom > first { pieces.strips.append((box(first, fullFrom), Double(fullFrom) - from)) }
        if fullTo > fullFrom { pieces.fullBoxes.append(box(fullFrom, fullTo)) }
        if last > fullTo { pieces.strips.append((box(fullTo, last), to - Double(fullTo))) }
    }

    // MARK: Masks

    private func gridUnits(_ v: Double) -> Int32 { Int32((v * Self.grid).rounded()) }

    /// A corner's mask: built in top-left form and mirrored, placed at its pixel box.
    private func cornerMask(_ part: MaskKey.Part, extent e: Double, ring: Bool,
                            cache: inout MaskCache) -> (mask: CoverageMask, x: Int, y: Int)? {
        let o = outer
        let right = part == .topRight || part == .bottomRight
        let bottom = part == .bottomLeft || part == .bottomRight
        let edgeX = right ? o.maxX.rounded(.up) : o.minX.rounded(.down)
        let edgeY = bottom ? o.maxY.rounded(.up) : o.minY.rounded(.down)
        let phaseX = right ? edgeX - o.maxX : o.minX - edgeX
        let phaseY = bottom ? edgeY - o.maxY : o.minY - edgeY
        let w = Int((phaseX + e).rounded(.up)), h = Int((phaseY + e).rounded(.up))
        guard w > 0, h > 0 else { return nil }  // a square corner on whole pixels needs no mask
        let key = MaskKey(part: part, phaseX: gridUnits(phaseX), phaseY: gridUnits(phaseY),
                          width: Int32(w), height: Int32(h), radius: gridUnits(o.radius),
                          inset: ring ? gridUnits(border) : -1)
        let far = Double(Int32.max)
        let shape = RoundedBox(minX: phaseX, minY: phaseY, maxX: far, maxY: far, radius: o.radius)
        let hole = ring ? shape.inset(by: border) : nil
        let mask = cache.mask(key) {
            CoverageMask(width: w, height: h) { column, row in
                let c = right ? w - 1 - column : column, r = bottom ? h - 1 - row : row
                return shape.coverage(column: c, row: r) - (hole?.coverage(column: c, row: r) ?? 0)
            }
        }
        return (mask, right ? Int(edgeX) - w : Int(edgeX), bottom ? Int(edgeY) - h : Int(edgeY))
    }

    /// One mask for the whole shape, placed at its pixel bounds.
    private func wholeMask(ring: Bool, cache: inout MaskCache) -> (mask: CoverageMask, x: Int, y: Int) {
        let b = pixelBounds, o = outer
        let shape = RoundedBox(minX: o.minX - Double(b.x0), minY: o.minY - Double(b.y0),
                               maxX: o.maxX - Double(b.x0), maxY: o.maxY - Double(b.y0), radius: o.radius)
        let hole = ring ? shape.inset(by: border) : nil
        let key = MaskKey(part: .whole, phaseX: gridUnits(shape.minX), phaseY: gridUnits(shape.minY),
                          width: gridUnits(o.width), height: gridUnits(o.height), radius: gridUnits(o.radius),
                          inset: ring ? gridUnits(border) : -1)
        let mask = cache.mask(key) {
            CoverageMask(width: b.x1 - b.x0, height: b.y1 - b.y0) { column, row in
                let inner = (hole?.isEmpty ?? true) ? 0 : hole!.coverage(column: column, row: row)
                return shape.coverage(column: column, row: row) - inner
            }
        }
        return (mask, b.x0, b.y0)
    }
}
