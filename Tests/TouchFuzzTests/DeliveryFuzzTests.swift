import Testing
import TouchFuzz
import TouchKit
import TouchStream

/// Seeded random streams delivered into random view trees, against the delivery invariants.
@Suite struct DeliveryFuzzTests {
    // MARK: - Fixtures

    private static func call(_ responder: String, _ method: TouchMethod, _ touches: [(Int32, TouchPhase)],
                             at time: Double = 0) -> DeliveryEntry {
        .call(ResponderCall(timestamp: time, responder: responder, method: method, touches: touches.map {
            LoggedTouch(id: $0.0, phase: $0.1, location: .zero, tapCount: 1)
        }))
    }

    private static func withheld(_ id: Int32, from view: String) -> DeliveryEntry {
        .withheld(WithheldTouch(timestamp: 0, id: id, view: view, reason: .multipleTouchDisabled, location: .zero))
    }

    // MARK: - The run

    @Test func threeThousandStreamsDeliverCleanly() {
        let report = DeliveryFuzz.run(streams: 3_000, seed: 0x5EED)
        #expect(report.passed, "\(report)")
        #expect(report.streams == 3_000)
        // The scenes must really exercise delivery and every withholding rule, or the run proves little.
        #expect(report.deliveries > report.frames)
        for reason in [WithholdReason.multipleTouchDisabled, .exclusiveTouch, .ignoringInteractionEvents, .noHitView] {
            #expect(report.withheld[reason, default: 0] > 0, "nothing withheld for \(reason.rawValue)")
        }
    }

    @Test func aDumpedStreamReplaysToTheSameDeliveries() throws {
        var generator = StreamGenerator(seed: 7)
        for index in 0..<20 {
            var records = generator.nextStream().records
            records.append(RawRecord(.cancel))
            let sceneSeed = DeliveryFuzz.sceneSeed(seed: 7, stream: index)
            let direct = DeliveryFuzz.check(records: records, sceneSeed: sceneSeed)
            let replayed = try DeliveryFuzz.replay(CompactTrace.write(records: records), sceneSeed: sceneSeed)
            #expect(replayed.frames == direct.frames)
            #expect(replayed.deliveries == direct.deliveries)
            #expect(replayed.withheld == direct.withheld)
        }
    }

    @Test func sameSceneSeedSameScene() {
        #expect(FuzzScene(seed: 99).description == FuzzScene(seed: 99).description)
        #expect(FuzzScene(seed: 99).description != FuzzScene(seed: 100).description)
    }

    // MARK: - The checks can fail

    @Test func theLogCheckerCatchesWrongDeliveries() {
        var checker = DeliveryInvariantChecker()
        checker.check([
            Self.call("a", .touchesBegan, [(1, .began), (2, .moved)]),
            Self.call("a", .touchesMoved, [(3, .moved), (1, .moved), (1, .moved)]),
            Self.call("a", .touchesBegan, [(1, .began)]),
            Self.withheld(1, from: "b"),
            Self.call("a", .touchesEnded, [(1, .ended)]),
            Self.call("a", .touchesCancelled, [(1, .cancelled)]),
            Self.call("b", .touchesEnded, []),
            Self.call("b", .touchesBegan, [(4, .began)]),
        ])
        checker.finish()
        #expect(checker.violations == [
            "entry 0 a.touchesBegan t=0.0: id 2 has phase moved",
            "entry 1 a.touchesMoved t=0.0: id 3 moved but was never delivered as began",
            "entry 1 a.touchesMoved t=0.0: id 1 twice in one call",
            "entry 2 a.touchesBegan t=0.0: id 1 began again before it ended",
            "entry 3 withheld b (multipleTouchDisabled) t=0.0: "
                + "id 1 began anew while a still tracks an earlier touch with that id",
            "entry 5 a.touchesCancelled t=0.0: id 1 cancelled but was not delivered as began (or already ended)",
            "entry 6 b.touchesEnded t=0.0: no touches",
            "a never saw the end of ids [2]",
            "b never saw the end of ids [4]",
        ])
        #expect(checker.beganCount(at: "a") == 3)
    }

    @Test func aCleanLogPasses() {
        var checker = DeliveryInvariantChecker()
        checker.check([
            Self.call("v", .touchesBegan, [(1, .began), (2, .began)]),
            Self.call("v", .touchesMoved, [(1, .moved)]),
            Self.call("v", .touchesEnded, [(1, .ended)]),
            Self.withheld(1, from: "v"),
            Self.call("v", .touchesCancelled, [(2, .cancelled)]),
        ])
        checker.finish()
        #expect(checker.violations.isEmpty)
        #expect(checker.calls == 4 && checker.withheld == 1)
    }

    @Test func aStreamThatLeavesATouchDownIsReported() throws {
        // No up and no cancel: the end-state checks must notice the touch still down everywhere.
        let outcome = try DeliveryFuzz.replay("down 1 500 500; frame", sceneSeed: 1)
        #expect(outcome.violations.contains("assembly: touches never ended: [1]"))
        #expect(outcome.violations.contains("assembler still has touches down: [1]"))
        #expect(outcome.violations.contains("application still has touches down: [1]"))
    }
}
