import Testing
import TouchKit
import TouchStream

/// Streams Firefox 153.8.0 received under the harness weston (its WAYLAND_DEBUG log, imported), with
/// what its page reported for them: the model must decide each the same way, at the same wl time.
@Suite struct Firefox153ModelTests {
    @Test func aQuickTapClicksAtItsUpAndAHoldPastTheLongTapIsContextmenuAtItsDown() throws {
        #expect(try seen("down 0 150 150 t=49328398; frame; up 0 t=49328438") == [Seen("click", .tap, 1, 49328438)])
        #expect(try seen("down 0 150 150 t=49361217; frame; up 0 t=49361918")
                == [Seen("contextmenu", .longPress, nil, 49361217)])
    }

    @Test func aTapHeldPastTheMaxTapTimeStillClicksButStartsNoDoubleTap() throws {
        // 402 ms down: TAPGESTURE_CONFIRMED at the up; the next quick tap 80 ms later is detail 1 again.
        let pair = try seen("down 0 150 150 t=49356036; frame; up 0 t=49356438; down 0 150 150 t=49356518; frame; up 0 t=49356559")
        #expect(pair == [Seen("click", .tap, 1, 49356438), Seen("click", .tap, 1, 49356559)])
    }

    @Test func theTouchStartToleranceIsATenthOfAnInchAtTheOutputsDPI() throws {
        // 25.4 DPI under the harness weston: 2.54 px. 1.5 px still clicks, 4 px does not.
        let inside = try seen("""
            down 0 150 150 t=49380747; frame; motion 0 150.5 150 t=49380777; frame; motion 0 151 150 t=49380797; frame; \
            motion 0 151.5 150 t=49380818; frame; up 0 t=49380848
            """)
        #expect(inside == [Seen("click", .tap, 1, 49380848)])
        let outside = try seen("""
            down 0 150 150 t=49404250; frame; motion 0 151.328125 150 t=49404281; frame; motion 0 152.671875 150 \
            t=49404301; frame; motion 0 154 150 t=49404321; frame; up 0 t=49404351
            """)
        #expect(outside == [])
        // On a 96 DPI screen the same 4 px move is well inside 9.6 px.
        var model = Firefox153Model(dpi: 96)
        #expect(try seen(model: &model, """
            down 0 150 150 t=49404250; frame; motion 0 154 150 t=49404321; frame; up 0 t=49404351
            """) == [Seen("click", .tap, 1, 49404351)])
    }

    @Test func leavingTheToleranceEndsTheLongTap() throws {
        let within = try seen("""
            down 0 450 250 t=49436800; frame; motion 0 450.3515625 250.3515625 t=49436900; frame; motion 0 450.7109375 \
            250.7109375 t=49436934; frame; motion 0 451.0585938 251.0585938 t=49436960; frame; up 0 t=49437768
            """)
        #expect(within == [Seen("contextmenu", .longPress, nil, 49436800)])
        let beyond = try seen("""
            down 0 450 250 t=49449916; frame; motion 0 450.9414062 250.9414062 t=49450017; frame; motion 0 451.8789062 \
            251.8789062 t=49450044; frame; motion 0 452.8203125 252.8203125 t=49450068; frame; up 0 t=49450869
            """)
        #expect(beyond == [])
    }

    @Test func aDoubleTapNeedsTheSecondDownWithinTheMaxTapTimeOfTheFirstDown() throws {
        let quick = try seen("down 0 150 150 t=49458592; frame; up 0 t=49458652; down 0 150 150 t=49458696; frame; up 0 t=49458745")
        #expect(quick == [Seen("click", .tap, 1, 49458652), Seen("click", .tap, 2, 49458745),
                          Seen("dblclick", .tap, 2, 49458745)])
        // The second down comes 250 ms after the first up but 466 ms after the first down: no double tap.
        let late = try seen("down 0 150 150 t=49469644; frame; up 0 t=49469860; down 0 150 150 t=49470110; frame; up 0 t=49470150")
        #expect(late == [Seen("click", .tap, 1, 49469860), Seen("click", .tap, 1, 49470150)])
    }

    @Test func aDoubleTapsSecondTouchArmsNoTimer() throws {
        // Held 907 ms, yet no contextmenu: the second touch clicks with detail 2 at its up.
        let held = try seen("down 0 300 120 t=49474424; frame; up 0 t=49474468; down 0 300 120 t=49474529; frame; up 0 t=49475436")
        #expect(held == [Seen("click", .tap, 1, 49474468), Seen("click", .tap, 2, 49475436), Seen("dblclick", .tap, 2, 49475436)])
        // Moving past the tolerance ends it with nothing for the page.
        let moved = try seen("""
            down 0 150 150 t=49515387; frame; up 0 t=49515427; down 0 150 150 t=49515487; frame; motion 0 152 150 t=49515507; \
            frame; motion 0 154 150 t=49515528; frame; up 0 t=49515548
            """)
        #expect(moved == [Seen("click", .tap, 1, 49515427)])
    }

    @Test func theSecondTapToleranceIsHalfAnInchFromTheFirstDown() throws {
        let inside = try seen("down 0 300 120 t=49476644; frame; up 0 t=49476684; down 0 309 120 t=49476768; frame; up 0 t=49476816")
        #expect(inside.map(\.count) == [1, 2, 2])
        let outside = try seen("down 0 300 120 t=49493232; frame; up 0 t=49493292; down 0 317 120 t=49493372; frame; up 0 t=49493423")
        #expect(outside == [Seen("click", .tap, 1, 49493292), Seen("click", .tap, 1, 49493423)])
    }

    @Test func aDoubleTapEndsTheSeriesSoDetailsGoOneTwoOneTwo() throws {
        let series = try seen("""
            down 0 450 250 t=49523992; frame; up 0 t=49524041; down 0 450 250 t=49524116; frame; up 0 t=49524168; \
            down 0 450 250 t=49524259; frame; up 0 t=49524288; down 0 450 250 t=49524388; frame; up 0 t=49524412
            """)
        #expect(series.filter { $0.recognizer == "click" }.map(\.count) == [1, 2, 1, 2])
        #expect(series.filter { $0.recognizer == "dblclick" }.map(\.time) == [49524168, 49524412])
    }

    @Test func aSecondFingerEndsEveryTapOfTheBlock() throws {
        #expect(try seen("down 0 150 150 t=49543534; down 1 260 180 t=49543534; frame; up 0 t=49543624; up 1 t=49543624") == [])
        #expect(try seen("""
            down 0 150 150 t=49549744; frame; down 1 260 180 t=49549924; frame; up 1 t=49550634; frame; up 0 t=49550634
            """) == [])
        // A tap, then two fingers within the max tap time: the tap's click stays, nothing more.
        #expect(try seen("""
            down 0 150 150 t=49553849; frame; up 0 t=49553889; down 0 150 150 t=49553950; down 1 260 180 t=49553950; frame; \
            up 0 t=49554010; up 1 t=49554010
            """) == [Seen("click", .tap, 1, 49553889)])
    }

    @Test func aCancelIsOnePointercancelStampedWithTheLastDownOrUp() throws {
        // The motion 803 ms in tells the stream the long tap ran out before the cancel.
        let afterLong = try seen("down 0 450 250 t=49568828; frame; motion 0 451 250 t=49569631; frame; cancel")
        #expect(afterLong == [Seen("contextmenu", .longPress, nil, 49568828), Seen("pointercancel", .cancel, nil, 49568828)])
        let thenTap = try seen("down 0 450 250 t=49573621; frame; cancel; down 0 450 250 t=49573880; frame; up 0 t=49573922")
        #expect(thenTap == [Seen("pointercancel", .cancel, nil, 49573621), Seen("click", .tap, 1, 49573922)])
    }

    // MARK: - Replay

    private func seen(_ compact: String) throws -> [Seen] {
        var model = Firefox153Model()
        return try seen(model: &model, compact)
    }

    private func seen(model: inout Firefox153Model, _ compact: String) throws -> [Seen] {
        var out: [ToolkitGesture] = []
        var last = 0.0
        for output in ReplayAssembler.assemble(try CompactTrace.parse(compact)) {
            guard case .frame(let frame) = output else { continue }
            out += model.feed(frame)
            last = frame.timestamp
        }
        out += model.advance(to: last + 5)
        return out.map { Seen($0.recognizer, $0.kind, $0.count, $0.time) }
    }
}

/// What the comparison with the real browser looks at: recognizer, kind, count and wl_touch time.
private struct Seen: Equatable, CustomStringConvertible {
    var recognizer: String
    var kind: ToolkitGesture.Kind
    var count: Int?
    var time: Double

    init(_ recognizer: String, _ kind: ToolkitGesture.Kind, _ count: Int?, _ time: Double) {
        self.recognizer = recognizer
        self.kind = kind
        self.count = count
        self.time = time
    }

    var description: String { "\(recognizer) \(kind.rawValue) \(count.map(String.init) ?? "-") @\(Int(time))" }
}
