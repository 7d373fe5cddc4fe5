import Testing
@testable import WaylandClient

// MARK: - When the next input is expected

@Suite struct InputCadenceTests {
    /// A cadence that has seen bursts `gap` apart, the last at `last`.
    private func steady(gap: Double, bursts: Int = 6, last: Double = 1.0) -> InputCadence {
        var cadence = InputCadence()
        for index in 0..<bursts { cadence.inputArrived(at: last - Double(bursts - 1 - index) * gap) }
        return cadence
    }

    @Test func noRhythmNoExpectation() {
        var cadence = InputCadence()
        #expect(cadence.earliestNext == nil)
        #expect(!cadence.expectsNoInput(before: 100), "without a rhythm input may come any time")
        // Three gaps are not yet a rhythm (half the history is).
        for time in [1.0, 1.008, 1.016, 1.024] { cadence.inputArrived(at: time) }
        #expect(cadence.earliestNext == nil)
        cadence.inputArrived(at: 1.032)
        #expect(abs((cadence.earliestNext ?? 0) - (1.032 + 0.008 - InputCadence.tolerance)) < 1e-12)
    }

    @Test func theNextBurstIsExpectedOneShortestGapLessTheToleranceLater() throws {
        var cadence = steady(gap: 0.008)
        cadence.inputArrived(at: 1.0075)  // a short gap: 7.5 ms
        let next = try #require(cadence.earliestNext)
        #expect(abs(next - (1.0075 + 0.0075 - InputCadence.tolerance)) < 1e-12)
        #expect(cadence.expectsNoInput(before: next - 0.0001))
        #expect(!cadence.expectsNoInput(before: next + 0.0001))
    }

    @Test func eventsOfOneBurstAreNotTheCadence() throws {
        // Ten fingers' events read in one pass, 0.05 ms apart, every 4.2 ms (240 Hz).
        var cadence = InputCadence()
        for burst in 0..<6 {
            for event in 0..<10 { cadence.inputArrived(at: 2.0 + Double(burst) * 0.0042 + Double(event) * 0.00005) }
        }
        let last = 2.0 + 5 * 0.0042 + 9 * 0.00005
        let next = try #require(cadence.earliestNext)
        // The shortest gap between bursts: from one burst's last event to the next burst's first.
        #expect(abs(next - (last + 0.0042 - 9 * 0.00005 - InputCadence.tolerance)) < 1e-9)
    }

    @Test func aChangedRhythmIsFollowedWithinTheHistory() throws {
        var cadence = steady(gap: 0.004)
        for index in 1...InputCadence.historyLength { cadence.inputArrived(at: 1.0 + Double(index) * 0.016) }
        let last = 1.0 + Double(InputCadence.historyLength) * 0.016
        #expect(abs(try #require(cadence.earliestNext) - (last + 0.016 - InputCadence.tolerance)) < 1e-9)
    }
}
