import CWayland
import CWaylandProtocols
import Foundation
import SandboxHarness

/// Our blocking Wayland client of KWin: it injects through org_kde_kwin_fake_input and watches
/// windows through org_kde_plasma_window_management (both restricted interfaces, open with
/// KWIN_WAYLAND_NO_PERMISSION_CHECKS=1).
///
/// It stays connected for the whole session: KWin's fake touch device, and with it the seat's
/// touch capability, lives as long as this connection. Events are dispatched only inside its calls.
final class KWinConnection {
    let display: OpaquePointer
    var registry: OpaquePointer?
    var fakeInput: OpaquePointer?
    var windowManagement: OpaquePointer?
    /// Every window KWin has announced, in announcement order.
    var windows: [PlasmaWindow] = []

    /// Connects to `socketPath`, binds both globals and authenticates the injector.
    init(socketPath: String) throws {
        guard let display = wl_display_connect(socketPath) else {
            throw DriverError("cannot connect to KWin at \(socketPath): \(String(cString: strerror(errno)))")
        }
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, KWinConnection.registryListener, Unmanaged.passUnretained(self).toOpaque())
        try roundtrip()
        guard fakeInput != nil else {
            throw DriverError("KWin at \(socketPath) offers no org_kde_kwin_fake_input (is KWIN_WAYLAND_NO_PERMISSION_CHECKS set?)")
        }
        guard windowManagement != nil else {
            throw DriverError("KWin at \(socketPath) offers no org_kde_plasma_window_management")
        }
        org_kde_kwin_fake_input_authenticate(fakeInput, "gesture-sandbox", "compositor matrix touch injection")
        // Make KWin create the fake device (and the seat's touch capability) before any client starts.
        try roundtrip()
    }

    deinit {
        for window in windows { window.destroy() }
        if let fakeInput { org_kde_kwin_fake_input_destroy(fakeInput) }
        if let windowManagement { org_kde_plasma_window_management_destroy(windowManagement) }
        if let registry { wl_registry_destroy(registry) }
        wl_display_disconnect(display)
    }

    // MARK: - Dispatching

    /// Sends pending requests and waits until KWin has processed them all.
    func roundtrip() throws {
        if wl_display_roundtrip(display) < 0 { throw connectionError() }
    }

    /// Serves the connection for `seconds` (at least one pass).
    func dispatch(for seconds: Double) throws {
        let deadline = MonotonicClock.now() + seconds
        repeat {
            while wl_display_prepare_read(display) != 0 {
                if wl_display_dispatch_pending(display) < 0 { throw connectionError() }
            }
            if wl_display_flush(display) < 0, errno != EAGAIN {
                wl_display_cancel_read(display)
                throw connectionError()
            }
            var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(max(0, ((deadline - MonotonicClock.now()) * 1000).rounded(.up)))
            if poll(&descriptor, 1, milliseconds) > 0 {
                if wl_display_read_events(display) < 0 { throw connectionError() }
            } else {
                wl_display_cancel_read(display)
            }
            if wl_display_dispatch_pending(display) < 0 { throw connectionError() }
        } while MonotonicClock.now() < deadline
    }

    /// Writes buffered requests at once, so injection timing is real.
    func flush() throws {
        if wl_display_flush(display) < 0, errno != EAGAIN { throw connectionError() }
    }

    private func connectionError() -> DriverError {
        let code = wl_display_get_error(display)
        return DriverError("KWin connection failed: \(String(cString: strerror(code == 0 ? errno : code)))")
    }

    // MARK: - wl_registry

    /// The interface versions this client speaks.
    static let fakeInputVersion: UInt32 = 4
    static let windowManagementVersion: UInt32 = 16

    nonisolated(unsafe) static let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
        let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_registry_listener(
            global: { data, _, name, interface, version in
                guard let data, let interface else { return }
                let connection = Unmanaged<KWinConnection>.fromOpaque(data).takeUnretainedValue()
                connection.registryGlobal(name: name, interface: String(cString: interface), version: version)
            },
            global_remove: { _, _, _ in
                // Both globals live as long as KWin.
            }
        ))
        return listener
    }()

    private func registryGlobal(name: UInt32, interface: String, version: UInt32) {
        switch interface {
        case "org_kde_kwin_fake_input" where fakeInput == nil:
            fakeInput = OpaquePointer(wl_registry_bind(registry, name, gs_org_kde_kwin_fake_input_interface(),
                                                       min(version, KWinConnection.fakeInputVersion)))
        case "org_kde_plasma_window_management" where windowManagement == nil:
            let bound = wl_registry_bind(registry, name, gs_org_kde_plasma_window_management_interface(),
                                         min(version, KWinConnection.windowManagementVersion))
            windowManagement = OpaquePointer(bound)
            org_kde_plasma_window_management_add_listener(windowManagement, PlasmaWindow.managementListener,
                                                          Unmanaged.passUnretained(self).toOpaque())
        default:
            break
        }
    }
}
