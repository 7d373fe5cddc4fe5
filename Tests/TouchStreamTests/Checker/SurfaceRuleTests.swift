import Testing
import TouchStream

/// S1, A11, A12 and heuristic H2 (R16): where touches are.
@Suite struct SurfaceRuleTests {
    @Test func s1DownOutsideTheSurface() throws {
        #expect(try findings("down 0 150 10; frame; up 0; frame", header: checkerHeader()) == ["violation S1@0"])
        #expect(try findings("down 0 -0.5 10; frame; up 0; frame", header: checkerHeader()) == ["violation S1@0"])
        #expect(try findings("down 0 100 100; frame; up 0; frame", header: checkerHeader()) == [])
        // Without a surface size there is nothing to compare with.
        #expect(try findings("down 0 150 10; frame; up 0; frame") == [])
    }

    @Test func a11MotionOutsideTheSurface() throws {
        #expect(try findings("down 0 90 10; frame; motion 0 120 10; frame; up 0; frame", header: checkerHeader())
            == ["ambiguity A11@2"])
        #expect(try findings("down 0 90 10; frame; motion 0 95 10; frame; up 0; frame", header: checkerHeader()) == [])
    }

    @Test func a12MotionWithoutChange() throws {
        #expect(try findings("down 0 1 1; frame; motion 0 1 1; frame; up 0; frame") == ["ambiguity A12@2"])
        #expect(try findings("down 0 1 1; frame; motion 0 1 1.00390625; frame; up 0; frame") == [])
    }

    @Test func h2JumpThatLooksLikeASurfaceSwitch() throws {
        // 800 px in one 8 ms frame: 100 px/ms.
        #expect(try findings("down 0 10 10; frame; motion 0 12 10; frame; motion 0 812 10; frame; up 0; frame")
            == ["heuristic H2@4"])
        // The same distance over two seconds is a finger, not a re-based coordinate.
        #expect(try findings("down 0 10 10; frame; motion 0 12 10; frame; motion 0 812 10 t=2016; frame; up 0; frame")
            == [])
    }
}
