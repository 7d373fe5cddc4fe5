import CompositorDrivers
import Foundation
import TestSupport
import Testing
import TouchStream

/// An on-screen keyboard beside a text field under sway 1.7 and phoc 0.24 (nested in the harness
/// weston, output 1280×720): our stand-in (`run --osk`) and our text client (`run --text-input`), each recording.
/// What users report: a tap on the keyboard takes keyboard focus from the field (or the keyboard
/// never types), and holding a key repeats it with a mouse but not with a finger.
@Suite(.serialized)
struct OnScreenKeyboardTests {
    /// The wlroots compositors, which offer all three protocols (measured: sway 1.7, phoc 0.24).
    static let compositors: [CompositorKind] = [.sway, .phoc]

    private func start(_ kind: CompositorKind, textInput: Bool = true) throws -> TextFieldAndKeyboard {
        try NestedDriverTests.ensureUser()
        return try TextFieldAndKeyboard(NestedWlrootsDriver(kind), textInput: textInput)
    }

    @Test("a tap on a key types it through the input method into the focused text field, which keeps its focus",
          arguments: Self.compositors)
    func tapTypesThroughTheInputMethod(kind: CompositorKind) throws {
        let pair = try start(kind)
        // The keyboard is drawn as five keys divided by black lines, where touches find them.
        let image = try pair.keyboard.screenshot()
        #expect(LayerShellTests.shows(LayerShellTests.layerColour, image, x: 128, y: 640))
        #expect(LayerShellTests.shows([0, 0, 0], image, x: 256, y: 640) && LayerShellTests.shows([0, 0, 0], image, x: 1024, y: 700))
        let key = TextFieldAndKeyboard.keyCentre(2)
        try pair.keyboard.inject("down 0 \(key.x) \(key.y); frame; up 0; frame", settle: 0.5)
        let (field, keyboard) = try pair.finish()

        let typed = field.surfaceEvents
        let kinds = typed.map(\.kind)
        // sway 1.7 and phoc 0.24: the field's text input entered its window and was enabled before the tap.
        let enter = try #require(typed.firstIndex { $0.kind == .textInputEnter }, "\(kinds)")
        #expect(typed[enter + 1].kind == .textInputEnable && typed[enter + 1].surface == typed[enter].surface)
        // The tap did not take focus: no keyboard or text input leave, ever.
        #expect(!kinds.contains(.keyboardLeave) && !kinds.contains(.textInputLeave) && !kinds.contains(.textInputDisable),
                "\(kinds)")
        // The key arrived as a commit_string, applied by a done.
        let commit = try #require(typed.firstIndex { $0.kind == .commitString }, "\(kinds)")
        #expect(typed[commit].text == "3")
        #expect(typed[(commit + 1)...].first?.kind == .textInputDone, "\(kinds)")

        // The keyboard: its input method was activated (and applied) when the field enabled its
        // text input, the touch landed on its layer surface, and it typed through the input method.
        let events = keyboard.surfaceEvents
        let layer = try #require(events.first { $0.kind == .layerConfigure }, "\(events.map(\.kind))")
        #expect(layer.width == 1280 && layer.height == 160)
        let activate = try #require(events.firstIndex { $0.kind == .inputMethodActivate }, "\(events.map(\.kind))")
        #expect(events[(activate + 1)...].contains { $0.kind == .inputMethodDone })
        #expect(LayerShellTests.downs(keyboard) == [LayerShellTests.Down(surface: layer.surface, id: 0, x: key.x, y: 80)])
        #expect(events.filter { $0.kind == .oskCommitString }.map(\.text) == ["3"])
        #expect(!events.contains { $0.kind == .oskKeyPressed }, "the virtual keyboard was not needed")
        // The keyboard's own window did not get the keyboard from the tap (it does when the field
        // closes at the end: the compositor then focuses it and deactivates the input method).
        let typedAt = try #require(events.lastIndex { $0.kind == .oskCommitString })
        #expect(!events[activate...typedAt].contains { $0.kind == .keyboardEnter }, "\(events.map(\.kind))")
    }

    @Test("a key held by a finger repeats: the keyboard commits it again every 40 ms after 600 ms",
          arguments: Self.compositors)
    func heldKeyRepeatsThroughTheInputMethod(kind: CompositorKind) throws {
        let pair = try start(kind)
        let key = TextFieldAndKeyboard.keyCentre(0)
        try pair.keyboard.inject("down 0 \(key.x) \(key.y); frame", settle: 1.2)
        try pair.keyboard.inject("up 0; frame", settle: 0.5)
        let (field, keyboard) = try pair.finish()

        let sent = keyboard.surfaceEvents.filter { $0.kind == .oskCommitString }.map(\.text)
        // Held 1.2 s: the first at the down, then (1.2 − 0.6) / 0.04 ≈ 15 repeats; the timers of a
        // loaded machine may lose a few.
        #expect(sent.count >= 8 && sent.allSatisfy { $0 == "1" }, "\(sent)")
        let received = field.surfaceEvents.filter { $0.kind == .commitString }.map(\.text)
        #expect(received == sent, "every committed string arrived, in order")
        #expect(!field.surfaceEvents.contains { $0.kind == .keyboardLeave || $0.kind == .textInputLeave })
    }

    @Test("without a text input the keyboard types with its virtual keyboard: the focused window gets wl_keyboard keys, held as long as the finger",
          arguments: Self.compositors)
    func virtualKeyboardWithoutATextInput(kind: CompositorKind) throws {
        let pair = try start(kind, textInput: false)
        let key = TextFieldAndKeyboard.keyCentre(4)
        try pair.keyboard.inject("down 0 \(key.x) \(key.y); frame", settle: 0.8)
        try pair.keyboard.inject("up 0; frame", settle: 0.5)
        let (field, keyboard) = try pair.finish()

        let events = keyboard.surfaceEvents
        #expect(!events.contains { $0.kind == .inputMethodActivate }, "nothing asked for the input method")
        let pressed = try #require(events.first { $0.kind == .oskKeyPressed }, "\(events.map(\.kind))")
        let released = try #require(events.first { $0.kind == .oskKeyReleased }, "\(events.map(\.kind))")
        #expect(pressed.code == 6 && released.code == 6)
        // The key times are the touch's: held as long as the finger was.
        let held = try #require(released.time) &- (try #require(pressed.time))
        #expect(held >= 700 && held < 2000, "held \(held) ms")

        let keys = field.surfaceEvents.filter { $0.kind == .keyPressed || $0.kind == .keyReleased }
        #expect(keys.map(\.kind) == [.keyPressed, .keyReleased] && keys.allSatisfy { $0.code == 6 }, "\(keys)")
        // Both pass the virtual keyboard's times through unchanged.
        #expect(keys.map(\.time) == [pressed.time, released.time])
        #expect(!field.surfaceEvents.contains { $0.kind == .keyboardLeave })
    }
}
