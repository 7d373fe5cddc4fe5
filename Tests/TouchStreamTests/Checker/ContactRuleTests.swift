import Testing
import TouchStream

/// R10, R11, R12: wl_touch.shape and wl_touch.orientation values and versions.
@Suite struct ContactRuleTests {
    @Test func r10MajorShorterThanMinor() throws {
        #expect(try findings("down 0 1 1; shape 0 2 4; frame; up 0; frame") == ["violation R10@1"])
        #expect(try findings("down 0 1 1; shape 0 4 2; frame; shape 0 3 3; frame; up 0; frame") == [])
    }

    @Test func r11OrientationOutsideTheRange() throws {
        #expect(try findings("down 0 1 1; orientation 0 181; frame; orientation 0 -180.5; frame; up 0; frame")
            == ["violation R11@1", "violation R11@3"])
        #expect(try findings("down 0 1 1; orientation 0 180; frame; orientation 0 -180; frame; up 0; frame") == [])
    }

    @Test func r12ShapeAndOrientationBelowVersion6() throws {
        let script = "down 0 1 1; shape 0 4 2; orientation 0 10; frame; up 0; frame"
        #expect(try findings(script, header: checkerHeader(touchVersion: 5)) == ["violation R12@1", "violation R12@2"])
        #expect(try findings(script, header: checkerHeader(touchVersion: 6)) == [])
        // Without a header (the compact form) the version is unknown, so R12 is not checked.
        #expect(try findings(script) == [])
    }

    @Test func oneRecordCanBreakSeveralRulesOnceEach() throws {
        #expect(try findings("orientation 9 200; frame", header: checkerHeader(touchVersion: 4))
            == ["violation R12@0", "violation R9@0", "violation R11@0"])
    }
}
