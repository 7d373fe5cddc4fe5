import Testing
import TouchStream

/// A7 and heuristic H3: what the surface records (trace version 2) let the checker see.
@Suite struct FocusAndDestroyedSurfaceRuleTests {
    @Test func a7EventsForATouchWhoseSurfaceWasDestroyed() throws {
        // wlroots#996: motion and up keep coming after the client destroyed the surface.
        #expect(try findings("""
            down 0 10 10 surface=s1; frame; surface-destroyed surface=s1
            motion 0 12 10; frame; up 0; frame
            """) == ["ambiguity A7@3", "ambiguity A7@5"])
        // An up before the destroy, and touches on another surface, are nothing.
        #expect(try findings("""
            down 0 10 10 surface=s1; frame; up 0; frame; surface-destroyed surface=s1
            down 1 10 10 surface=s2; frame; motion 1 12 10; frame; up 1; frame
            """) == [])
        // A down naming the destroyed surface is one too.
        #expect(try findings("surface-destroyed surface=s1; down 0 1 1 surface=s1; frame; up 0; frame")
            == ["ambiguity A7@1", "ambiguity A7@3"])
    }

    @Test func h3ATouchedToplevelThatGotNeitherFocusNorActivation() throws {
        // Window a lost focus to another window; a touch on it brings nothing back.
        let unfocused = """
            keyboard-enter surface=a; activated true surface=a
            keyboard-leave surface=a; activated false surface=a
            down 0 10 10 surface=a; frame; up 0; frame
            """
        #expect(try findings(unfocused) == ["heuristic H3@4"])
        // The same touch followed by keyboard focus (or activation alone) is what users expect.
        #expect(try findings(unfocused + "; keyboard-enter surface=a") == [])
        #expect(try findings(unfocused + "; activated true surface=a") == [])
        // Focus that comes only after the next sequence started is too late for the first.
        #expect(try findings(unfocused + "; down 1 10 10 surface=a; frame; keyboard-enter surface=a; up 1; frame")
            == ["heuristic H3@4"])
        // A window that already has focus owes nothing; a surface no focus record names is no toplevel.
        #expect(try findings("keyboard-enter surface=a; down 0 1 1 surface=a; frame; up 0; frame") == [])
        #expect(try findings("keyboard-enter surface=a; keyboard-leave surface=a; down 0 1 1 surface=p; frame; up 0; frame")
            == [])
        // Traces without surface records (version 1, imports) never show it.
        #expect(try findings("down 0 1 1 surface=a; frame; up 0; frame") == [])
    }
}
