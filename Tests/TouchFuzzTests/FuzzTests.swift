import Testing
import TouchFuzz
import TouchKit
import TouchStream

/// Seeded random streams, valid and broken, against the assembly invariants.
@Suite struct FuzzTests {
    @Test func twentyThousandStreamsKeepEveryInvariant() {
        let report = fuzz(streams: 20_000, seed: 0x5EED)
        #expect(report.passed, "\(report)\n\(report.firstFailure ?? "")")
        #expect(report.streams == 20_000)
        // The generator must really exercise the repairs, or the run proves little.
        for kind in AssemblyDiagnostic.Kind.allCases where kind != .pendingAtEnd {
            #expect(report.diagnostics[kind, default: 0] > 0, "no \(kind.rawValue) produced")
        }
    }

    @Test func sameSeedSameStreams() {
        var a = StreamGenerator(seed: 42)
        var b = StreamGenerator(seed: 42)
        var c = StreamGenerator(seed: 43)
        let first = (0..<50).map { _ in a.nextStream().records }
        #expect(first == (0..<50).map { _ in b.nextStream().records })
        #expect(first != (0..<50).map { _ in c.nextStream().records })
    }

    @Test func splitMix64MatchesTheReferenceSequence() {
        // Reference values of SplitMix64 seeded with 0 (from the published algorithm).
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test func theCheckerCatchesBrokenOutput() {
        var checker = AssemblyInvariantChecker()
        checker.check(InputFrame(timestamp: 1, passes: [[
            TouchInput(id: 1, phase: .moved, location: .zero),
            TouchInput(id: 2, phase: .began, location: .zero),
            TouchInput(id: 2, phase: .ended, location: .zero),
        ]]))
        checker.check(InputFrame(timestamp: 0.5, passes: [[TouchInput(id: 3, phase: .began, location: .zero)]]))
        checker.finish()
        #expect(checker.violations == [
            "frame 0: id 1 moved without began",
            "frame 0: id 2 twice in one pass",
            "frame 1: timestamp 0.5 after 1.0",
            "touches never ended: [3]",
        ])
    }
}
