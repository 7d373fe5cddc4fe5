import Foundation
import SandboxHarness

/// A private D-Bus session bus (`dbus-daemon --session`) on a socket in a runtime directory:
/// compositors that talk D-Bus never see the machine's buses.
enum SessionBus {
    /// Starts the daemon with its socket at `<directory>/<name>` and waits until the socket
    /// exists; returns the process and the bus address.
    static func start(in directory: String, name: String = "bus", environment: [String: String],
                      timeout: Double) throws -> (process: ChildProcess, address: String) {
        let socket = "\(directory)/\(name)"
        let address = "unix:path=\(socket)"
        let process = try ChildProcess(executable: "dbus-daemon",
                                       arguments: ["--session", "--nofork", "--nopidfile", "--address=\(address)"],
                                       environment: environment, logPath: "\(directory)/\(name).log")
        do {
            _ = try Readiness.wait(for: "its socket \(socket)", process: process, timeout: timeout) {
                FileManager.default.fileExists(atPath: socket) ? true : nil
            }
        } catch {
            process.terminate()
            throw error
        }
        return (process, address)
    }
}
