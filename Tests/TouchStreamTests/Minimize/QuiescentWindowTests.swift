import Testing
@testable import TouchStream

// MARK: - The window a streamed minimisation keeps

@Suite struct QuiescentWindowTests {
    /// `count` well-formed taps of id 1 at distinct places (6 records each).
    private static func taps(_ count: Int, from: Int) -> String {
        (0..<count).map { k in "down 1 \(from + k) 50; frame; motion 1 \(from + k + 3) 52; frame; up 1; frame" }
            .joined(separator: "\n")
    }

    private static func records(_ compact: String) throws -> [RawRecord] {
        try CompactTrace.parse(compact).compactMap { if case .record(let r) = $0 { r } else { nil } }
    }

    /// Streams `records` through a locator for the first finding of `rule`, as `minimize` does.
    private static func locate(_ rule: String, in records: [RawRecord],
                               window: QuiescentWindow = QuiescentWindow()) -> FindingLocator {
        var locator = FindingLocator(header: nil, window: window) { $0.ruleID == rule }
        var findings: [Finding] = []
        for record in records where !locator.isComplete { locator.push(record, into: &findings) }
        if !locator.isComplete { locator.finish(into: &findings) }
        return locator
    }

    @Test func aLongUnrelatedPrefixIsNotInTheWindow() throws {
        // 600 records of taps, then id 7 moves after its up (R3 at record 606), then 600 more.
        let records = try Self.records(Self.taps(100, from: 100) + """

            down 7 300 300; frame; motion 7 305 300; frame; up 7; frame; motion 7 310 300; frame
            """ + "\n" + Self.taps(100, from: 400))
        let locator = Self.locate("R3", in: records)
        #expect(locator.target?.recordIndex == 606)
        #expect(locator.isComplete)
        let window = locator.window
        // The latest cut is the down of id 7; the window ends with the frame after the motion.
        #expect(window.starts.first == 600)
        #expect(window.records(from: 600) == Array(records[600...607]))
        // Only the last few taps before it are held, never the trace's start.
        let oldest = try #require(window.starts.last)
        #expect(oldest == 600 - 6 * (QuiescentWindow.defaultKeptStarts - 1))
        #expect(window.record(at: 0) == nil)
        // Nothing after the finding's frame is held, however long the trace goes on.
        #expect(window.records(from: oldest).count == 608 - oldest)
        // The same minimal trace as shrinking the whole trace in memory.
        let whole = Minimizer.minimize(records: records,
                                       keeps: try #require(Minimizer.keepsFinding("R3", in: records, header: nil)))
        #expect(try locator.minimize(header: nil) == whole)
        #expect(CompactTrace.write(records: whole).hasPrefix("down 7 300 300"))
    }

    @Test func aFindingThatRestsOnAnEarlierSequenceCutsThere() throws {
        // R3 on id 1 needs the up of id 1, which came before the latest quiescent point (down 2).
        let records = try Self.records("""
            down 1 10 10; frame; up 1; frame
            down 2 20 20; frame; up 2; frame
            motion 1 12 10; frame
            """)
        let locator = Self.locate("R3", in: records)
        #expect(locator.window.starts == [4, 0])
        let minimal = try locator.minimize(header: nil)
        #expect(minimal.map(\.event.name) == ["down", "frame", "up", "frame", "motion", "frame"])
        #expect(ConformanceChecker.check(minimal, header: nil).contains { $0.ruleID == "R3" })
    }

    @Test func aTouchHeldLongerThanTheWindowIsAClearError() throws {
        // Id 0 stays down for 80 records before the R3 of id 5: no cut can start clean.
        let held = (0..<40).map { "motion 0 \(10 + $0) 10; frame" }.joined(separator: "\n")
        let records = try Self.records("""
            down 5 100 100; frame; up 5; frame
            down 0 10 10; frame
            \(held)
            motion 5 101 100; frame
            """)
        let locator = Self.locate("R3", in: records, window: QuiescentWindow(maximumRecords: 50))
        #expect(locator.target != nil)
        #expect(!locator.isComplete)
        let error = #expect(throws: MinimizeError.self) { try locator.minimize(header: nil) }
        #expect(error?.description.contains("more than 50 records with a touch down lead up to it") == true)
    }

    @Test func aLongHeldTouchBeforeACleanStartIsForgotten() throws {
        // The long stretch ends before the finding's sequence starts: the window starts afresh there.
        let held = (0..<40).map { "motion 0 \(10 + $0) 10; frame" }.joined(separator: "\n")
        let records = try Self.records("""
            down 0 10 10; frame
            \(held)
            up 0; frame
            down 7 300 300; frame; up 7; frame; motion 7 310 300; frame
            """)
        let locator = Self.locate("R3", in: records, window: QuiescentWindow(maximumRecords: 50))
        #expect(locator.isComplete)
        #expect(locator.window.starts == [84])
        #expect(try locator.minimize(header: nil).map(\.event.name) == ["down", "frame", "up", "frame", "motion", "frame"])
    }

    @Test func aPropertyNeverShownLeavesNoTarget() throws {
        let locator = Self.locate("R3", in: try Self.records(Self.taps(3, from: 0)))
        #expect(locator.target == nil)
        #expect(throws: MinimizeError.self) { try locator.minimize(header: nil) }
    }
}
