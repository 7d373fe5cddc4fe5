import CompositorDrivers
import Dispatch
import Foundation

// MARK: - Ctrl-C during a matrix run

/// Stops the running compositor session (by pid, through its `stop()`) and removes the unfinished
/// matrix folder when the process gets SIGINT or SIGTERM, then exits 130; without it an
/// interrupted run would leave compositors, buses and clients behind.
public final class MatrixInterruption: @unchecked Sendable {
    /// The one instance the signal handlers use.
    public static let shared = MatrixInterruption()

    // Guarded by `lock`: the main thread registers, the signal queue reads.
    private let lock = NSLock()
    private var sessions: [ObjectIdentifier: CompositorSession] = [:]
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

    func add(_ session: CompositorSession) { locked { sessions[ObjectIdentifier(session)] = session } }
    func remove(_ session: CompositorSession) { locked { sessions[ObjectIdentifier(session)] = nil } }
    func add(folder: String) { locked { folders.append(folder) } }
    func remove(folder: String) { locked { folders.removeAll { $0 == folder } } }

    private func interrupted() {
        let (running, partial) = locked { (Array(sessions.values), folders) }
        for session in running { session.stop() }
        for folder in partial { try? FileManager.default.removeItem(atPath: folder) }
        FileHandle.standardError.write(Data("\ngesture-sandbox: matrix interrupted; every compositor stopped\n".utf8))
        exit(130)
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
