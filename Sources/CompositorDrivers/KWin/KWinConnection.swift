import CWaylandProtocols
import Foundation
import WaylandPlumbing

/// Our blocking Wayland client of KWin: it injects through org_kde_kwin_fake_input and watches
/// windows through org_kde_plasma_window_management (both restricted interfaces, open with
/// KWIN_WAYLAND_NO_PERMISSION_CHECKS=1).
///
/// It stays connected for the whole session: KWin's fake touch device, and with it the seat's
/// touch capability, lives as long as this connection. Events are dispatched only inside its calls.
final class KWinConnection {
    /// The socket connected to, for error messages.
    let socketPath: String
    let connection: WaylandConnection
    var registry: WaylandRegistry?
    var fakeInput: OpaquePointer?
    var windowManagement: OpaquePointer?
    /// Every window KWin has announced, in announcement order.
    var windows: [PlasmaWindow] = []

    /// The interface versions this client speaks.
    static let fakeInputVersion: UInt32 = 4
    static let windowManagementVersion: UInt32 = 16

    /// Connects to `socketPath`, binds both globals and authenticates the injector.
    init(socketPath: String) throws {
        do {
            connection = try WaylandConnection(display: socketPath)
        } catch {
            throw DriverError("KWin: \(error)")
        }
        self.socketPath = socketPath
        let registry = WaylandRegistry(display: connection.display)
        self.registry = registry
        try roundtrip()
        fakeInput = registry.bind("org_kde_kwin_fake_input", as: gs_org_kde_kwin_fake_input_interface(),
                                  version: KWinConnection.fakeInputVersion)
        guard fakeInput != nil else {
            throw DriverError("KWin at \(socketPath) offers no org_kde_kwin_fake_input (is KWIN_WAYLAND_NO_PERMISSION_CHECKS set?)")
        }
        windowManagement = registry.bind("org_kde_plasma_window_management",
                                         as: gs_org_kde_plasma_window_management_interface(),
                                         version: KWinConnection.windowManagementVersion)
        guard let windowManagement else {
            throw DriverError("KWin at \(socketPath) offers no org_kde_plasma_window_management")
        }
        org_kde_plasma_window_management_add_listener(windowManagement, KWinConnection.managementListener,
                                                      userData(self))
        org_kde_kwin_fake_input_authenticate(fakeInput, "gesture-sandbox", "compositor matrix touch injection")
        // Make KWin create the fake device (and the seat's touch capability) before any client starts.
        try roundtrip()
    }

    deinit {
        for window in windows { window.destroy() }
        if let fakeInput { org_kde_kwin_fake_input_destroy(fakeInput) }
        if let windowManagement { org_kde_plasma_window_management_destroy(windowManagement) }
        registry?.destroy()
    }

    // MARK: - Dispatching

    /// Sends pending requests and waits until KWin has processed them all.
    func roundtrip() throws {
        try checked(connection.roundtrip)
    }

    /// Serves the connection for `seconds` (at least one pass).
    func dispatch(for seconds: Double) throws {
        try checked { try connection.dispatch(for: seconds) }
    }

    /// Writes buffered requests at once, so injection timing is real.
    func flush() throws {
        try checked(connection.flushAll)
    }

    /// Runs a call on the connection, reporting its failure in one line naming KWin's socket.
    private func checked(_ call: () throws -> Void) throws {
        do {
            try call()
        } catch let failure as WaylandConnectionError {
            throw DriverError("KWin at \(socketPath): \(failure)")
        }
    }
}
