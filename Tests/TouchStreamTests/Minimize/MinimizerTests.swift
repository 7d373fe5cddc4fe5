import Testing
@testable import TouchStream

// MARK: - Delta debugging a trace down to what shows a finding

@Suite struct MinimizerTests {
    /// `count` well-formed taps of id 1 (down, frame, motion, frame, up, frame) at distinct places.
    private static func taps(_ count: Int, from: Int) -> String {
        (0..<count).map { k in
            let x = from + k
            return "down 1 \(x) 50; frame; motion 1 \(x + 3) 52; frame; up 1; frame"
        }.joined(separator: "\n")
    }

    /// 480 valid records, then a motion for id 7 after its up (R3), then 480 more.
    private static let paddedTrace = taps(80, from: 100) + """

        down 7 300 300; frame; motion 7 305 300; frame; up 7; frame; motion 7 310 300; frame
        """ + "\n" + taps(80, from: 400)

    private static func records(_ compact: String) throws -> [RawRecord] {
        try CompactTrace.parse(compact).compactMap { if case .record(let r) = $0 { r } else { nil } }
    }

    private static func showsR3(_ records: [RawRecord]) -> Bool {
        ConformanceChecker.check(records, header: nil).contains { $0.ruleID == "R3" }
    }

    @Test func paddedR3ViolationShrinksToItsThreeFrames() throws {
        let records = try Self.records(Self.paddedTrace)
        #expect(records.count == 968)
        #expect(ConformanceChecker.check(records, header: nil).filter { $0.category == .violation }.map(\.ruleID) == ["R3"])
        let keeps = try #require(Minimizer.keepsFinding("R3", in: records, header: nil))
        let minimal = Minimizer.minimize(records: records, keeps: keeps)
        #expect(CompactTrace.write(records: minimal) == """
            down 7 300 300 t=1920 serial=161; frame
            up 7 t=1936; frame
            motion 7 310 300; frame

            """)
        #expect(Self.showsR3(minimal))
    }

    @Test func aRuleOnlyPropertyMayDriftToAnotherInstance() throws {
        // Why keepsFinding ties the finding to its event: "some R3" is also shown by padding taps
        // once the search has removed a down.
        let minimal = Minimizer.minimize(records: try Self.records(Self.paddedTrace), keeps: Self.showsR3)
        #expect(Self.showsR3(minimal))
        #expect(!minimal.contains { $0.event.touchID == 7 })
    }

    @Test func noSuchFindingGivesNoProperty() throws {
        #expect(Minimizer.keepsFinding("R3", in: try Self.records(Self.taps(3, from: 0)), header: nil) == nil)
    }

    @Test func minimizingIsDeterministicAndIdempotent() throws {
        let records = try Self.records(Self.paddedTrace)
        let once = Minimizer.minimize(records: records, keeps: Self.showsR3)
        #expect(Minimizer.minimize(records: records, keeps: Self.showsR3) == once)
        #expect(Minimizer.minimize(records: once, keeps: Self.showsR3) == once)
    }

    @Test func aTraceWithoutThePropertyComesBackUnchanged() throws {
        let records = try Self.records(Self.taps(3, from: 0))
        #expect(Minimizer.minimize(records: records, keeps: Self.showsR3) == records)
    }

    @Test func eventPassKeepsFramesAndDropsOnlyEmptyOnes() throws {
        // Property: some motion of id 2 exists. Frames around removed events must not pile up.
        let records = try Self.records("down 2 1 1; motion 2 5 5; frame; motion 2 6 6; frame; up 2; frame")
        let minimal = Minimizer.minimize(records: records) { candidate in
            candidate.contains { if case .motion(_, 2, _, _) = $0.event { true } else { false } }
        }
        #expect(minimal.map(\.event.name) == ["motion", "frame"])
    }

    @Test func ddminFindsTheTwoNeededPartsOfMany() {
        let parts = Array(0..<100)
        var calls = 0
        let result = DeltaDebugging.minimize(parts) { candidate in
            calls += 1
            return candidate.contains(17) && candidate.contains(83)
        }
        #expect(result == [17, 83])
        #expect(calls < 200)
    }
}
