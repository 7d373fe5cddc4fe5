import CWayland
import CWaylandProtocols
import WaylandPlumbing

// MARK: - wl_registry: the globals and the objects bound from them

/// Binds the globals the client uses, on sight, from the plumbing's registry (which records them all).
///
/// Singletons (compositor, shm, xdg_wm_base, managers) are bound on first sight; every
/// wl_output and wl_seat is bound, and unbound again when its global goes away.
final class Registry {
    private let registry: WaylandRegistry
    private unowned let sink: InputSink
    private let pointerOnly: Bool
    /// Every global advertised and not removed, in advertisement order.
    var globals: [ClientEnvironment.Global] { registry.globals }
    /// The globals bound, with the version bound.
    var bound: [ClientEnvironment.Global] { registry.bound }

    private(set) var compositor: OpaquePointer?
    private(set) var shm: OpaquePointer?
    private(set) var wmBase: XdgWmBase?
    private(set) var decorationManager: OpaquePointer?
    private(set) var timestampsManager: OpaquePointer?
    private(set) var viewporter: OpaquePointer?
    private(set) var fractionalScaleManager: OpaquePointer?
    private(set) var presentation: Presentation?
    private(set) var subcompositor: OpaquePointer?
    private(set) var dataDeviceManager: OpaquePointer?
    private(set) var layerShell: LayerShell?
    private(set) var sessionLockManager: SessionLockManager?
    private(set) var textInputManager: TextInputManager?
    private(set) var inputMethodManager: InputMethodManager?
    private(set) var virtualKeyboardManager: VirtualKeyboardManager?
    private(set) var outputs: [Output] = []
    private(set) var seats: [Seat] = []
    /// Called when an output's state changed or an output went away.
    var onOutputsChanged: () -> Void = {}
    /// Called with an output's proxy just before it is destroyed (its global went away).
    var onOutputRemoved: (OpaquePointer) -> Void = { _ in }

    /// Requests the registry of `display`; globals arrive on the next dispatch. `pointerOnly`
    /// seats bind no wl_touch and record their pointer's events.
    init(display: OpaquePointer, sink: InputSink, pointerOnly: Bool = false) {
        registry = WaylandRegistry(display: display)
        self.sink = sink
        self.pointerOnly = pointerOnly
        registry.onGlobal = { [unowned self] in added($0) }
        registry.onGlobalRemoved = { [unowned self] in removed(name: $0) }
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
        if let subcompositor { wl_subcompositor_destroy(subcompositor) }
        if let dataDeviceManager { wl_data_device_manager_destroy(dataDeviceManager) }
        layerShell?.destroy()
        sessionLockManager?.destroy()
        textInputManager?.destroy()
        inputMethodManager?.destroy()
        virtualKeyboardManager?.destroy()
        if let compositor { wl_compositor_destroy(compositor) }
        registry.destroy()
    }

    /// The output bound from `proxy`, if it is one of ours.
    func output(for proxy: OpaquePointer?) -> Output? { outputs.first { $0.proxy == proxy } }

    // MARK: - Events

    private func added(_ global: WaylandGlobal) {
        switch global.interface {
        case "wl_compositor" where compositor == nil && global.version >= SupportedVersion.compositorMinimum:
            compositor = registry.bind(global, as: gs_wl_compositor_interface(), version: SupportedVersion.compositor)
        case "wl_shm" where shm == nil:
            shm = registry.bind(global, as: gs_wl_shm_interface(), version: SupportedVersion.shm)
        case "xdg_wm_base" where wmBase == nil:
            wmBase = XdgWmBase(proxy: registry.bind(global, as: gs_xdg_wm_base_interface(),
                                                    version: SupportedVersion.wmBase))
        case "zxdg_decoration_manager_v1" where decorationManager == nil:
            decorationManager = registry.bind(global, as: gs_zxdg_decoration_manager_v1_interface(),
                                              version: SupportedVersion.decorationManager)
        case "zwp_input_timestamps_manager_v1" where timestampsManager == nil:
            let manager = registry.bind(global, as: gs_zwp_input_timestamps_manager_v1_interface(),
                                        version: SupportedVersion.inputTimestampsManager)
            timestampsManager = manager
            seats.forEach { $0.timestampsManagerAppeared(manager) }
        case "wp_viewporter" where viewporter == nil:
            viewporter = registry.bind(global, as: gs_wp_viewporter_interface(), version: SupportedVersion.viewporter)
        case "wp_fractional_scale_manager_v1" where fractionalScaleManager == nil:
            fractionalScaleManager = registry.bind(global, as: gs_wp_fractional_scale_manager_v1_interface(),
                                                   version: SupportedVersion.fractionalScaleManager)
        case "wp_presentation" where presentation == nil:
            presentation = Presentation(proxy: registry.bind(global, as: gs_wp_presentation_interface(),
                                                             version: SupportedVersion.presentation))
        case "wl_subcompositor" where subcompositor == nil:
            subcompositor = registry.bind(global, as: gs_wl_subcompositor_interface(), version: SupportedVersion.subcompositor)
        case "wl_data_device_manager" where dataDeviceManager == nil:
            dataDeviceManager = registry.bind(global, as: gs_wl_data_device_manager_interface(),
                                              version: SupportedVersion.dataDeviceManager)
        case "zwlr_layer_shell_v1" where layerShell == nil:
            layerShell = LayerShell(proxy: registry.bind(global, as: gs_zwlr_layer_shell_v1_interface(),
                                                         version: SupportedVersion.layerShell),
                                    version: min(global.version, SupportedVersion.layerShell))
        case "ext_session_lock_manager_v1" where sessionLockManager == nil:
            sessionLockManager = SessionLockManager(proxy: registry.bind(
                global, as: gs_ext_session_lock_manager_v1_interface(), version: SupportedVersion.sessionLockManager))
        case "zwp_text_input_manager_v3" where textInputManager == nil:
            textInputManager = TextInputManager(proxy: registry.bind(global, as: gs_zwp_text_input_manager_v3_interface(),
                                                                     version: SupportedVersion.textInputManager))
        case "zwp_input_method_manager_v2" where inputMethodManager == nil:
            inputMethodManager = InputMethodManager(proxy: registry.bind(
                global, as: gs_zwp_input_method_manager_v2_interface(), version: SupportedVersion.inputMethodManager))
        case "zwp_virtual_keyboard_manager_v1" where virtualKeyboardManager == nil:
            virtualKeyboardManager = VirtualKeyboardManager(proxy: registry.bind(
                global, as: gs_zwp_virtual_keyboard_manager_v1_interface(), version: SupportedVersion.virtualKeyboardManager))
        case "wl_output":
            let proxy = registry.bind(global, as: gs_wl_output_interface(), version: SupportedVersion.output)
            let output = Output(proxy: proxy, globalName: global.name)
            output.onChange = { [unowned self] in onOutputsChanged() }
            outputs.append(output)
        case "wl_seat":
            let seatProxy = registry.bind(global, as: gs_wl_seat_interface(), version: SupportedVersion.seat)
            seats.append(Seat(proxy: seatProxy, globalName: global.name, sink: sink, pointerOnly: pointerOnly,
                              timestampsManager: { [unowned self] in
                timestampsManager
            }))
        default:
            break
        }
    }

    private func removed(name: UInt32) {
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
}
