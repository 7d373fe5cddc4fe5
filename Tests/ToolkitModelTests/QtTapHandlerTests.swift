import Testing
import TouchKit

/// qt-6.4's TapHandler on streams the real Qt 6.4.2 oracle received, with what it reported.
@Suite struct QtTapHandlerTests {
    @Test func aLongPressFiresWithThePressTimeAndIsNoTap() throws {
        let seen = try qtRecognises("""
            down 0 150 250 t=11112416 serial=56 surface=wl_surface@17; frame
            up 0 t=11113617
            """)
        #expect(seen == [.longPress(11112416)])
    }

    @Test func tapsCountReleaseToReleaseSoALongFirstPressStillMakesADoubleTap() throws {
        // Presses 576 ms apart, releases 186 ms apart: Qt compares the releases.
        let seen = try qtRecognises("""
            down 0 200 200 t=11203516 serial=132 surface=wl_surface@17; frame
            up 0 t=11203968; down 0 200 200 t=11204092 surface=wl_surface@17; frame
            up 0 t=11204154
            """)
        #expect(seen == [.tap(1, 11203968), .tap(2, 11204154)])
    }

    @Test func aShortGapBetweenLongHoldsIsTwoSingleTaps() throws {
        // Up to down 280 ms, but the releases are 604 ms apart: over the 400 ms interval.
        let seen = try qtRecognises("""
            down 0 200 200 t=11835552 serial=695 surface=wl_surface@17; frame
            up 0 t=11835618; down 0 200 200 t=11835898 surface=wl_surface@17; frame
            up 0 t=11836222
            """)
        #expect(seen == [.tap(1, 11835618), .tap(1, 11836222)])
    }

    @Test func theTapDistanceIsMeasuredBetweenReleases() throws {
        // Pressed 14 px from the first tap, released 6 px from it: count 2.
        let seen = try qtRecognises("""
            down 0 200 200 t=11235468 serial=176 surface=wl_surface@17; frame
            up 0 t=11235519; down 0 214 200 t=11235656 surface=wl_surface@17; frame
            motion 0 206 200 t=11235678; frame
            up 0 t=11235710
            """)
        #expect(seen == [.tap(1, 11235519), .tap(2, 11235710)])
    }

    @Test func theTouchTapDistanceIsEuclidean() throws {
        // 10 px on each axis is 14.1 px apart: over touchDoubleTapDistance (10).
        let seen = try qtRecognises("""
            down 0 200 200 t=11226788 serial=164 surface=wl_surface@17; frame
            up 0 t=11226848; down 0 210 210 t=11226972 surface=wl_surface@17; frame
            up 0 t=11227015
            """)
        #expect(seen == [.tap(1, 11226848), .tap(1, 11227015)])
    }

    @Test func aSeriesCountsOnWithoutLimit() throws {
        let seen = try qtRecognises("""
            down 0 290 300 t=11246948 serial=196 surface=wl_surface@17; frame
            up 0 t=11246988; down 0 290 300 t=11247108 surface=wl_surface@17; frame
            up 0 t=11247148; down 0 290 300 t=11247269 surface=wl_surface@17; frame
            up 0 t=11247309; down 0 290 300 t=11247429 surface=wl_surface@17; frame
            up 0 t=11247469
            """)
        #expect(seen == [.tap(1, 11246988), .tap(2, 11247148), .tap(3, 11247309), .tap(4, 11247469)])
    }

    @Test func sevenPixelsOnEachAxisIsStillATap() throws {
        // 9.9 px away, but the drag threshold is per axis.
        let seen = try qtRecognises("""
            down 0 250 200 t=11152650 serial=80 surface=wl_surface@17; frame
            motion 0 257 207 t=11152690; frame
            up 0 t=11152730
            """)
        #expect(seen == [.tap(1, 11152730)])
    }

    @Test func aCancelLeavesTheTapPressedSoItsLongPressStillFires() throws {
        let seen = try qtRecognises("""
            down 0 100 100 t=11463456 serial=504 surface=wl_surface@17; frame
            cancel
            down 0 500 350 t=11464357 surface=wl_surface@17; frame
            up 0 t=11464398
            """)
        #expect(seen == [.longPress(11463456), .tap(1, 11464398)])
    }

    @Test func aSecondFingerCancelsTheTap() throws {
        let seen = try qtRecognises("""
            down 0 150 210 t=11602517 serial=292 surface=wl_surface@17; frame
            down 1 350 210 t=11602584 surface=wl_surface@17; frame
            up 0 t=11602664; up 1
            """)
        #expect(seen == [.cancel(11602584)])
    }

    @Test func aThirdFingerStartsATapThatCountsWhenAllLiftTogetherThenCancels() throws {
        // The third finger finds TapHandler free and presses it; lifting all three gives up its
        // grab on a released point: Qt reports the ungrab (the tap) before the cancel.
        let seen = try qtRecognises("""
            down 0 150 200 t=13518736 serial=2138 surface=wl_surface@17; frame
            down 1 250 200 t=13518736 surface=wl_surface@17; frame
            down 2 350 200 t=13518736 surface=wl_surface@17; frame
            up 0 t=13518816; up 1; up 2
            """)
        #expect(seen == [.cancel(13518736), .tap(1, 13518816), .cancel(13518816)])
    }
}
