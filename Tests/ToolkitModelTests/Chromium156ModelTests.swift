import Testing
import TouchKit

/// Streams Chromium 156.0.8078.108 received under the harness weston (its WAYLAND_DEBUG log, imported),
/// with what its page reported for them: the model must decide each the same way, at the same wl time.
@Suite struct Chromium156ModelTests {
    @Test func aTapHeldBelowTheLongPressTimeClicksAtItsUp() throws {
        let seen = try chromiumGestures("down 0 150 206 t=10966428; frame; up 0 t=10966820")
        #expect(seen == [ChromiumSeen("click", .tap, 1, 10966820)])
    }

    @Test func aHoldPastTheLongPressTimeIsContextmenuAtTheDownAndNoClick() throws {
        let seen = try chromiumGestures("down 0 150 206 t=10974161; frame; up 0 t=10975077")
        #expect(seen == [ChromiumSeen("contextmenu", .longPress, nil, 10974161)])
    }

    @Test func theTouchSlopIsDoubledForTouchesWithoutAContactSize() throws {
        // 26.9 px along a diagonal: more than the configured 15 px, still a click.
        let inside = try chromiumGestures("""
            down 0 150 206 t=11004460; frame; motion 0 154.75 210.75 t=11004501; frame; motion 0 159.5 215.5 t=11004521; \
            frame; motion 0 164.25 220.25 t=11004544; frame; motion 0 169 225 t=11004564; frame; up 0 t=11004604
            """)
        #expect(inside == [ChromiumSeen("click", .tap, 1, 11004604)])
        let outside = try chromiumGestures("""
            down 0 150 206 t=11009704; frame; motion 0 158.5 206 t=11009748; frame; motion 0 167 206 t=11009772; frame; \
            motion 0 175.5 206 t=11009792; frame; motion 0 184 206 t=11009813; frame; up 0 t=11009853
            """)
        #expect(outside == [])
    }

    @Test func leavingTheSlopEndsTheLongPressButMovingWithinItDoesNot() throws {
        let within = try chromiumGestures("""
            down 0 450 306 t=11034372; frame; motion 0 454.75 310.75 t=11034472; frame; motion 0 459.5 315.5 t=11034492; \
            frame; motion 0 464.25 320.25 t=11034516; frame; motion 0 469 325 t=11034536; frame; up 0 t=11035436
            """)
        #expect(within == [ChromiumSeen("contextmenu", .longPress, nil, 11034372)])
        let beyond = try chromiumGestures("""
            down 0 450 306 t=11038844; frame; motion 0 458.5 306 t=11038944; frame; motion 0 467 306 t=11038965; frame; \
            motion 0 475.5 306 t=11038985; frame; motion 0 484 306 t=11039005; frame; up 0 t=11039906
            """)
        #expect(beyond == [])
    }

