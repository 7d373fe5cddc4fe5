import Dispatch
import Foundation

// MARK: - Ctrl-C during a run that starts compositors or toolkits

/// Something a run started that must be stopped by pid when the run is interrupted.
public protocol StoppableSession: AnyObject {
    /// Stops every process of the session; safe to call more than once.
    func stop()
}

/// Stops every registered session and removes every unfinished output folder when the process
/// gets SIGINT or SIGTERM, then exits 130: without it an interrupted matrix or toolkits run would
/// leave compositors, buses, toolkits and browsers behind, and a half-written folder.
public final class RunInterruption: @unchecked Sendable {
    // Guarded by `lock`: the main thread registers, the signal queue reads.
    private let lock = NSLock()
    private var sessions: [ObjectIdentifier: any StoppableSession] = [:]
    private var folders: [String] = []
    private var sources: [DispatchSourceSignal] = []
    private let message: String

    /// `message` is the line written to standard error after stopping (without the program name).
    public init(message: String) { self.message = message }

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

    /// A session to stop if the run is interrupted.
    public func add(_ session: any StoppableSession) { locked { sessions[ObjectIdentifier(session)] = session } }
    /// The session has stopped: leave it alone.
    public func remove(_ session: any StoppableSession) { locked { sessions[ObjectIdentifier(session)] = nil } }
    /// A folder to remove if the run is interrupted.
    public func add(folder: String) { locked { folders.append(folder) } }
    /// The folder is finished (or gone): leave it alone.
    public func remove(folder: String) { locked { folders.removeAll { $0 == folder } } }

    private func interrupted() {
        let (running, partial) = locked { (Array(sessions.values), folders) }
        for session in running { session.stop() }
        for folder in partial { try? FileManager.default.removeItem(atPath: folder) }
        FileHandle.standardError.write(Data("\ngesture-sandbox: \(message)\n".utf8))
        exit(130)
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
