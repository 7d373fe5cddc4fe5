import Foundation

/// A compositor that runs as a Wayland client of the harness weston with a backend of its own
/// for that (Mir's wayland platform, Enlightenment's wl_wl module): weston's touch reaches its
/// window, and it passes it on to its own clients as it would a touchscreen's.
///
/// The driver says how to start it; `HostedSession` does the rest (weston, a session bus where
/// needed, readiness, clients, injection, screenshots, stopping).
protocol HostedCompositor: CompositorDriver {
    /// Its command line, program path first, for the session's `runtimeDirectory`, nested on the
    /// harness weston whose socket path is `host`.
    func command(runtimeDirectory: String, host: String) -> [String]
    /// Its own environment entries, beyond XDG_RUNTIME_DIR, HOME and the session bus's address
    /// (which `HostedSession` sets); `socket` is the name its clients will use.
    func environment(runtimeDirectory: String, host: String, socket: String) -> [String: String]
    /// The socket name its clients connect to: chosen by the session (true) or the first
    /// `wayland-N` the compositor makes in its runtime directory (false).
    var namesItsSocket: Bool { get }
    /// Whether it needs a private D-Bus session bus.
    var needsSessionBus: Bool { get }
    /// Where it writes its log, relative to its runtime directory (nil: standard output and error).
    var logFile: String? { get }
    /// Text its log shows once it has finished starting (nil: its window in weston is enough).
    var startedLine: String? { get }
    /// Whether every client after the first needs a freshly started compositor (one that does not
    /// survive a client's disconnection in a usable state).
    var restartsForEachClient: Bool { get }
    /// Extra arguments that make it start an Xwayland (empty: it starts none here).
    var xwaylandArguments: [String] { get }
    /// The start of its log line naming the X display, followed by ":N" (nil: none).
    var xwaylandDisplayLine: String? { get }
}

extension HostedCompositor {
    /// None.
    var xwaylandArguments: [String] { [] }
    /// None.
    var xwaylandDisplayLine: String? { nil }
}