    @Test func theSeriesIntervalRunsFromUpToDown() throws {
        // The downs are 288 ms apart: the up-to-down gap of 244 ms is what counts.
        let inside = try chromiumGestures("""
            down 0 150 206 t=11065660; frame; up 0 t=11065704; down 0 150 206 t=11065948; frame; up 0 t=11065992
            """)
        #expect(inside == [ChromiumSeen("click", .tap, 1, 11065704), ChromiumSeen("click", .tap, 2, 11065992),
                           ChromiumSeen("dblclick", .tap, 2, 11065992)])
        let outside = try chromiumGestures("""
            down 0 150 206 t=11070600; frame; up 0 t=11070642; down 0 150 206 t=11071202; frame; up 0 t=11071243
            """)
        #expect(outside == [ChromiumSeen("click", .tap, 1, 11070642), ChromiumSeen("click", .tap, 1, 11071243)])
    }

    @Test func theSeriesDistanceIsEuclideanBetweenTheDowns() throws {
        let inside = try chromiumGestures("""
            down 0 300 176 t=11093904; frame; up 0 t=11093955; down 0 312 188 t=11094075; frame; up 0 t=11094126
            """)
        #expect(inside.map(\.count) == [1, 2, 2])
        let outside = try chromiumGestures("""
            down 0 300 176 t=11110365; frame; up 0 t=11110415; down 0 316 192 t=11110536; frame; up 0 t=11110586
            """)
        #expect(outside == [ChromiumSeen("click", .tap, 1, 11110415), ChromiumSeen("click", .tap, 1, 11110586)])
    }

    @Test func aFirstTapThatMovedPastTheSeriesSlopStillClicksButStartsNoSeries() throws {
        let seen = try chromiumGestures("""
            down 0 150 206 t=11120100; frame; motion 0 156.328125 206 t=11120134; frame; motion 0 162.671875 206 \
            t=11120154; frame; motion 0 169 206 t=11120174; frame; up 0 t=11120204; down 0 150 206 t=11120325; frame; \
            up 0 t=11120375
            """)
        #expect(seen == [ChromiumSeen("click", .tap, 1, 11120204), ChromiumSeen("click", .tap, 1, 11120375)])
    }

    @Test func theTapCountGoesOneTwoThreeThenStartsAgain() throws {
        let seen = try chromiumGestures("""
            down 0 450 306 t=11135716; frame; up 0 t=11135757; down 0 450 306 t=11135857; frame; up 0 t=11135898; \
            down 0 450 306 t=11135999; frame; up 0 t=11136040; down 0 450 306 t=11136140; frame; up 0 t=11136181; \
            down 0 450 306 t=11136283; frame; up 0 t=11136323
            """)
        #expect(seen == [
            ChromiumSeen("click", .tap, 1, 11135757), ChromiumSeen("click", .tap, 2, 11135898),
            ChromiumSeen("dblclick", .tap, 2, 11135898), ChromiumSeen("click", .tap, 3, 11136040),
            ChromiumSeen("click", .tap, 1, 11136181), ChromiumSeen("click", .tap, 2, 11136323),
            ChromiumSeen("dblclick", .tap, 2, 11136323),
        ])
    }

    @Test func aLongPressCountsInTheSeriesThoughItDoesNotClick() throws {
        let seen = try chromiumGestures("""
            down 0 150 206 t=11145787; frame; up 0 t=11146707; down 0 150 206 t=11146857; frame; up 0 t=11146907
            """)
        #expect(seen == [ChromiumSeen("contextmenu", .longPress, nil, 11145787), ChromiumSeen("click", .tap, 2, 11146907),
                         ChromiumSeen("dblclick", .tap, 2, 11146907)])
    }

    @Test func twoFingersWithinTheSeparationAreAContextmenuTapAtTheFirstUp() throws {
        let near = try chromiumGestures("""
            down 0 100 256 t=11155504; down 1 350 256; frame; up 1 t=11155608; frame; up 0 t=11155638
            """)
        #expect(near == [ChromiumSeen("contextmenu", .tap, 1, 11155608)])
        let far = try chromiumGestures("""
            down 0 100 256 t=11156788; down 1 440 256; frame; up 1 t=11156888; frame; up 0 t=11156918
            """)
        #expect(far == [])
    }

    @Test func twoFingersHeldPastTheClickDurationAreNothing() throws {
        let seen = try chromiumGestures("""
            down 0 100 256 t=11168932; frame; down 1 220 296 t=11168992; frame; up 0 t=11170113; frame; up 1 t=11170143
            """)
        #expect(seen == [])
    }

    @Test func threeFingersAreNoTapOfAnyKind() throws {
        let seen = try chromiumGestures("""
            down 0 200 256 t=11180480; down 1 260 256; down 2 230 306; frame; up 2 t=11180584; frame; up 1 t=11180614; \
            frame; up 0 t=11180644
            """)
        #expect(seen == [])
    }

    @Test func aSecondFingerAfterTheLongPressFiredMakesASecondContextmenu() throws {
        let seen = try chromiumGestures("""
            down 0 200 256 t=11187248; frame; down 1 300 276 t=11188152; frame; up 1 t=11188256; frame; up 0 t=11188306
            """)
        #expect(seen == [ChromiumSeen("contextmenu", .longPress, nil, 11187248),
                         ChromiumSeen("contextmenu", .tap, 1, 11188256)])
    }

    @Test func aCancelIsOnePointercancelStampedWithTheLastDownOrUp() throws {
        #expect(try chromiumGestures("down 0 250 236 t=11200868; frame; cancel")
                == [ChromiumSeen("pointercancel", .cancel, nil, 11200868)])
        #expect(try chromiumGestures("down 0 250 236 t=11204452; down 1 330 236; frame; cancel")
                == [ChromiumSeen("pointercancel", .cancel, nil, 11204452)])
    }

    @Test func aCancelledTouchEndsTheSeries() throws {
        let seen = try chromiumGestures("""
            down 0 250 236 t=11205750; frame; up 0 t=11205801; down 0 250 236 t=11205921; frame; cancel; \
            down 0 250 236 t=11206122; frame; up 0 t=11206174
            """)
        #expect(seen == [ChromiumSeen("click", .tap, 1, 11205801), ChromiumSeen("pointercancel", .cancel, nil, 11205921),
                         ChromiumSeen("click", .tap, 1, 11206174)])
    }
}
