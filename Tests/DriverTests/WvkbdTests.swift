import CompositorDrivers
import Foundation
import SandboxHarness
import TestSupport
import Testing
import TouchStream

/// A real on-screen keyboard, wvkbd 0.12 (`wvkbd-mobintl`, Debian's wvkbd), beside our text client
/// under sway 1.7: the check that our stand-in (OnScreenKeyboardTests) types the way a real one
/// does. wvkbd binds no input method: it types with a zwp_virtual_keyboard_v1 of its own keymap.
@Suite(.serialized)
struct WvkbdTests {
    /// wvkbd's `simple` layer at 240 px on sway's 1280×720 output: four rows of 60 px from y 480;
    /// the third row starts with shift (0–191), then z, x, … 128 px each.
    static let xKey = (x: 384.0, y: 630.0)
    static let arguments = ["-L", "240", "-H", "240", "-l", "simple"]

    @Test("a tap and a long press on a wvkbd key reach the focused field as wl_keyboard keys held as long as the finger; the first key re-enters the field's focus")
    func wvkbdTypesIntoTheField() throws {
        try NestedDriverTests.ensureUser()
        let field = try SandboxClient(NestedWlrootsDriver(.sway), arguments: ["--text-input"])
        let window = try #require(try field.session.window(of: field.process))
        // A first touch on the field opens its trace, so the records before wvkbd starts are in it.
        try field.inject("down 0 \(window.x + 300) \(window.y + 200); frame; up 0; frame", settle: 0.3)
        let keyboard = try field.session.launchClient(executable: "/usr/bin/wvkbd-mobintl", arguments: Self.arguments,
                                                      environment: [:], logName: "wvkbd.log")
        defer { _ = field.session.finishClient(keyboard, timeout: SandboxClient.timeout) }
        MonotonicClock.sleep(0.5)
        let key = Self.xKey
        try field.inject("down 0 \(key.x) \(key.y); frame; up 0; frame", settle: 0.5)
        try field.inject("down 0 \(key.x) \(key.y); frame", settle: 1.2)
        try field.inject("up 0; frame", settle: 0.5)
        let records = try field.finishRecording()
        let events = records.surfaceEvents
        let kinds = events.map(\.kind)

        // The touches on wvkbd's layer surface went to wvkbd: the field saw only its own.
        #expect(records.filter { if case .down = $0.event { true } else { false } }.count == 1)
        let keys = events.filter { $0.kind == .keyPressed || $0.kind == .keyReleased }
        #expect(keys.map(\.kind) == [.keyPressed, .keyReleased, .keyPressed, .keyReleased], "\(kinds)")
        // One key, in wvkbd's own keymap (its code for x is 44, not evdev's 45).
        #expect(Set(keys.map(\.code)).count == 1, "\(keys)")
        // wvkbd presses at the finger's down and releases at its up, like the stand-in's virtual keyboard.
        let times = keys.compactMap(\.time)
        #expect(times.count == 4 && times[1] &- times[0] < 100 && times[3] &- times[2] >= 1000, "\(times)")
        // sway 1.7 sends the field no text-input enter: it does only while an input method is bound.
        #expect(!kinds.contains(.textInputEnter), "\(kinds)")
        // Measured: wvkbd's first key makes sway leave and re-enter the field (the same surface) just
        // before it, as the seat's keyboard and keymap change; no other focus change. (Other records,
        // a configure, may come between the re-enter and the key on a busy machine.)
        let firstKey = try #require(events.firstIndex { $0.kind == .keyPressed })
        let focus = events.enumerated().filter { [.keyboardEnter, .keyboardLeave].contains($0.element.kind) }
        #expect(focus.map(\.element.kind) == [.keyboardEnter, .keyboardLeave, .keyboardEnter], "\(kinds)")
        let reentered = try #require(focus.last?.offset)
        #expect(reentered < firstKey, "\(kinds)")
        #expect(Set(focus.map(\.element.surface)).count == 1, "\(kinds)")
    }
}
