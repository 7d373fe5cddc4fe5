import Foundation
import SandboxHarness

// MARK: - An oracle's process group

/// A toolkit process started in a process group of its own, owned by pid.
///
/// Unlike the harness's ``ChildProcess``, standard output and standard error go to separate files:
/// gesture lines (stdout) must not be cut by WAYLAND_DEBUG lines (stderr), and the two are read
/// separately. The group matters for Chromium, whose browser process starts zygote, renderer and
/// utility processes: stopping signals the whole group (by its id, the leader's pid), so none is
/// left behind even if the browser dies first.
final class OracleProcess {
    /// The group leader's pid (also the group id).
    let pid: pid_t
    /// Standard output's file.
    let outputPath: String
    /// Standard error's file.
    let errorPath: String
    private(set) var termination: ChildProcess.Termination?

    /// How often waiting polls the process (seconds).
    private static let pollInterval = 0.01

    /// Starts `executable` (an absolute path) with exactly `environment` (the working directory is
    /// inherited: the oracles read no relative paths).
    init(executable: String, arguments: [String], environment: [String: String], workingDirectory _: String,
         outputPath: String, errorPath: String) throws {
        self.outputPath = outputPath
        self.errorPath = errorPath
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o600)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A child inherits the spawning thread's signal mask and ignored signals (the command
        // ignores SIGINT to handle it itself): reset both so the toolkit dies of SIGTERM.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw OracleError("cannot start \(executable): \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    /// Reaps the leader if it has exited; nil while it runs.
    @discardableResult
    func poll() -> ChildProcess.Termination? {
        if let termination { return termination }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        let signal = status & 0x7f
        termination = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
        return termination
    }

    /// SIGTERM to the group, up to `timeout` seconds for the leader, then SIGKILL to the group.
    @discardableResult
    func stop(timeout: Double = 3) -> ChildProcess.Termination {
        // The group may outlive its leader (a renderer still exiting): signal it whatever the leader did.
        kill(-pid, SIGTERM)
        let deadline = MonotonicClock.now() + timeout
        while poll() == nil, MonotonicClock.now() < deadline { MonotonicClock.sleep(Self.pollInterval) }
        kill(-pid, SIGKILL)
        while poll() == nil { MonotonicClock.sleep(Self.pollInterval) }
        return termination ?? .signaled(SIGKILL)
    }

    /// Standard output so far.
    func output() -> String { Self.read(outputPath) }
    /// Standard error so far.
    func errors() -> String { Self.read(errorPath) }

    /// The last `count` lines of both streams that are not WAYLAND_DEBUG message lines, joined into one line.
    func logTail(_ count: Int = 6) -> String {
        let lines = (output() + "\n" + errors()).split(whereSeparator: \.isNewline).filter { !Self.isWaylandDebug($0) }
        let tail = lines.suffix(count).joined(separator: " | ")
        return tail.isEmpty ? "(no output)" : tail
    }

    /// A libwayland message line (`[stamp] interface@id.message(…)`, `#` from libwayland 1.23), not a
    /// toolkit's own log line (Chromium's start `[pid:tid:…:LEVEL:file(line)]`).
    static func isWaylandDebug(_ line: Substring) -> Bool {
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return false }
        let stamp = line[line.index(after: line.startIndex)..<close]
        return stamp.allSatisfy { $0 == " " || $0 == "." || $0 == ":" || $0.isNumber }
    }

    private static func read(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    deinit {
        if poll() == nil { stop(timeout: 1) }
    }
}
