import Testing
import TouchStream

/// R4, R7, R8, A1, A2, A13, A17: how events group into frames.
@Suite struct FrameRuleTests {
    @Test func r4EmptyFrame() throws {
        #expect(try findings("down 0 1 1; frame; frame; up 0; frame") == ["violation R4@2"])
        #expect(try findings("down 0 1 1; frame; up 0; frame") == [])
    }

    @Test func r8ShapeWithoutAFrameBeforeTheEnd() throws {
        #expect(try findings("down 0 1 1; frame; shape 0 4 2; orientation 0 5", header: checkerHeader())
            == ["violation R8@2"])
        #expect(try findings("down 0 1 1; frame; shape 0 4 2; frame; up 0; frame", header: checkerHeader()) == [])
    }

    @Test func r8ShapeCutOffByACancel() throws {
        #expect(try findings("down 0 1 1; frame; shape 0 4 2; cancel") == ["ambiguity A3@3", "violation R8@2"])
    }

    @Test func a1Weston10DropsTheFrameAfterTheLastUp() throws {
        let weston = "down 0 10 10 t=100; frame; motion 0 12 10 t=116; frame; up 0 t=130"
        #expect(try findings(weston) == ["ambiguity A1@4"])
        #expect(try findings(weston + "; down 0 20 20 t=900; frame; up 0 t=950") == ["ambiguity A1@4", "ambiguity A1@7"])
        #expect(try findings(weston + "; frame") == [])
    }

    @Test func a1IsOneFindingHoweverManyEventsFollow() throws {
        #expect(try findings("down 0 1 1; down 1 2 2; frame; up 0 t=20; up 1 t=20; down 2 5 5 t=90; motion 2 6 6 t=95; frame; up 2; frame")
            == ["ambiguity A1@4"])
    }

    @Test func a1NotWhileAnotherTouchIsDown() throws {
        #expect(try findings("down 0 1 1; down 1 2 2; frame; up 0 t=20; motion 1 3 3 t=40; frame; up 1; frame") == [])
    }

    @Test func a2AndR7FrameAfterCancelIsOptional() throws {
        #expect(try findings("down 0 1 1; frame; cancel; frame") == ["ambiguity A2@3"])
        #expect(try findings("down 0 1 1; frame; cancel") == [])
        #expect(try findings("down 0 1 1; frame; cancel; down 1 1 1; frame; up 1; frame") == [])
    }

    @Test func a13SeveralMotionsOfOneIDInAFrameAreOneFinding() throws {
        #expect(try findings("down 0 1 1; frame; motion 0 2 2; motion 0 3 3; motion 0 4 4; frame; up 0; frame")
            == ["ambiguity A13@3"])
        #expect(try findings("down 0 1 1; down 1 1 1; frame; motion 0 2 2; motion 1 3 3; frame; motion 0 3 3; frame; up 0; up 1; frame")
            == [])
    }

    @Test func a17ShapeJustBeforeUp() throws {
        #expect(try findings("down 0 1 1; frame; shape 0 4 2; up 0; frame") == ["ambiguity A17@3"])
        #expect(try findings("down 0 1 1; frame; shape 0 4 2; frame; up 0; frame") == [])
    }
}
