import ArgumentParser
import RunCommand
import Foundation
import Playback
import SandboxHarness

/// `gesture-sandbox weston`: a private headless weston with the harness, until stopped.
struct Weston: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weston",
        abstract: "Start a private headless weston with the gesture harness and keep it running.",
        discussion: """
            Prints the variables a client and `inject` need, as shell lines:

              # weston pid PID, log RUNTIME_DIR/weston.log
              export WAYLAND_DISPLAY=NAME
              export XDG_RUNTIME_DIR=RUNTIME_DIR

            and with --xwayland, `export DISPLAY=:N` (first, sorted) for X11 clients such as `x11-client`; \
            weston starts Xwayland when the first one connects.

            Paste them into another terminal (or save them: `gesture-sandbox weston > env.sh &`, then \
            `. ./env.sh`), start any Wayland client there (with WAYLAND_DEBUG=1 to log its wl_touch events), \
            and drive it with `gesture-sandbox inject SCRIPT`. The output is one fullscreen surface at 0,0 \
            (kiosk shell), so inject coordinates are the client's surface coordinates. Runs until SIGINT \
            (Ctrl-C), SIGTERM or SIGHUP; then stops weston and removes its runtime directory. Exits 1 when \
            weston cannot start or stops on its own (with the tail of its log). The harness module is found \
            next to the binary (../lib/gesture-sandbox/), through $GESTURE_HARNESS_MODULE, or in the source tree.
            """)

    @Option(help: ArgumentHelp("Output width in logical pixels.", valueName: "px"))
    var width = 1280

    @Option(help: ArgumentHelp("Output height in logical pixels.", valueName: "px"))
    var height = 720

    @Option(help: ArgumentHelp("Output scale (an integer; the buffer is width × scale pixels wide).", valueName: "n"))
    var scale = 1

    @Flag(help: "Serve X11 clients too, through Xwayland (weston's xwayland.so; Debian package xwayland): prints DISPLAY.")
    var xwayland = false

    func validate() throws {
        guard width > 0, height > 0 else { throw ValidationError("--width and --height must be positive") }
        guard (1...4).contains(scale) else { throw ValidationError("--scale must be 1, 2, 3 or 4") }
    }

    func run() throws {
        // Blocked before weston starts, so a signal in between is waited for rather than lost.
        let signals = SignalWaiter()
        let weston: WestonInstance
        do {
            weston = try WestonInstance(.init(width: width, height: height, scale: scale == 1 ? nil : scale,
                                             xwayland: xwayland))
        } catch {
            throw fail(error)
        }
        let lines = ["# weston pid \(weston.pid), log \(weston.logPath)"]
            + weston.environment.sorted { $0.key < $1.key }.map { "export \($0.key)=\(Self.shellQuoted($0.value))" }
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        var received: Int32?
        while received == nil, weston.isRunning { received = signals.wait(timeout: Self.pollInterval) }
        // Ctrl-C reaches weston too (same process group): a signal just behind weston's exit still counts.
        if received == nil { received = signals.wait(timeout: Self.pollInterval) }
        let tail = weston.logTail()
        let ended = weston.stop()
        let directory = weston.runtimeDirectory
        try? FileManager.default.removeItem(atPath: directory)
        guard let received else {
            throw fail(RuntimeError("weston stopped on its own (\(ended)); log: \(tail)"))
        }
        FileHandle.standardError.write(Data("gesture-sandbox: \(String(cString: strsignal(received))): weston stopped, \(directory) removed\n".utf8))
    }

    /// How often the wait looks at whether weston still runs (seconds).
    private static let pollInterval = 0.2

    private static func shellQuoted(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || "/._-+=:,".contains($0) } ? text
            : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
