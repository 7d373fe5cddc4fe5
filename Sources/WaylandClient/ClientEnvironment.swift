import WaylandPlumbing

// MARK: - Sizes

/// A size in surface-local logical pixels (what the compositor configures).
public struct LogicalSize: Hashable, Sendable, Codable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Creates a size.
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    public var description: String { "\(width)x\(height)" }
}

/// A size in buffer pixels: logical size times the render scale (see `SurfaceScale`).
public struct PixelSize: Hashable, Sendable, Codable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Creates a size.
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    public var description: String { "\(width)x\(height)" }
}

// MARK: - What the compositor offered

/// A snapshot of the compositor as this client sees it, for trace headers and reports.
public struct ClientEnvironment: Hashable, Sendable, Codable {
    /// A registry global: its name, interface and version (as the registry recorded it).
    public typealias Global = WaylandGlobal

    /// A seat: name, bound version, capabilities and the version of its wl_touch, if any.
    public struct SeatInfo: Hashable, Sendable, Codable {
        public var name: String?
        public var version: UInt32
        /// "pointer", "keyboard", "touch" as currently announced.
        public var capabilities: [String]
        public var touchVersion: UInt32?
    }

    /// The display connected to (socket name or path).
    public var display: String
    /// Every global advertised, in order, with the version offered.
    public var globals: [Global]
    /// The globals bound, with the version bound.
    public var bound: [Global]
    /// Every bound seat, in advertisement order.
    public var seats: [SeatInfo]
    /// Every bound output, in advertisement order.
    public var outputs: [OutputInfo]
    /// The window's size in logical pixels.
    public var surfaceLogicalSize: LogicalSize
    /// The wl_surface buffer scale in use (1 under a fractional scale).
    public var bufferScale: Int
    /// The wp_fractional_scale_v1 preferred scale frames are drawn at (numerator / 120), nil when
    /// the integer `bufferScale` is in use (protocol not offered, or no preferred scale yet).
    public var fractionalScale: Double? = nil

    /// Buffer pixels per logical pixel: `fractionalScale`, else `bufferScale`.
    public var renderScale: Double { fractionalScale ?? Double(bufferScale) }
    /// The first seat's name (most compositors have one seat).
    public var seatName: String? { seats.first?.name }
    /// The first seat's bound version.
    public var seatVersion: UInt32? { seats.first?.version }
    /// The wl_touch version of the first seat that has touch.
    public var touchVersion: UInt32? { seats.lazy.compactMap(\.touchVersion).first }
    /// The version offered for `interface`, if advertised.
    public func version(of interface: String) -> UInt32? { globals.first { $0.interface == interface }?.version }
}
