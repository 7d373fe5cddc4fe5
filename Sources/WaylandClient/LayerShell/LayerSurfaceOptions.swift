import CWaylandProtocols

// MARK: - What the layer surface is asked to be

/// A zwlr_layer_shell_v1 surface shown beside the window (`run --layer-surface` and the
/// `--layer-*` options): each field is sent with the zwlr_layer_surface_v1 request of its name
/// before the surface's first commit, exactly as given, so a compositor's answer to any
/// combination the protocol allows can be recorded.
public struct LayerSurfaceOptions: Hashable, Sendable {
    /// zwlr_layer_shell_v1.layer, bottom-most first (toplevels sit between bottom and top).
    public enum Layer: String, CaseIterable, Hashable, Sendable {
        case background, bottom, top, overlay

        /// The protocol's value.
        var protocolValue: UInt32 {
            switch self {
            case .background: ZWLR_LAYER_SHELL_V1_LAYER_BACKGROUND.rawValue
            case .bottom: ZWLR_LAYER_SHELL_V1_LAYER_BOTTOM.rawValue
            case .top: ZWLR_LAYER_SHELL_V1_LAYER_TOP.rawValue
            case .overlay: ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY.rawValue
            }
        }
    }

    /// zwlr_layer_surface_v1.keyboard_interactivity.
    public enum KeyboardInteractivity: String, CaseIterable, Hashable, Sendable {
        /// Never given keyboard focus (the protocol's default).
        case none
        /// On the top and overlay layers, takes the keyboard from every other surface.
        case exclusive
        /// Focused and unfocused like a toplevel, as the compositor decides (protocol version 4).
        case onDemand = "on-demand"

        /// The protocol's value.
        var protocolValue: UInt32 {
            switch self {
            case .none: ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE.rawValue
            case .exclusive: ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_EXCLUSIVE.rawValue
            case .onDemand: ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_ON_DEMAND.rawValue
            }
        }

        /// The first zwlr_layer_shell_v1 version that has this mode.
        public var sinceVersion: UInt32 {
            self == .onDemand ? UInt32(ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_ON_DEMAND_SINCE_VERSION) : 1
        }
    }

    /// zwlr_layer_surface_v1.anchor: the output edges the surface is anchored to (none: centred).
    public struct Anchor: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        /// Creates a set from the protocol's bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let top = Anchor(rawValue: ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue)
        public static let bottom = Anchor(rawValue: ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue)
        public static let left = Anchor(rawValue: ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue)
        public static let right = Anchor(rawValue: ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue)
        /// Each edge with the name options and docs give it.
        public static let named: [(name: String, edge: Anchor)] = [
            ("top", .top), ("bottom", .bottom), ("left", .left), ("right", .right),
        ]
    }

    /// zwlr_layer_surface_v1.set_margin: distances from the anchored edges, surface-local px.
    public struct Margin: Hashable, Sendable {
        public var top: Int32, right: Int32, bottom: Int32, left: Int32
        /// Creates a margin in the protocol's order.
        public init(top: Int32, right: Int32, bottom: Int32, left: Int32) {
            (self.top, self.right, self.bottom, self.left) = (top, right, bottom, left)
        }
        /// No margin (the protocol's default).
        public static let zero = Margin(top: 0, right: 0, bottom: 0, left: 0)
    }

    /// The size without `--layer-size`: a panel-like strip small enough to leave the window touchable.
    public static let defaultSize = LogicalSize(width: 320, height: 120)
    /// The namespace sent with get_layer_surface (what compositors' rules match on).
    static let namespace = "gesture-sandbox"

    /// The layer it is shown on.
    public var layer: Layer
    /// How it may get keyboard focus.
    public var keyboard: KeyboardInteractivity
    /// The edges it is anchored to.
    public var anchor: Anchor
    /// Its size, logical px; 0 in a dimension lets the compositor choose it.
    public var size: LogicalSize
    /// The exclusive zone: > 0 px kept clear of other surfaces, 0 moved out of others', -1 neither.
    public var exclusiveZone: Int32
    /// Its distance from the anchored edges.
    public var margin: Margin
    /// The output asked for in get_layer_surface; nil leaves it to the compositor.
    public var output: LayerOutputChoice?

    /// Creates the options; only the layer is required.
    public init(layer: Layer, keyboard: KeyboardInteractivity = .none, anchor: Anchor = [],
                size: LogicalSize = LayerSurfaceOptions.defaultSize, exclusiveZone: Int32 = 0, margin: Margin = .zero,
                output: LayerOutputChoice? = nil) {
        self.layer = layer
        self.keyboard = keyboard
        self.anchor = anchor
        self.size = size
        self.exclusiveZone = exclusiveZone
        self.margin = margin
        self.output = output
    }

    /// Why the protocol forbids this combination (set_size: a zero dimension needs the surface
    /// anchored to both opposite edges of it), or nil when it allows it.
    public var conflict: String? {
        if size.width == 0, !anchor.isSuperset(of: [.left, .right]) {
            return "a layer surface 0 wide must be anchored to both left and right"
        }
        if size.height == 0, !anchor.isSuperset(of: [.top, .bottom]) {
            return "a layer surface 0 high must be anchored to both top and bottom"
        }
        return nil
    }
}
