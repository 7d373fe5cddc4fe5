import Foundation
import SandboxHarness

/// A private dbus-daemon on a socket in a run's runtime directory: the session bus (or the empty
/// system bus GNOME Shell needs) of one compositor, never the machine's.
///
/// Its configuration allows everything and activates nothing, so no service starts that we did
/// not start ourselves and cannot stop by pid.
public final class PrivateBus {
    /// The address clients connect to (`unix:path=…`).
    public let address: String
    /// The daemon's log (stdout and stderr).
    public var logPath: String { process.logPath }
    /// The daemon's pid.
    public var pid: pid_t { process.pid }

    private let process: ChildProcess
    /// How often start-up polls the socket (seconds).
    private static let pollInterval = 0.005

    // MARK: - Starting

    /// Starts `dbus-daemon` listening on `<directory>/<name>` and returns once a client can register.
    public init(directory: String, name: String, environment: [String: String], timeout: Double = 5) throws {
        let socket = "\(directory)/\(name)"
        address = "unix:path=\(socket)"
        let configPath = "\(directory)/\(name).conf"
        try PrivateBus.configuration(listen: address).write(toFile: configPath, atomically: true, encoding: .utf8)
        guard let daemon = ChildProcess.resolve("dbus-daemon", path: environment["PATH"]) else {
            throw HarnessError("dbus-daemon not found in PATH: install the Debian package dbus-daemon")
        }
        process = try ChildProcess(executable: daemon,
                                   arguments: ["--nofork", "--nopidfile", "--config-file=\(configPath)"],
                                   environment: environment, logPath: "\(directory)/\(name).log")
        do {
            try waitUntilReady(timeout: timeout)
        } catch {
            process.terminate()
            throw error
        }
    }

    private func waitUntilReady(timeout: Double) throws {
        let deadline = MonotonicClock.now() + timeout
        while true {
            if let termination = process.poll() {
                throw HarnessError("dbus-daemon exited (\(termination)) at start; log \(logPath): \(tail())")
            }
            if let connection = try? DBusConnection(address: address) {
                connection.close()
                return
            }
            if MonotonicClock.now() >= deadline {
                throw HarnessError("dbus-daemon did not accept connections within \(timeout) s; log \(logPath): \(tail())")
            }
            MonotonicClock.sleep(PrivateBus.pollInterval)
        }
    }

    private func tail() -> String {
        process.output().split(whereSeparator: \.isNewline).suffix(3).joined(separator: " | ")
    }

    /// A bus configuration with one listening socket, no service directories and an open policy.
    static func configuration(listen address: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>\(address)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """
    }

    // MARK: - Stopping

    /// True while the daemon runs.
    public var isRunning: Bool { process.isRunning }

    /// Stops the daemon by pid (SIGTERM, then SIGKILL); idempotent.
    public func stop() {
        process.terminate()
    }

    deinit { stop() }
}
