import CompositorDrivers
@testable import Matrix
import Testing
import TouchStream

// MARK: - The on-screen keyboard scripts: focus kept, keys typed, held keys repeated

@Suite struct MatrixKeyboardScriptTests {
    /// The records sway 1.7 sent our field and keyboard in osk-tap (times and serials as measured),
    /// up to the tap on the field; each test adds what the tap on the key brought.
    static let focused = """
        layer-configure 1280 160 serial=17 surface=wl_surface@26
        keyboard-enter serial=19 surface=wl_surface@3
        text-input-enter surface=wl_surface@3
        text-input-enable surface=wl_surface@3
        input-method-activate surface=wl_surface@26
        input-method-done surface=wl_surface@26
        down 0 300 250 t=20249665 serial=23 surface=wl_surface@3; frame; up 0 t=20249706 serial=24; frame
        down 0 640 80 t=20250008 serial=25 surface=wl_surface@26 control=true; frame

        """

    private func run(_ name: String, _ trace: String) throws -> MatrixRun {
        let script = try #require(MatrixBattery.scripts.first { $0.name == name })
        return MatrixRun(script: script, trace: Trace(format: .compact, header: nil, items: try CompactTrace.parse(trace)),
                         deliveriesLog: "", initial: nil, snapshot: nil)
    }

    @Test func theScriptsAreOneClientWithTheFieldAndTheKeyboard() throws {
        for name in ["osk-tap", "osk-longpress", "osk-focus"] {
            let script = try #require(MatrixBattery.scripts.first { $0.name == name })
            #expect(script.windows == [MatrixWindow(name: "a", arguments: ["--text-input", "--osk"])])
        }
    }

    @Test func aKeyCommittedIntoTheFieldIsTypedAndALeaveBeforeItIsM12() throws {
        let typed = Self.focused + """
            osk-commit-string surface=wl_surface@26 text=3
            commit-string surface=wl_surface@3 text=3
            text-input-done serial=1 surface=wl_surface@3
            up 0 t=20250066 serial=26 control=true; frame
            """
        let kept = try run("osk-focus", typed)
        #expect(!kept.observations.contains(.keyNotTyped) && !kept.observations.contains(.fieldLostFocus))
        // A leave after the last text is the end of the run (the clients exit): no finding.
        #expect(try !run("osk-focus", typed + "\ntext-input-leave surface=wl_surface@3").observations.contains(.fieldLostFocus))
        let lost = try run("osk-focus", typed.replacing("osk-commit-string", with: "keyboard-leave serial=27 surface=wl_surface@3\nosk-commit-string"))
        #expect(lost.observations.contains(.fieldLostFocus) && lost.ruleIDs.contains("M12"))
        let nothing = try run("osk-tap", Self.focused + "up 0 t=20250066 serial=26 control=true; frame")
        #expect(nothing.observations.contains(.keyNotTyped) && nothing.ruleIDs.contains("M13"))
    }

    @Test func aHeldKeyRepeatsWhenCommittedAgainOrHeldPastTheRepeatDelay() throws {
        let once = Self.focused + "commit-string surface=wl_surface@3 text=3\nup 0 t=20251208 serial=26 control=true; frame"
        #expect(try run("osk-longpress", once).observations.contains(.keyNotRepeated))
        let twice = Self.focused + "commit-string surface=wl_surface@3 text=3\ncommit-string surface=wl_surface@3 text=3\n"
            + "up 0 t=20251208 serial=26 control=true; frame"
        #expect(try !run("osk-longpress", twice).observations.contains(.keyNotRepeated))
        // A virtual keyboard's key: the field repeats it itself when it is held past 600 ms.
        let held = { (release: Int) in Self.focused + "key-pressed 4 t=20250008 surface=wl_surface@3\n"
            + "key-released 4 t=\(release) surface=wl_surface@3\nup 0 t=\(release) serial=26 control=true; frame" }
        #expect(try !run("osk-longpress", held(20251208)).observations.contains(.keyNotRepeated))
        #expect(try run("osk-longpress", held(20250300)).observations.contains(.keyNotRepeated))
    }
}
