import Foundation
import SandboxHarness

// MARK: - The Xwayland a compositor started, found by its command line

/// The X display an Xwayland started by a compositor serves, read from that Xwayland's own command
/// line: every compositor here that starts one at once (KWin 5.27 `--xwayland`, mutter 43 without
/// `--no-x11`, sway 1.7 `xwayland force`) execs `Xwayland :N …`, with `-auth FILE` when it wants
/// authorised clients (mutter); so does phoc 0.24 with `xwayland=immediate`. The compositors tell
/// it otherwise only in the environment of the programs they start themselves, or not at all.
public struct XwaylandServer: Equatable, Sendable {
    /// The display clients connect to (":1").
    public var display: String
    /// The authority file it was started with (`-auth`), which its clients need as XAUTHORITY.
    public var authority: String?
    /// Its process; nil for one started at the first X client's connection (weston's).
    public var pid: pid_t?

    /// Describes a server.
    public init(display: String, authority: String? = nil, pid: pid_t? = nil) {
        self.display = display
        self.authority = authority
        self.pid = pid
    }

    /// The variables an X11 client of this server needs.
    public var environment: [String: String] {
        var variables = ["DISPLAY": display]
        if let authority { variables["XAUTHORITY"] = authority }
        return variables
    }

    /// The Xwayland serving the compositor whose runtime directory is `runtimeDirectory`, if one
    /// runs: found by that XDG_RUNTIME_DIR in its environment, which it inherits from the compositor.
    /// Not by parentage: wlroots 0.15 forks twice to start it, so it is no descendant of sway or cage.
    static func find(runtimeDirectory: String) -> XwaylandServer? {
        processes(runtimeDirectory: runtimeDirectory).first
    }

    /// Every Xwayland whose XDG_RUNTIME_DIR is `runtimeDirectory`.
    static func processes(runtimeDirectory: String) -> [XwaylandServer] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.sorted().compactMap { pid in
            guard let server = parse(commandLine(of: pid), pid: pid),
                  environment(of: pid)["XDG_RUNTIME_DIR"] == runtimeDirectory else { return nil }
            return server
        }
    }

    /// Waits until `compositor` has started its Xwayland; throws with its log tail when it exits
    /// first or has none after `timeout` seconds.
    static func wait(for compositor: ChildProcess, runtimeDirectory: String, name: String,
                     timeout: Double) throws -> XwaylandServer {
        try Readiness.wait(for: "an Xwayland (a process `Xwayland :N` with its XDG_RUNTIME_DIR)",
                           process: compositor, name: name, timeout: timeout) {
            find(runtimeDirectory: runtimeDirectory)
        }
    }


    /// Stops, by pid, an Xwayland of the compositor of `runtimeDirectory` that outlived it: one
    /// started by wlroots is nobody's child and still writes to /tmp/.X11-unix while it goes.
    static func stopLeftovers(runtimeDirectory: String) {
        ProcessTable.stop(processes(runtimeDirectory: runtimeDirectory).compactMap(\.pid), timeout: leftoverTimeout)
    }

    /// Seconds an Xwayland gets to end on SIGTERM.
    static let leftoverTimeout = 2.0

    /// The server described by an `Xwayland` command line, nil for any other program.
    static func parse(_ arguments: [String], pid: pid_t) -> XwaylandServer? {
        guard let program = arguments.first, URL(fileURLWithPath: program).lastPathComponent == "Xwayland",
              let display = arguments.dropFirst().first(where: { $0.hasPrefix(":") && $0.dropFirst().allSatisfy(\.isNumber) })
        else { return nil }
        let authority = arguments.firstIndex(of: "-auth").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
        return XwaylandServer(display: display, authority: authority, pid: pid)
    }

    private static func commandLine(of pid: pid_t) -> [String] {
        nulSeparated(FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"))
    }

    private static func environment(of pid: pid_t) -> [String: String] {
        var variables: [String: String] = [:]
        for entry in nulSeparated(FileManager.default.contents(atPath: "/proc/\(pid)/environ")) {
            guard let equals = entry.firstIndex(of: "=") else { continue }
            variables[String(entry[..<equals])] = String(entry[entry.index(after: equals)...])
        }
        return variables
    }

    private static func nulSeparated(_ data: Data?) -> [String] {
        (data ?? Data()).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
}
