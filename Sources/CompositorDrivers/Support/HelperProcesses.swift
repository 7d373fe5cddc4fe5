import Foundation
import SandboxHarness

/// The daemons a compositor needs around it (private D-Bus buses, PipeWire, WirePlumber),
/// stopped by pid in the reverse order of their start.
final class HelperProcesses {
    private var buses: [PrivateBus] = []
    private var media: [ChildProcess] = []
    /// How often start-up polls for a socket (seconds).
    private static let pollInterval = 0.01

    /// Starts a private dbus-daemon on `<directory>/<name>`.
    func startBus(directory: String, name: String, environment: [String: String]) throws -> PrivateBus {
        let bus = try PrivateBus(directory: directory, name: name, environment: environment)
        buses.append(bus)
        return bus
    }

    /// Starts `pipewire`, waits for its socket in `directory` (the XDG_RUNTIME_DIR of `environment`),
    /// then starts `wireplumber`, its session manager.
    func startPipeWire(directory: String, environment: [String: String], until deadline: Double) throws {
        let pipewire = try ChildProcess(executable: "pipewire", arguments: [], environment: environment,
                                        logPath: "\(directory)/pipewire.log")
        media.append(pipewire)
        let socket = "\(directory)/pipewire-0"
        while access(socket, F_OK) != 0 {
            if let termination = pipewire.poll() {
                throw DriverError("pipewire exited (\(termination)); log \(pipewire.logPath): \(Self.tail(pipewire))")
            }
            guard MonotonicClock.now() < deadline else {
                throw DriverError("pipewire made no socket \(socket) in time; log \(pipewire.logPath): \(Self.tail(pipewire))")
            }
            MonotonicClock.sleep(Self.pollInterval)
        }
        media.append(try ChildProcess(executable: "wireplumber", arguments: [], environment: environment,
                                      logPath: "\(directory)/wireplumber.log"))
    }

    /// The pid of every helper, in start order (buses first).
    var processIDs: [pid_t] { buses.map(\.pid) + media.map(\.pid) }

    /// Stops every helper by pid, last started first; idempotent.
    func stop() {
        for process in media.reversed() { process.terminate() }
        for bus in buses.reversed() { bus.stop() }
    }

    private static func tail(_ process: ChildProcess) -> String {
        process.output().split(whereSeparator: \.isNewline).suffix(3).joined(separator: " | ")
    }
}
