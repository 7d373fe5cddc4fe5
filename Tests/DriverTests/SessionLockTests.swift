import CompositorDrivers
import Foundation
import SandboxHarness
import TestSupport
import Testing
import TouchStream

/// `run --session-lock` where the compositors of this machine run: none of them (weston 10, KWin
/// 5.27, mutter and GNOME Shell 43, sway 1.7 and phoc 0.24 on wlroots 0.15, cage 0.1.4, Mir 2.12)
/// offers ext_session_lock_manager_v1, so our client refuses in one line naming the compositor;
/// and what the real locker of sway 1.7, swaylock, does to touches meant for a window behind it.
@Suite(.serialized)
struct SessionLockTests {
    /// The compositor and the name our client gives it (the process at the other end of its socket).
    static let refusing: [(CompositorKind, String)] = [
        (.kwin, "kwin_wayland"), (.mutter, "mutter"), (.gnomeShell, "gnome-shell"), (.sway, "sway"), (.phoc, "phoc"),
        (.cage, "cage"), (.mir, "miral-shell"),
    ]

    @Test("run --session-lock: status 1 before any window, one line naming the compositor", arguments: refusing)
    func refused(_ kind: CompositorKind, name: String) throws {
        if [.sway, .phoc, .cage].contains(kind) { try NestedDriverTests.ensureUser() }
        let driver = try #require(CompositorDrivers.driver(for: kind))
        let session = try driver.start(DriverConfiguration())
        defer { session.stop() }
        // Every driver waits for the client's window, which never comes: its error says how the client ended.
        var failure = ""
        do {
            let client = try session.launchClient(executable: try sandboxExecutable(),
                                                  arguments: ["run", "--no-hud", "--session-lock", "5000"],
                                                  environment: [:], logName: "client.log")
            failure = "the client mapped a window: \(client.output())"
        } catch {
            failure = "\(error)"
        }
        // cage's handle is cage itself, which exits 0 when its one client ends.
        let status = kind == .cage ? "exited (exited(0))" : "exited (exited(1))"
        #expect(failure.contains(status), "\(failure)")
        #expect(failure.contains("gesture-sandbox: not supported by \(name): no ext_session_lock_manager_v1 global"), "\(failure)")
    }

    /// swaylock 1.7's colour (-c 336699, an opaque rrggbb) and where the window's probe tap goes.
    static let lockColour: [UInt8] = [0x33, 0x66, 0x99]

    @Test("sway 1.7 with swaylock (input inhibitor and an overlay layer surface): a touch on the window behind the lock, or on an overlay surface of ours, never reaches it; after swaylock ends, one does")
    func swaylockKeepsTouchFromTheWindowBehind() throws {
        try NestedDriverTests.ensureUser()
        // Our own overlay layer surface at the top-left, mapped before the lock: above the window,
        // in the layer swaylock's surface takes too.
        let run = try SandboxClient(NestedWlrootsDriver(.sway), arguments: [
            "--layer-surface", "overlay", "--layer-anchor", "top,left", "--layer-size", "300x100",
        ])
        try LayerShellTests.waitForColour(LayerShellTests.layerColour, of: run, at: 1, 1)
        try run.inject("down 0 300 300; frame; up 0; frame")
        // Mapped, for the driver, is its lock surface drawn (a layer surface acks configures too).
        let swaylock = try run.session.launchClient(executable: "/usr/bin/swaylock",
                                                    arguments: ["--color", "336699", "--no-unlock-indicator"],
                                                    environment: [:], logName: "swaylock.log")
        defer { _ = swaylock.terminate(timeout: 2) }
        try LayerShellTests.waitForColour(Self.lockColour, of: run, at: 640, 360)
        // sway 1.7 has no ext_session_lock_manager_v1: swaylock locks with wlroots' input inhibitor.
        let lockLog = swaylock.output()
        #expect(lockLog.contains(".get_inhibitor(new id zwlr_input_inhibitor_v1@") && !lockLog.contains("ext_session_lock"),
                "\(lockLog.split(separator: "\n").filter { $0.contains("->") }.prefix(40))")
        // Our overlay surface, mapped before swaylock's in the same layer, stays drawn above the lock
        // screen under sway 1.7 (an input-inhibitor lock is an ordinary layer surface): seen, but
        // as the taps below show, not touchable.
        let locked = try run.screenshot()
        #expect(LayerShellTests.shows(LayerShellTests.layerColour, locked, x: 150, y: 50), "\(locked.rgba(x: 150, y: 50))")
        #expect(LayerShellTests.shows(Self.lockColour, locked, x: 400, y: 50), "\(locked.rgba(x: 400, y: 50))")
        try run.inject("down 0 400 300; frame; sleep 40; motion 0 420 300; frame; up 0; frame")
        try run.inject("down 1 900 500; frame; up 1; frame")
        try run.inject("down 1 150 50; frame; up 1; frame")
        // swaylock ends (SIGTERM: it has no unlock but a password); the inhibitor goes with it.
        _ = swaylock.terminate(timeout: 2)
        try run.inject("down 0 500 300; frame; up 0; frame", settle: 0.5)
        let records = try run.finishRecording()
        let downs = LayerShellTests.downs(records)
        // The layer surface pushes nothing (no exclusive zone): the window is at (2, 25) under sway
        // 1.7's border and title bar. Only the taps before and after the lock arrive.
        #expect(downs.map { [$0.x, $0.y] } == [[298, 275], [498, 275]], "\(records.map { TraceWriter.line(for: $0) })")
    }
}
