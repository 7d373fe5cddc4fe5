import Dispatch
import Foundation

// MARK: - Ctrl-C during a toolkits run

/// Stops every running oracle session (its process group and its weston, by pid) and removes the
/// unfinished output folder when the process gets SIGINT or SIGTERM, then exits 130; without it an
/// interrupted run would leave toolkits, browsers and westons behind.
public final class ToolkitInterruption: @unchecked Sendable {
    /// The one instance the signal handlers use.
    public static let shared = ToolkitInterruption()

    private let lock = NSLock()
    private var sessions: [ObjectIdentifier: OracleSession] = [:]
    private var folders: [String] = []
    private var sources: [DispatchSourceSignal] = []

    /// Starts catching SIGINT and SIGTERM (once).
    public func install() {
        lock.lock()
        defer { lock.unlock() }
        guard sources.isEmpty else { return }
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [unowned self] in interrupted() }
            source.resume()
            sources.append(source)
        }
    }

    func add(_ session: OracleSession) { locked { sessions[ObjectIdentifier(session)] = session } }
    func remove(_ session: OracleSession) { locked { sessions[ObjectIdentifier(session)] = nil } }
    /// A folder to remove if the run is interrupted.
    public func add(folder: String) { locked { folders.append(folder) } }
    /// The folder is finished (or gone): leave it alone.
    public func remove(folder: String) { locked { folders.removeAll { $0 == folder } } }

    private func interrupted() {
        let (running, partial) = locked { (Array(sessions.values), folders) }
        for session in running { session.stop() }
        for folder in partial { try? FileManager.default.removeItem(atPath: folder) }
        FileHandle.standardError.write(Data("\ngesture-sandbox: toolkits interrupted; every toolkit and weston stopped\n".utf8))
        exit(130)
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
