// MARK: - Coverage of an axis-aligned rounded rectangle

/// An axis-aligned rounded rectangle in buffer pixels, and how much of a pixel it covers.
struct RoundedBox {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double
    var radius: Double

    var width: Double { maxX - minX }
    var height: Double { maxY - minY }
    var isEmpty: Bool { !(maxX > minX && maxY > minY) }

    /// The box moved `inset` inwards on every side with the corner radius CALayer gives a border's inner edge.
    func inset(by inset: Double) -> RoundedBox {
        RoundedBox(minX: minX + inset, minY: minY + inset, maxX: maxX - inset, maxY: maxY - inset,
                   radius: max(0, radius - inset))
    }

    /// Fraction of pixel [column, column+1) × [row, row+1) inside the shape.
    ///
    /// Straight edges are exact (the overlap of the pixel with the edge's span); along an arc
    /// the coverage is 0.5 minus the pixel centre's signed distance to the arc.
    func coverage(column: Int, row: Int) -> Double {
        let x = Double(column), y = Double(row)
        let cx = min(x + 1, maxX) - max(x, minX)
        let cy = min(y + 1, maxY) - max(y, minY)
        guard cx > 0, cy > 0 else { return 0 }
        let straight = min(cx, 1) * min(cy, 1)
        guard radius > 0 else { return straight }
        let px = x + 0.5, py = y + 0.5
        // Nearest point on the rectangle of arc centres: off it in both axes means a corner zone.
        let ax = min(max(px, minX + radius), maxX - radius)
        let ay = min(max(py, minY + radius), maxY - radius)
        let dx = px - ax, dy = py - ay
        guard dx != 0, dy != 0 else { return straight }
        let arc = radius + 0.5 - (dx * dx + dy * dy).squareRoot()
        return min(straight, max(0, min(1, arc)))
    }
}

// MARK: - Coverage of a transformed rounded rectangle

/// A rounded rectangle in its local space, measured by signed distance (negative inside).
struct LocalRoundedRect {
    var centerX: Double
    var centerY: Double
    var halfWidth: Double
    var halfHeight: Double
    var radius: Double

    /// The signed distance from (x, y) to the outline, in local units.
    func signedDistance(x: Double, y: Double) -> Double {
        let qx = abs(x - centerX) - (halfWidth - radius)
        let qy = abs(y - centerY) - (halfHeight - radius)
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - radius
    }

    /// The shape moved `inset` inwards with CALayer's inner border radius; nil when nothing is left.
    func inset(by inset: Double) -> LocalRoundedRect? {
        guard halfWidth > inset, halfHeight > inset else { return nil }
        return LocalRoundedRect(centerX: centerX, centerY: centerY, halfWidth: halfWidth - inset,
                                halfHeight: halfHeight - inset, radius: max(0, radius - inset))
    }
}
