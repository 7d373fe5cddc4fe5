import TouchKit

// MARK: - How buffer pixels map to surface pixels

/// The scale the window's buffers are drawn at, and how the compositor is told about it.
///
/// Rule: a preferred scale from wp_fractional_scale_v1 wins whenever one arrived (the client binds
/// that protocol only together with wp_viewporter); otherwise the integer scale of the outputs the
/// surface is on. An integer scale n is sent with wl_surface.set_buffer_scale(n); a fractional one
/// keeps the buffer scale at 1 and maps the buffer onto the logical size with
/// wp_viewport.set_destination. Either way input (wl_touch, wl_pointer) stays in surface-local
/// logical pixels: scaling changes only how many buffer pixels cover one logical pixel.
public enum SurfaceScale: Hashable, Sendable, CustomStringConvertible {
    /// wl_surface.set_buffer_scale(n), no viewport destination: n buffer px per logical px.
    case integer(Int)
    /// wp_fractional_scale_v1.preferred_scale: `numerator` / 120 buffer px per logical px.
    case fractional(numerator: UInt32)

    /// wp_fractional_scale_v1 sends the numerator of a fraction over this denominator (protocol text).
    public static let fractionalDenominator: UInt32 = 120

    /// The scale in use given the outputs' integer scale and the compositor's preferred fractional
    /// scale (nil when wp_fractional_scale_v1 is not in use or has not spoken yet). A preferred
    /// numerator of 0 is not a scale (the protocol never sends one): the integer scale is kept.
    public static func choose(integer: Int, preferredNumerator: UInt32?) -> SurfaceScale {
        if let preferredNumerator, preferredNumerator > 0 { return .fractional(numerator: preferredNumerator) }
        return .integer(max(integer, 1))
    }

    /// Buffer pixels per logical pixel: what the renderer multiplies logical coordinates by.
    public var renderScale: Double {
        switch self {
        case .integer(let scale): Double(scale)
        case .fractional(let numerator): Double(numerator) / Double(Self.fractionalDenominator)
        }
    }

    /// The wl_surface buffer scale to send: 1 under a fractional scale (the viewport scales instead).
    public var bufferScale: Int {
        switch self {
        case .integer(let scale): scale
        case .fractional: 1
        }
    }

    /// True when the fractional protocol decides the scale.
    public var isFractional: Bool {
        if case .fractional = self { true } else { false }
    }

    /// The buffer for a surface of `logical` size: logical × scale; under a fractional scale
    /// rounded half away from zero, as wp_fractional_scale_v1 asks for toplevels (computed in
    /// integers over 120, so 0.5 cases are exact).
    public func bufferSize(for logical: LogicalSize) -> PixelSize {
        switch self {
        case .integer(let scale):
            return PixelSize(width: logical.width * scale, height: logical.height * scale)
        case .fractional(let numerator):
            func scaled(_ length: Int) -> Int {
                let denominator = Int(Self.fractionalDenominator)
                let product = length * Int(numerator)
                // Half away from zero on both sides of 0 (a negative size is a bug upstream, not a crash here).
                return (product >= 0 ? product + denominator / 2 : product - denominator / 2) / denominator
            }
            return PixelSize(width: scaled(logical.width), height: scaled(logical.height))
        }
    }

    /// The wp_viewport destination for a surface of `logical` size: the logical size under a
    /// fractional scale, nil (unset) under an integer one.
    public func viewportDestination(for logical: LogicalSize) -> LogicalSize? {
        isFractional ? logical : nil
    }

    /// Everything the compositor must know about the buffer for a surface of `logical` size.
    public func geometry(for logical: LogicalSize) -> SurfaceGeometry {
        SurfaceGeometry(bufferSize: bufferSize(for: logical), bufferScale: bufferScale,
                        viewportDestination: viewportDestination(for: logical))
    }

    /// The smallest buffer-pixel rectangle covering `rect` (logical px) at `renderScale`, snapped as
    /// the repaint clip is (`PixelRect(covering:scale:)`), so the damage sent covers every pixel
    /// repainted. Not clamped to the buffer (WaylandApp clamps).
    public func damage(covering rect: Rect) -> PixelRect {
        PixelRect(covering: rect, scale: renderScale)
    }

    public var description: String {
        switch self {
        case .integer(let scale): "\(scale) (integer)"
        case .fractional(let numerator): "\(renderScale) (fractional \(numerator)/\(Self.fractionalDenominator))"
        }
    }
}

// MARK: - What a commit tells the compositor

/// The buffer geometry of one commit: buffer size, wl_surface buffer scale and wp_viewport
/// destination (nil: unset, the buffer size divided by the buffer scale is the surface size).
public struct SurfaceGeometry: Hashable, Sendable {
    /// The buffer's size in buffer pixels.
    public var bufferSize: PixelSize
    /// The wl_surface.set_buffer_scale value.
    public var bufferScale: Int
    /// The wp_viewport.set_destination size, nil for unset.
    public var viewportDestination: LogicalSize?
}
