import CPixman
import TouchKit

// MARK: - Colours and fixed point for pixman

extension Color {
    /// This colour premultiplied and scaled by `coverage` (opacity × edge coverage), as pixman wants it.
    func pixmanColor(coverage: Double = 1) -> pixman_color_t {
        let a = Self.unit(alpha) * Self.unit(coverage)
        func channel(_ v: Double) -> UInt16 { UInt16((v * 65535).rounded()) }
        return pixman_color_t(red: channel(Self.unit(red) * a), green: channel(Self.unit(green) * a),
                              blue: channel(Self.unit(blue) * a), alpha: channel(a))
    }

    /// Clamps a component to 0...1 (NaN becomes 0) so bad input never traps.
    static func unit(_ v: Double) -> Double { v.isNaN ? 0 : Swift.min(Swift.max(v, 0), 1) }
}

/// pixman's 16.16 fixed point: its conversion macros do not import into Swift (DESIGN §10).
func pixmanFixed(_ value: Double) -> pixman_fixed_t {
    pixman_fixed_t(truncatingIfNeeded: Int64((value * 65536).rounded()))
}

/// A pixman box from integer edges.
func pixmanBox(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> pixman_box32_t {
    pixman_box32_t(x1: Int32(x0), y1: Int32(y0), x2: Int32(x1), y2: Int32(y1))
}
