import CWayland
import CWaylandProtocols

// MARK: - wl_registry: the globals and the objects bound from them

/// Tracks every advertised global and binds the ones the client uses.
///
/// Singletons (compositor, shm, xdg_wm_base, managers) are bound on first sight; every
/// wl_output and wl_seat is bound, and unbound again when its global goes away.
final class Registry {
    private let proxy: OpaquePointer
    private unowned let sink: InputSink
    /// Every global advertised and not removed, in advertisement order.
    private(set) var globals: [ClientEnvironment.Global] = []
    /// The globals bound, with the version bound.
    private(set) var bound: [ClientEnvironment.Global] = []

    private(set) var compositor: OpaquePointer?
    private(set) var shm: OpaquePointer?
    private(set) var wmBase: XdgWmBase?
    private(set) var decorationManager: OpaquePointer?
    private(set) var timestampsManager: OpaquePointer?
    private(set) var viewporter: OpaquePointer?
    private(set) var fractionalScaleManager: OpaquePointer?
    private(set) var presentation: Presentation?
    private(set) var outputs: [Output] = []
    private(set) var seats: [Seat] = []
    /// Called when an output's state changed or an output went away.
    var onOutputsChanged: () -> Void = {}
    /// Called with an output's proxy just before it is destroyed (its global went away).
    var onOutputRemoved: (OpaquePointer) -> Void = { _ in }

    /// Requests the registry of `display`; globals arrive on the next dispatch.
    init(display: OpaquePointer, sink: InputSink) {
        proxy = wl_display_get_registry(display)
        self.sink = sink
        wl_registry_add_listener(proxy, Registry.listener, userData(self))
    }

    /// Releases every bound object and the registry.
    func destroy() {
        seats.forEach { $0.destroy() }
        outputs.forEach { $0.destroy() }
        seats = []
        outputs = []
        wmBase?.destroy()
        if let decorationManager { zxdg_decoration_manager_v1_destroy(decorationManager) }
        if let timestampsManager { zwp_input_timestamps_manager_v1_destroy(timestampsManager) }
        if let fractionalScaleManager { wp_fractional_scale_manager_v1_destroy(fractionalScaleManager) }
        presentation?.destroy()
        if let viewporter { wp_viewporter_destroy(viewporter) }
        if let shm { wl_shm_destroy(shm) }
        if let compositor { wl_compositor_destroy(compositor) }
        wl_registry_destroy(proxy)
    }

    /// The output bound from `proxy`, if it is one of ours.
    func output(for proxy: OpaquePointer?) -> Output? { outputs.first { $0.proxy == proxy } }

    // MARK: - Events

    private func added(name: UInt32, interface: String, version: UInt32) {
        globals.append(.init(name: name, interface: interface, version: version))
        switch interface {
        case "wl_compositor" where compositor == nil && version >= SupportedVersion.compositorMinimum:
            compositor = bind(name, interface, gs_wl_compositor_interface(), version, SupportedVersion.compositor)
        case "wl_shm" where shm == nil:
            shm = bind(name, interface, gs_wl_shm_interface(), version, SupportedVersion.shm)
        case "xdg_wm_base" where wmBase == nil:
            wmBase = XdgWmBase(proxy: bind(name, interface, gs_xdg_wm_base_interface(), version, SupportedVersion.wmBase))
        case "zxdg_decoration_manager_v1" where decorationManager == nil:
            decorationManager = bind(name, interface, gs_zxdg_decoration_manager_v1_interface(), version,
                                     SupportedVersion.decorationManager)
        case "zwp_input_timestamps_manager_v1" where timestampsManager == nil:
            let manager = bind(name, interface, gs_zwp_input_timestamps_manager_v1_interface(), version,
                               SupportedVersion.inputTimestampsManager)
            timestampsManager = manager
            seats.forEach { $0.timestampsManagerAppeared(manager) }
        case "wp_viewporter" where viewporter == nil:
            viewporter = bind(name, interface, gs_wp_viewporter_interface(), version, SupportedVersion.viewporter)
        case "wp_fractional_scale_manager_v1" where fractionalScaleManager == nil:
            fractionalScaleManager = bind(name, interface, gs_wp_fractional_scale_manager_v1_interface(), version,
                                          SupportedVersion.fractionalScaleManager)
        case "wp_presentation" where presentation == nil:
            presentation = Presentation(proxy: bind(name, interface, gs_wp_presentation_interface(), version,
                                                    SupportedVersion.presentation))
        case "wl_output":
            let output = Output(proxy: bind(name, interface, gs_wl_output_interface(), version, SupportedVersion.output),
                                globalName: name)
            output.onChange = { [unowned self] in onOutputsChanged() }
            outputs.append(output)
        case "wl_seat":
            let seatProxy = bind(name, interface, gs_wl_seat_interface(), version, SupportedVersion.seat)
            seats.append(Seat(proxy: seatProxy, globalName: name, sink: sink, timestampsManager: { [unowned self] in
                timestampsManager
            }))
        default:
            break
        }
    }

    private func removed(name: UInt32) {
        globals.removeAll { $0.name == name }
        bound.removeAll { $0.name == name }
        if let index = outputs.firstIndex(where: { $0.globalName == name }) {
            let output = outputs.remove(at: index)
            onOutputRemoved(output.proxy)
            output.destroy()
            onOutputsChanged()
        }
        if let index = seats.firstIndex(where: { $0.globalName == name }) {
            seats.remove(at: index).destroy()
        }
    }

    private func bind(_ name: UInt32, _ interface: String, _ type: UnsafePointer<wl_interface>,
                      _ offered: UInt32, _ supported: UInt32) -> OpaquePointer {
        let version = min(offered, supported)
        bound.append(.init(name: name, interface: interface, version: version))
        return OpaquePointer(wl_registry_bind(proxy, name, type, version)!)
    }

    // MARK: - Listener

    // The event loop is single-threaded: libwayland calls these only from dispatch on its thread.
    nonisolated(unsafe) private static let listener = makeListener(wl_registry_listener(
        global: { data, _, name, interface, version in
            owner(data, as: Registry.self).added(name: name, interface: swiftString(interface) ?? "", version: version)
        },
        global_remove: { data, _, name in
            owner(data, as: Registry.self).removed(name: name)
        }))
}
