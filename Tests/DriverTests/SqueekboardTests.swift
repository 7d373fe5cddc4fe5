import CompositorDrivers
import Foundation
import SandboxHarness
import TestSupport
import Testing
import TouchStream

/// A real on-screen keyboard, squeekboard 1.21 (Phosh's), beside our text field under phoc 0.24:
/// the check that our stand-in (OnScreenKeyboardTests) types the way a real input method does.
/// squeekboard binds zwp_input_method_v2 and shows its panel only while a text input is active.
@Suite(.serialized)
struct SqueekboardTests {
    /// squeekboard's `us` layout on phoc's 1280×720 output: its panel is the bottom 360 px; the
    /// third row's x key (measured on a screenshot).
    static let xKey = (x: 408.0, y: 585.0)

    /// squeekboard with a session bus of its own, both ended (by pid) when the shell is: at the
    /// end of the test, SIGTERM to the shell stops squeekboard and then that bus. No accessibility
    /// bridge, whose bus services would otherwise outlive it.
    static let launcher = """
        out=$(dbus-daemon --session --fork --print-address=1 --print-pid=1) || exit 1
        bus=$(echo "$out" | sed -n 1p); daemon=$(echo "$out" | sed -n 2p)
        DBUS_SESSION_BUS_ADDRESS=$bus NO_AT_BRIDGE=1 /usr/bin/squeekboard & keyboard=$!
        trap 'kill $keyboard; wait $keyboard; kill $daemon; exit 0' TERM
        wait $keyboard; kill $daemon
        """

    /// squeekboard's environment: the GNOME setting
    /// that lets it show itself (org.gnome.desktop.a11y.applications screen-keyboard-enabled),
    /// from a keyfile in `folder`.
    private static func settings(in folder: String) throws -> [String: String] {
        let settings = folder + "/glib-2.0/settings"
        try FileManager.default.createDirectory(atPath: settings, withIntermediateDirectories: true)
        try "[org/gnome/desktop/a11y/applications]\nscreen-keyboard-enabled=true\n"
            .write(toFile: settings + "/keyfile", atomically: true, encoding: .utf8)
        // squeekboard runs as the sessions' unprivileged user.
        for path in [folder, folder + "/glib-2.0", settings, settings + "/keyfile"] {
            try FileManager.default.setAttributes([.posixPermissions: path.hasSuffix("keyfile") ? 0o644 : 0o755], ofItemAtPath: path)
        }
        return ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": folder]
    }

    @Test("squeekboard opens for the enabled field, and a tap on a key commits it through the input method; the field keeps its focus; a held key is not repeated")
    func squeekboardTypesIntoTheField() throws {
        try NestedDriverTests.ensureUser()
        let field = try SandboxClient(NestedWlrootsDriver(.phoc), arguments: ["--text-input"])
        // A first touch on the field opens its trace, so the records before squeekboard starts are in it.
        try field.inject("down 0 640 200; frame; up 0; frame", settle: 0.3)
        let environment = try Self.settings(in: field.files.file("config"))
        // Mapped only once it shows: when the field's text input enables after squeekboard bound the input method.
        let keyboard = try field.session.launchClient(executable: "/bin/sh", arguments: ["-c", Self.launcher],
                                                      environment: environment, logName: "squeekboard.log")
        defer { _ = field.session.finishClient(keyboard, timeout: SandboxClient.timeout) }
        MonotonicClock.sleep(0.5)
        let key = Self.xKey
        try field.inject("down 0 \(key.x) \(key.y); frame; up 0; frame", settle: 0.8)
        try field.inject("down 0 \(key.x) \(key.y); frame", settle: 1.2)
        try field.inject("up 0; frame", settle: 0.8)
        let records = try field.finishRecording()
        let events = records.surfaceEvents
        let kinds = events.map(\.kind)

        // phoc (wlroots) entered the field's text input only once squeekboard was there, after the first touch.
        let enter = try #require(kinds.firstIndex(of: .textInputEnter), "\(kinds)")
        #expect(kinds[enter + 1] == .textInputEnable)
        #expect(records.filter { if case .down = $0.event { true } else { false } }.count == 1, "squeekboard's touches are its own")
        let commits = events.filter { $0.kind == .commitString }.map(\.text)
        // A tap and a 1.2 s hold: one commit each. squeekboard 1.21 does not repeat a held key (our
        // stand-in commits it again every 40 ms after 600 ms, as a hardware key repeats).
        #expect(commits == ["x", "x"], "\(kinds)")
        #expect(kinds.filter { $0 == .textInputDone }.count == 2, "\(kinds)")
        #expect(!kinds.contains(.keyboardLeave) && !kinds.contains(.textInputLeave), "\(kinds)")
        #expect(!kinds.contains(.keyPressed), "squeekboard typed through the input method, not its virtual keyboard")
    }
}
