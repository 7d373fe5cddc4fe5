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
    private var interrupting = false
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
    public func add(_ session: any StoppableSession) {
        // One registered after the handler took its list would outlive the run.
        if !registered({ sessions[ObjectIdentifier(session)] = session }) {
            session.stop()
            waitForExit()
        }
    }
    /// The session has stopped: leave it alone.
    public func remove(_ session: any StoppableSession) { locked { sessions[ObjectIdentifier(session)] = nil } }
    /// A folder to remove if the run is interrupted.
    public func add(folder: String) {
        if !registered({ folders.append(folder) }) {
            try? FileManager.default.removeItem(atPath: folder)
            waitForExit()
        }
    }
    /// The folder is finished (or gone): leave it alone.
    public func remove(folder: String) { locked { folders.removeAll { $0 == folder } } }

    /// Runs `body`, the step that puts a run's output in place, unless the run is being
    /// interrupted; then it waits for the interruption to end the process instead, so an
    /// interrupted run never leaves a finished-looking folder.
    public func publish<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        if interrupting {
            lock.unlock()
            waitForExit()
        }
        defer { lock.unlock() }
        return try body()
    }

    /// Waits for the interruption to end the process if one is under way. A run calls it on its
    /// way out: the handler stopping its toolkits or compositors makes the run fail, and without
    /// this wait that failure's exit status could win the race against 130.
    public func waitIfInterrupted() {
        if locked({ interrupting }) { waitForExit() }
    }

    /// Runs `record` under the lock unless the handler has begun; false when it has.
    private func registered(_ record: () -> Void) -> Bool {
        locked {
            if interrupting { return false }
            record()
            return true
        }
    }

    private func waitForExit() -> Never {
        while true { sleep(60) }
    }

    private func interrupted() {
        // A second signal (Ctrl-C pressed twice, or SIGTERM after SIGINT) leaves the first to finish.
        let taken = locked { () -> ([any StoppableSession], [String])? in
            if interrupting { return nil }
            interrupting = true
            return (Array(sessions.values), folders)
        }
        guard let (running, partial) = taken else { return }
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
