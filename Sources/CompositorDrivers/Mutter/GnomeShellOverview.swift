import Foundation
import SandboxHarness

/// GNOME Shell's overview, which it shows at startup and which takes every touch while shown.
///
/// An Escape sent early is lost: until the Shell's startup animation ends the overview holds no
/// keyboard grab, and when the animation ends the overview is shown for good (seen under load as a
/// client that got no touch at all). So the driver waits for the end of startup, hides the overview
/// through org.gnome.Shell's `OverviewActive` property and reads it back until it is false — which
/// the Shell reports only once the hiding has finished.
enum GnomeShellOverview {
    /// The line the Shell logs when its startup (and its startup animation) has completed.
    static let startupCompleteLine = "GNOME Shell started at"
    /// Seconds between two requests to hide the overview while it stays shown.
    static let retryInterval = 1.0
    /// How often the log and the property are read (seconds).
    private static let pollInterval = 0.02

    private static let destination = "org.gnome.Shell"
    private static let path = "/org/gnome/Shell"

    /// Waits for the end of the Shell's startup, then hides the overview and waits until it is gone.
    static func leave(on bus: DBusConnection, shell: ChildProcess, until deadline: Double,
                      alive: () throws -> Void) throws {
        let log = LogFollower(path: shell.logPath, scan: LogSearch(startupCompleteLine))
        while log.refresh().line == nil {
            try alive()
            guard MonotonicClock.now() < deadline else {
                throw DriverError("gnome-shell did not finish starting (no \"\(startupCompleteLine)\" in its log)")
            }
            MonotonicClock.sleep(pollInterval)
        }
        var requested = -Double.infinity
        while try isActive(on: bus) {
            try alive()
            let now = MonotonicClock.now()
            guard now < deadline else { throw DriverError("gnome-shell's overview stayed shown") }
            if now - requested >= retryInterval {
                try bus.call(destination: destination, path: path, interface: "org.freedesktop.DBus.Properties",
                             method: "Set", arguments: [.string(destination), .string("OverviewActive"),
                                                        .variant(.bool(false))])
                requested = now
            }
            MonotonicClock.sleep(pollInterval)
        }
    }

    /// True while the overview is shown or still hiding.
    static func isActive(on bus: DBusConnection) throws -> Bool {
        let value = try bus.property(destination: destination, path: path, interface: destination, name: "OverviewActive")
        guard case .bool(let active) = value else { throw DriverError("org.gnome.Shell's OverviewActive is \(value)") }
        return active
    }
}
