import Glibc
import Testing
@testable import WaylandClient

// MARK: - Keys through a keymap, as wl_keyboard delivers it

@Suite struct KeymapTests {
    /// A self-contained keymap (no system XKB data needed): Escape, q/Q, shift, control, alt.
    private static let keymapText = """
    xkb_keymap {
        xkb_keycodes "test" {
            minimum = 8; maximum = 255;
            <ESC> = 9; <AD01> = 24; <LCTL> = 37; <LFSH> = 50; <LALT> = 64;
        };
        xkb_types "test" {
            type "ONE_LEVEL" { modifiers = none; level_name[Level1] = "Any"; };
            type "TWO_LEVEL" { modifiers = Shift; map[Shift] = Level2;
                               level_name[Level1] = "Base"; level_name[Level2] = "Shift"; };
        };
        xkb_compatibility "test" {
            interpret Shift_L { action = SetMods(modifiers = Shift); };
            interpret Control_L { action = SetMods(modifiers = Control); };
            interpret Alt_L { action = SetMods(modifiers = Mod1); };
        };
        xkb_symbols "test" {
            key <ESC> { [ Escape ] };
            key <AD01> { type = "TWO_LEVEL", [ q, Q ] };
            key <LFSH> { [ Shift_L ] };
            key <LCTL> { [ Control_L ] };
            key <LALT> { [ Alt_L ] };
            modifier_map Shift { <LFSH> };
            modifier_map Control { <LCTL> };
            modifier_map Mod1 { <LALT> };
        };
    };
    """
    /// evdev codes (linux/input-event-codes.h).
    private static let keyQ: UInt32 = 16, keyEscape: UInt32 = 1
    /// Real modifier masks in every xkb keymap: Shift, Lock, Control, Mod1.
    private static let shiftMask: UInt32 = 1 << 0, controlMask: UInt32 = 1 << 2, altMask: UInt32 = 1 << 3

    /// The keymap delivered the way a compositor does: a file descriptor holding NUL-terminated text.
    private func keymapFromFD() throws -> XKBKeymap {
        var template = Array("/tmp/gs-keymap.XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        try #require(fd >= 0)
        unlink(template)
        let bytes = Array(Self.keymapText.utf8) + [0]
        try #require(write(fd, bytes, bytes.count) == bytes.count)
        return try XKBKeymap(fd: fd, size: UInt32(bytes.count))
    }

    @Test func plainShiftedAndModifiedKeys() throws {
        let keymap = try keymapFromFD()
        let q = keymap.press(keycode: Self.keyQ, time: 7)
        #expect(q == KeyPress(keycode: 16, keysym: 0x71, name: "q", text: "q", modifiers: [], time: 7))

        keymap.updateModifiers(depressed: Self.shiftMask, latched: 0, locked: 0, group: 0)
        let shifted = keymap.press(keycode: Self.keyQ, time: 8)
        #expect((shifted.name, shifted.text, shifted.modifiers) == ("Q", "Q", [.shift]))

        keymap.updateModifiers(depressed: Self.controlMask | Self.altMask, latched: 0, locked: 0, group: 0)
        #expect(keymap.press(keycode: Self.keyQ, time: 9).modifiers == [.control, .alt])

        keymap.updateModifiers(depressed: 0, latched: 0, locked: 0, group: 0)
        let escape = keymap.press(keycode: Self.keyEscape, time: 10)
        #expect((escape.keysym, escape.name, escape.text) == (0xff1b, "Escape", "\u{1b}"))
    }

    @Test func garbageIsAOneLineError() throws {
        let text = Array("this is not a keymap".utf8CString)
        let error = try #require(throws: WaylandError.self) {
            try text.withUnsafeBufferPointer { try XKBKeymap(text: $0) }
        }
        #expect(error.description.hasPrefix("unusable keymap from the compositor: "))
        #expect(!error.description.contains("\n"))
    }
}
