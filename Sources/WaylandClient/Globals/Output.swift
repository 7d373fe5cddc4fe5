import CWayland
import WaylandPlumbing

// MARK: - What an output reports

/// The current state of one wl_output, as last completed by its `done` event.
public struct OutputInfo: Hashable, Sendable, Codable {
    /// The current mode: size in hardware pixels and refresh rate.
    public struct Mode: Hashable, Sendable, Codable {
        public var width: Int32
        public var height: Int32
        /// Refresh rate in mHz.
        public var refreshMillihertz: Int32
    }

    /// The registry name of the global.
    public var globalName: UInt32
    /// The wl_output version bound.
    public var version: UInt32
    /// wl_output.name (v4), e.g. "headless", "DP-1".
    public var name: String?
    /// wl_output.description (v4).
    public var description: String?
    /// wl_output.geometry make and model.
    public var make: String?
    public var model: String?
    /// Position in the compositor's global space.
    public var x: Int32 = 0
    public var y: Int32 = 0
    /// Physical size in millimetres.
    public var physicalWidth: Int32 = 0
    public var physicalHeight: Int32 = 0
    /// Integer scale factor (1 until the compositor says otherwise).
    public var scale: Int32 = 1
    /// wl_output.transform: "normal", "90", "180", "270", "flipped", "flipped-90", …
    public var transform: String = "normal"
    /// The current mode, once announced.
    public var mode: Mode?

    /// The name wayland.xml gives a wl_output.transform value.
    static func transformName(_ value: Int32) -> String {
        switch value {
        case 0: "normal"
        case 1: "90"
        case 2: "180"
        case 3: "270"
        case 4: "flipped"
        case 5: "flipped-90"
        case 6: "flipped-180"
        case 7: "flipped-270"
        default: "unknown(\(value))"
        }
    }
}

// MARK: - wl_output

/// One bound wl_output; its events are applied atomically on `done` (v2+) or at once (v1).
final class Output {
    /// The wl_output proxy.
    let proxy: OpaquePointer
    /// The registry name.
    let globalName: UInt32
    /// The state as of the last `done`.
    private(set) var info: OutputInfo
    private var pending: OutputInfo
    /// Called after the state changed.
    var onChange: () -> Void = {}

    /// Takes ownership of a bound wl_output.
    init(proxy: OpaquePointer, globalName: UInt32) {
        self.proxy = proxy
        self.globalName = globalName
        info = OutputInfo(globalName: globalName, version: wl_proxy_get_version(proxy))
        pending = info
        wl_output_add_listener(proxy, Output.listener, userData(self))
    }

    /// Releases (v3+) or destroys the proxy.
    func destroy() {
        if wl_proxy_get_version(proxy) >= 3 { wl_output_release(proxy) } else { wl_output_destroy(proxy) }
    }

    private func update(_ change: (inout OutputInfo) -> Void) {
        change(&pending)
        // Before v2 there is no done event: every event stands alone.
        if info.version < 2 { commit() }
    }

    private func commit() {
        info = pending
        onChange()
    }

    // MARK: - Listener

    /// wl_output.mode flag marking the current mode.
    private static let currentModeFlag = UInt32(WL_OUTPUT_MODE_CURRENT.rawValue)

    // The event loop is single-threaded: libwayland calls these only from dispatch on its thread.
    nonisolated(unsafe) private static let listener = makeListener(wl_output_listener(
        geometry: { data, _, x, y, physicalWidth, physicalHeight, _, make, model, transform in
            owner(data, as: Output.self).update {
                $0.x = x; $0.y = y
                $0.physicalWidth = physicalWidth; $0.physicalHeight = physicalHeight
                $0.make = swiftString(make); $0.model = swiftString(model)
                $0.transform = OutputInfo.transformName(transform)
            }
        },
        mode: { data, _, flags, width, height, refresh in
            guard flags & Output.currentModeFlag != 0 else { return }
            owner(data, as: Output.self).update {
                $0.mode = .init(width: width, height: height, refreshMillihertz: refresh)
            }
        },
        done: { data, _ in owner(data, as: Output.self).commit() },
        scale: { data, _, factor in owner(data, as: Output.self).update { $0.scale = factor } },
        name: { data, _, name in owner(data, as: Output.self).update { $0.name = swiftString(name) } },
        description: { data, _, text in
            owner(data, as: Output.self).update { $0.description = swiftString(text) }
        }))
}
