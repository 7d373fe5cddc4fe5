#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - No temporary outlives the process

/// The temporaries of uncommitted outputs, kept where a signal handler can reach them.
///
/// On exit (``removeAtExit()``) and on the signals ``removeOnSignals(_:)`` covers, every
/// temporary is removed — except a recording's, which is cut to its last whole frame and
/// renamed to its final name (``OutputTarget/keepOnSignal(upTo:)``), so a trace survives a crash
/// usable. The handler only calls async-signal-safe functions (unlink, ftruncate, fsync, rename).
public enum TemporaryFiles {
    /// Outputs open at once, at most (a command has a handful).
    static let capacity = 64

    /// One temporary: C strings allocated at registration and never freed while registered.
    struct Entry {
        var temporary: UnsafeMutablePointer<CChar>?
        var final: UnsafeMutablePointer<CChar>?
        var fd: Int32 = -1
        /// Bytes to keep under the final name on a fatal signal; -1 removes the temporary.
        var keep = -1
        /// A temporary folder: removed (with `rmdir`) once the files registered after it are gone.
        var isDirectory = false
    }

    nonisolated(unsafe) static let entries: UnsafeMutablePointer<Entry> = {
        let entries = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
        entries.initialize(repeating: Entry(), count: capacity)
        return entries
    }()

    /// Signals that end a batch command: interrupts, a closed pipe, and crashes.
    public static let batchSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGPIPE] + killingSignals
    /// Signals that end any command abruptly by default: crashes, SIGQUIT, and the ones nobody
    /// should send us but whose default action still kills (user, timer and CPU-limit signals).
    public static let killingSignals: [Int32] = fatalSignals
        + [SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGSYS]
    /// Signals a crash raises (Swift traps are SIGILL or SIGTRAP).
    public static let fatalSignals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

    static func register(temporary: String, final: String, fd: Int32) -> Int? {
        for slot in 0..<capacity where entries[slot].temporary == nil {
            entries[slot].final = strdup(final)
            entries[slot].fd = fd
            entries[slot].keep = -1
            entries[slot].isDirectory = false
            entries[slot].temporary = strdup(temporary)  // last: the handler treats the slot as live from here
            return slot
        }
        return nil
    }

    static func keep(_ slot: Int, length: Int) { entries[slot].keep = length }

    static func setDescriptor(_ slot: Int, _ fd: Int32) { entries[slot].fd = fd }

    /// Registers a temporary folder that a command fills and renames into place; its files must
    /// be registered after it (``register(file:)``) so cleanup empties it before removing it.
    public static func register(directory: String) -> Int? {
        let slot = register(temporary: directory, final: directory, fd: -1)
        if let slot { entries[slot].isDirectory = true }
        return slot
    }

    /// Registers a file to remove on exit or signal unless unregistered first.
    public static func register(file: String) -> Int? { register(temporary: file, final: file, fd: -1) }

    /// Forgets a registration (the file or folder was renamed into place or removed).
    public static func unregister(_ slot: Int) {
        let temporary = entries[slot].temporary
        entries[slot].temporary = nil
        free(temporary)
        free(entries[slot].final)
        entries[slot].final = nil
        entries[slot].fd = -1
    }

    /// Removes (or, for recordings, finishes) every registered temporary when the process ends
    /// through `exit` (ArgumentParser's error exits included).
    public static func removeAtExit() {
        atexit { TemporaryFiles.cleanUp() }
    }

    /// Installs handlers for `signals` that clean up, then die of the same signal as before.
    /// The signals are unblocked too: a parent may have spawned us with them blocked.
    public static func removeOnSignals(_ signals: [Int32] = batchSignals) {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                TemporaryFiles.cleanUp()
                signal(number, SIG_DFL)
                raise(number)
            }
            action.sa_flags = 0
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, nil)
        }
    }

    /// Async-signal-safe: only system calls on what registration prepared.
    static func cleanUp() {
        // Newest first: a folder's files go before the folder.
        for slot in (0..<capacity).reversed() {
            guard let temporary = entries[slot].temporary else { continue }
            let entry = entries[slot]
            if entry.isDirectory {
                rmdir(temporary)
            } else if entry.keep >= 0, let final = entry.final, entry.fd >= 0 {
                ftruncate(entry.fd, off_t(entry.keep))
                fsync(entry.fd)
                rename(temporary, final)
            } else {
                unlink(temporary)
            }
            entries[slot].temporary = nil
        }
    }
}
