import FoundationEssentials

// MARK: - Line 1 of a JSON Lines trace (DESIGN §8)

/// The first line of a JSON Lines trace: what produced it, under which compositor, and when.
public struct TraceHeader: Codable, Hashable, Sendable {
    /// The value of `format` in every trace this tool writes.
    public static let formatName = "gesture-sandbox-trace"
    /// The trace format version this tool writes (2 added the surface records, ``SurfaceEvent``;
    /// 3 the layer surface's, `layer-configure` and `layer-closed`, the keys', the text input's and the pointer's, `pointer-*`).
    public static let currentVersion = 3
    /// The versions this tool reads: each earlier version is the next without the records it added.
    public static let readableVersions = 1...currentVersion

    /// Always ``formatName``.
    public var format: String
    /// Always ``currentVersion`` for traces this tool writes.
    public var version: Int
    /// Version of the tool that recorded the trace.
    public var toolVersion: String
    /// The compositor as far as the client could see it.
    public var environment: CompositorEnvironment
    /// Name of the threshold profile in use while recording (DESIGN §6).
    public var profile: String
    /// Creation time, ISO 8601 (see ``TraceHeader/isoTimestamp(_:)``).
    public var created: String

    /// Creates a header for the current format version.
    public init(toolVersion: String, environment: CompositorEnvironment = CompositorEnvironment(),
                profile: String, created: String) {
        format = Self.formatName
        version = Self.currentVersion
        self.toolVersion = toolVersion
        self.environment = environment
        self.profile = profile
        self.created = created
    }

    /// `date` as an ISO 8601 UTC timestamp with milliseconds, e.g. `2026-11-22T05:00:00.000Z`.
    public static func isoTimestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// The header as one line of JSON (keys sorted, so equal headers are equal bytes).
    public func jsonLine() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and integers cannot fail.
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// What the client learnt about the compositor it ran under.
public struct CompositorEnvironment: Codable, Hashable, Sendable {
    /// A wl_registry global.
    public struct Global: Codable, Hashable, Sendable {
        /// Interface name, e.g. "wl_seat".
        public var interface: String
        /// Version the compositor advertised.
        public var version: Int
        /// Creates a global entry.
        public init(interface: String, version: Int) { self.interface = interface; self.version = version }
    }

    /// The wl_seat used.
    public struct Seat: Codable, Hashable, Sendable {
        /// wl_seat.name.
        public var name: String
        /// Version the client bound.
        public var version: Int
        /// Creates a seat entry.
        public init(name: String, version: Int) { self.name = name; self.version = version }
    }

    /// A wl_output with its current mode.
    public struct Output: Codable, Hashable, Sendable {
        /// wl_output.name (v4), or a description when the output has none.
        public var name: String
        /// wl_output.scale.
        public var scale: Int
        /// wl_output.transform as its wayland.xml name ("normal", "90", "flipped-270", …).
        public var transform: String
        /// Current mode width in device px.
        public var width: Int
        /// Current mode height in device px.
        public var height: Int
        /// Refresh rate in mHz, as wl_output.mode.
        public var refresh: Int
        /// Creates an output entry.
        public init(name: String, scale: Int, transform: String, width: Int, height: Int, refresh: Int) {
            self.name = name; self.scale = scale; self.transform = transform
            self.width = width; self.height = height; self.refresh = refresh
        }
    }

    /// The client's surface.
    public struct Surface: Codable, Hashable, Sendable {
        /// Size in logical px.
        public var width: Int
        /// Height in logical px.
        public var height: Int
        /// wl_surface buffer scale.
        public var bufferScale: Int
        /// wp_fractional_scale_v1's preferred scale when in use (buffer scale is then 1), else nil.
        public var fractionalScale: Double?
        /// Creates a surface entry.
        public init(width: Int, height: Int, bufferScale: Int, fractionalScale: Double? = nil) {
            self.width = width; self.height = height; self.bufferScale = bufferScale
            self.fractionalScale = fractionalScale
        }
    }

    /// Compositor name and version when known (e.g. "weston 10.0.1").
    public var compositor: String?
    /// The wl_registry globals seen.
    public var globals: [Global]
    /// The seat whose wl_touch was recorded.
    public var seat: Seat?
    /// Bound wl_touch version (from the seat's version).
    public var touchVersion: Int?
    /// The outputs known when recording started.
    public var outputs: [Output]
    /// The recorded surface.
    public var surface: Surface?

    /// Creates an environment; everything unknown by default.
    public init(compositor: String? = nil, globals: [Global] = [], seat: Seat? = nil, touchVersion: Int? = nil,
                outputs: [Output] = [], surface: Surface? = nil) {
        self.compositor = compositor
        self.globals = globals
        self.seat = seat
        self.touchVersion = touchVersion
        self.outputs = outputs
        self.surface = surface
    }
}
