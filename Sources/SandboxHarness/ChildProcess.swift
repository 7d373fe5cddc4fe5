import Foundation

/// A process started by the harness (weston, or a client under test), owned by pid.
///
/// Its stdout and stderr go to `logPath`. It is reaped by `wait`/`terminate` and, at the
/// latest, killed and reaped in deinit so no test leaves a process behind.
public final class ChildProcess {
    /// How a process ended.
    public enum Termination: Equatable, Sendable {
        /// Normal exit with this status.
        case exited(Int32)
        /// Killed by this signal.
        case signaled(Int32)
    }

    /// The process id.
    public let pid: pid_t
    /// The executable as given to `init`.
    public let executable: String
    /// The file that receives the process's stdout and stderr.
    public let logPath: String
    /// Set once the process has been reaped.
    public private(set) var termination: Termination?

    /// How often waiting polls the process (seconds).
    private static let pollInterval = 0.002

    // MARK: - Starting

    /// Starts `executable` (a path, or a name looked up in PATH) with exactly `environment`.
    public init(executable: String, arguments: [String], environment: [String: String],
                logPath: String) throws {
        guard let path = ChildProcess.resolve(executable, path: environment["PATH"]) else {
            throw HarnessError("\(executable) not found in PATH (\(environment["PATH"] ?? "unset"))")
        }
        self.executable = executable
        self.logPath = logPath
        self.pid = try ChildProcess.spawn(path: path, arguments: [executable] + arguments,
                                          environment: environment, logPath: logPath)
    }

    /// The absolute path of `name`: itself when it contains a slash, else the first
    /// executable match in `path` (colon-separated), else nil.
    public static func resolve(_ name: String, path: String?) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        let directories = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        for directory in directories {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    private static func spawn(path: String, arguments: [String], environment: [String: String],
                              logPath: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        // A child inherits the spawning thread's signal mask and ignored signals; a test runner
        // can block SIGTERM, and a daemon that never sees it would only die by SIGKILL.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw HarnessError("cannot start \(path): \(String(cString: strerror(result)))")
        }
        return pid
    }

    // MARK: - Waiting and stopping

    /// True until the process has exited (reaps it when it has).
    public var isRunning: Bool { poll() == nil }

    /// Reaps the process if it has exited; returns how it ended, or nil while it runs.
    @discardableResult
    public func poll() -> Termination? {
        if let termination { return termination }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return nil }
        let signal = status & 0x7f
        termination = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
        return termination
    }

    /// Waits up to `timeout` seconds for the process to exit; nil if it is still running.
    @discardableResult
    public func wait(timeout: Double) -> Termination? {
        let deadline = MonotonicClock.now() + timeout
        while poll() == nil {
            if MonotonicClock.now() >= deadline { return nil }
            MonotonicClock.sleep(ChildProcess.pollInterval)
        }
        return termination
    }

    /// Sends SIGTERM, waits up to `timeout` seconds, then SIGKILL; returns how it ended.
    @discardableResult
    public func terminate(timeout: Double = 2) -> Termination {
        if let termination = poll() { return termination }
        kill(pid, SIGTERM)
        if let termination = wait(timeout: timeout) { return termination }
        kill(pid, SIGKILL)
        while true {
            if let termination = wait(timeout: timeout) { return termination }
        }
    }

    /// The process's output so far (empty when the log cannot be read).
    public func output() -> String {
        guard let data = FileManager.default.contents(atPath: logPath) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    deinit {
        if poll() == nil {
            kill(pid, SIGKILL)
            wait(timeout: 1)
        }
    }
}
