import TouchKit

// MARK: - Fact values written the same way on every run

/// Formats snapshot fact values so they compare as text: stable, short, and free of float noise.
public enum FactText {
    /// Fraction digits kept for lengths and coordinates: far below a wl_fixed step (1/256 px).
    public static let fractionDigits = 3
    private static let scale = 1000.0

    /// A number rounded to `fractionDigits`, written without a fraction when whole ("12", "12.649").
    public static func number(_ value: Double) -> String {
        let rounded = (value * scale).rounded() / scale
        guard rounded.isFinite else { return "nan" }
        if rounded == rounded.rounded(), abs(rounded) < Double(Int.max) { return String(Int(rounded)) }
        return String(rounded)
    }

    /// A point as "X Y".
    public static func point(_ point: Point) -> String { "\(number(point.x)) \(number(point.y))" }

    /// Touch ids as "0,1,2" ("" when none).
    public static func ids<S: Sequence>(_ ids: S) -> String where S.Element == Int32 {
        ids.map(String.init).joined(separator: ",")
    }
}
