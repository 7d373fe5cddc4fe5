import Testing
import TouchKit

/// qt-6.4's DragHandler and PinchHandler (and what they do to TapHandler) on streams the real
/// Qt 6.4.2 oracle received, with what it reported.
@Suite struct QtDragPinchTests {
    @Test func aDragBeginsPastTenPixelsOnAnAxisAndCancelsTheTap() throws {
        // 7 px: nothing; 14 px: drag begins and the tap is canceled on the same event.
        let seen = try qtRecognises("""
            down 0 300 200 t=11273272 serial=252 surface=wl_surface@17; frame
            motion 0 307 200 t=11273302; frame
            motion 0 314 200 t=11273327; frame
            motion 0 321 200 t=11273352; frame
            up 0 t=11273453
            """)
        #expect(Set(seen) == [.dragBegin(11273327), .cancel(11273327), .dragEnd(11273453)])
        #expect(seen.count == 3)
    }

    @Test func aLongPressThenADrag() throws {
        let seen = try qtRecognises("""
            down 0 200 150 t=11134996 serial=68 surface=wl_surface@17; frame
            motion 0 230 150 t=11135997; frame
            up 0 t=11136057
            """)
        #expect(Set(seen) == [.longPress(11134996), .dragBegin(11135997), .cancel(11135997), .dragEnd(11136057)])
    }

    @Test func aPinchBeginsWhenAFingerPassesTheThresholdAndEndsAtTheFirstLift() throws {
        let seen = try qtRecognises("""
            down 0 250 200 t=11356040 serial=340 surface=wl_surface@17; frame
            down 1 350 200 t=11356117 surface=wl_surface@17; frame
            motion 0 240 200 t=11356147; motion 1 360 200; frame
            motion 0 230 200 t=11356177; motion 1 370 200; frame
            motion 0 220 200 t=11356207; motion 1 380 200; frame
            up 0 t=11356298; up 1
            """)
        #expect(seen == [.cancel(11356117), .pinchBegin(11356177), .pinchEnd(11356298)])
    }

    @Test func aThirdFingerEndsThePinchAndItsLiftStartsItAgain() throws {
        let seen = try qtRecognises("""
            down 0 200 200 t=11438944 serial=460 surface=wl_surface@17; frame
            down 1 300 200 t=11438984 surface=wl_surface@17; frame
            motion 0 180 200 t=11439010; motion 1 320 200; frame
            down 2 450 100 t=11439043 surface=wl_surface@17; frame
            up 2 t=11439080; frame
            motion 0 160 200 t=11439110; motion 1 340 200; frame
            up 0 t=11439144; up 1
            """)
        #expect(Set(seen) == [.cancel(11438984), .pinchBegin(11439010), .pinchEnd(11439043), .pinchBegin(11439080),
                              .tap(1, 11439080), .pinchEnd(11439144)])
        #expect(seen.count == 6)
    }

    @Test func theFingerLeftAfterAPinchDragsAtItsNextMove() throws {
        let seen = try qtRecognises("""
            down 0 200 200 t=11449932 serial=484 surface=wl_surface@17; frame
            down 1 300 200 t=11449932 surface=wl_surface@17; frame
            motion 0 180 200 t=11449962; motion 1 320 200; frame
            up 1 t=11449993; frame
            motion 0 220 200 t=11450023; frame
            motion 0 260 200 t=11450053; frame
            up 0 t=11450083
            """)
        #expect(seen == [.cancel(11449932), .pinchBegin(11449962), .pinchEnd(11449993), .dragBegin(11450023), .dragEnd(11450083)])
    }

    @Test func aSecondFingerOnADragEndsItAndCanStartAPinchAtOnce() throws {
        let seen = try qtRecognises("""
            down 0 200 200 t=11428118 serial=444 surface=wl_surface@17; frame
            motion 0 230 200 t=11428152; frame
            down 1 350 300 t=11428182 surface=wl_surface@17; frame
            motion 1 370 300 t=11428212; frame
            motion 1 390 300 t=11428242; frame
            up 0 t=11428273; up 1
            """)
        #expect(Set(seen) == [.dragBegin(11428152), .cancel(11428152), .dragEnd(11428182), .pinchBegin(11428182),
                              .pinchEnd(11428273)])
        #expect(seen.count == 5)
    }

    @Test func aCancelEndsTheDragAtTheLastEventsTime() throws {
        let seen = try qtRecognises("""
            down 0 200 200 t=11470395 serial=510 surface=wl_surface@17; frame
            motion 0 240 200 t=11470425; frame
            cancel
            down 0 500 350 t=11471257 surface=wl_surface@17; frame
            up 0 t=11471298
            """)
        #expect(Set(seen) == [.dragBegin(11470425), .cancel(11470425), .dragEnd(11470425), .tap(1, 11471298)])
    }

    @Test func aFingerTappingDuringADragIsTakenByThePinchNotTheTap() throws {
        // The drag's point was past the threshold, so the pinch activates as the second finger
        // lands and grabs it; the first finger drags again at its next move.
        let seen = try qtRecognises("""
            down 0 200 150 t=12208840 serial=1127 surface=wl_surface@17; frame
            motion 0 240 150 t=12208884; frame
            down 1 450 300 t=12208900 surface=wl_surface@17; frame
            up 1 t=12208961; frame
            motion 0 270 150 t=12208993; frame
            motion 0 300 150 t=12209032; frame
            up 0 t=12209076
            """)
        #expect(Set(seen) == [.dragBegin(12208884), .cancel(12208884), .dragEnd(12208900), .pinchBegin(12208900),
                              .pinchEnd(12208961), .dragBegin(12208993), .dragEnd(12209076)])
        #expect(seen.count == 7)
    }

    @Test func aCancelEndsThePinchAndTheNextTapIsPlain() throws {
        let seen = try qtRecognises("""
            down 0 200 200 t=13667245 serial=2359 surface=wl_surface@17; frame
            down 1 300 200 t=13667245 surface=wl_surface@17; frame
            motion 0 180 200 t=13667275; motion 1 320 200; frame
            cancel
            down 0 500 350 t=13668106 surface=wl_surface@17; frame
            up 0 t=13668146
            """)
        #expect(seen == [.cancel(13667245), .pinchBegin(13667275), .pinchEnd(13667275), .tap(1, 13668146)])
    }
}
