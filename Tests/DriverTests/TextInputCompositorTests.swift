import CompositorDrivers
import Foundation
import SandboxHarness
import TestSupport
import Testing
import TouchStream

/// Our text client (`run --text-input`) and on-screen keyboard (`run --osk`) under KWin 5.27,
/// mutter 43 and GNOME Shell 43, which offer zwp_text_input_manager_v3 but neither zwp_input_method_manager_v2 nor
/// zwp_virtual_keyboard_manager_v1 (mutter and GNOME Shell no layer shell either): the field is focused and
/// enabled, a hardware key reaches it, and the keyboard is refused in one line naming the global.
@Suite(.serialized)
struct TextInputCompositorTests {
    /// A driver and where a touch lands in our window under it (global logical px).
    private static func driver(_ kind: CompositorKind) throws -> (CompositorDriver, DriverConfiguration) {
        let driver = try #require(CompositorDrivers.driver(for: kind))
        return (driver, [.mutter, .gnomeShell].contains(kind) ? MutterDriverTests.configuration : DriverConfiguration())
    }

    @Test("a tap on the window brings text-input enter, which our client answers with enable, and a key arrives as wl_keyboard key",
          arguments: [CompositorKind.kwin, .mutter, .gnomeShell])
    func textFieldIsFocusedAndTyped(kind: CompositorKind) throws {
        let (driver, configuration) = try Self.driver(kind)
        let run = try SandboxClient(driver, configuration: configuration, arguments: ["--text-input"])
        // mutter and GNOME Shell say nowhere where the window is: mutter's measured place at
        // 1600×900, a point of which GNOME Shell's window covers too.
        let origin = try run.session.window(of: run.process).map { ($0.x, $0.y) } ?? MutterDriverTests.origin
        try run.inject("down 0 \(origin.0 + 300) \(origin.1 + 200); frame; up 0; frame", settle: 0.5)
        try run.session.key(30, pressed: true)  // KEY_A
        try run.session.key(30, pressed: false)
        MonotonicClock.sleep(0.5)
        let events = try run.finishRecording().surfaceEvents
        let kinds = events.map(\.kind)

        let enter = try #require(events.firstIndex { $0.kind == .textInputEnter }, "\(kind): \(kinds)")
        let surface = try #require(events[enter].surface)
        #expect(events[enter + 1] == SurfaceEvent(.textInputEnable, surface: surface), "\(kind): \(kinds)")
        let keys = events.filter { $0.kind == .keyPressed || $0.kind == .keyReleased }
        #expect(keys.map(\.kind) == [.keyPressed, .keyReleased] && keys.allSatisfy { $0.code == 30 && $0.surface == surface },
                "\(kind): \(keys)")
        // No input method is running: nothing was composed or committed into the field.
        #expect(!kinds.contains(.commitString) && !kinds.contains(.preeditString), "\(kind): \(kinds)")
        #expect(!kinds.contains(.textInputLeave), "\(kind): \(kinds)")
    }

    @Test("the on-screen keyboard is refused in one line naming the compositor and the missing global",
          arguments: [
              (CompositorKind.kwin, "not supported by kwin_wayland: no zwp_input_method_manager_v2 or zwp_virtual_keyboard_manager_v1 global"),
              (CompositorKind.mutter, "not supported by mutter: no zwlr_layer_shell_v1 global"),
              (CompositorKind.gnomeShell, "not supported by gnome-shell: no zwlr_layer_shell_v1 global"),
          ])
    func onScreenKeyboardIsRefused(kind: CompositorKind, refusal: String) throws {
        let (driver, configuration) = try Self.driver(kind)
        let session = try driver.start(configuration)
        defer { session.stop() }
        let files = try TemporaryDirectory()
        defer { files.cleanUp() }
        try session.grantClientAccess(to: files.path)
        // The drivers wait for a window; the client exits first, and the driver's error carries its output.
        var failure = ""
        do {
            let client = try session.launchClient(executable: try sandboxExecutable(),
                                                  arguments: ["run", "--no-hud", "--osk", "--record", files.file("trace.jsonl")],
                                                  environment: [:], logName: "client.log")
            _ = session.finishClient(client, timeout: SandboxClient.timeout)
        } catch {
            failure = "\(error)"
        }
        #expect(failure.contains("exited (exited(1))") && failure.contains("gesture-sandbox: \(refusal)"), "\(failure)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: files.path).isEmpty, "no trace")
    }
}
