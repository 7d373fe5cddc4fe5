import Live
import Testing

/// The HUD's input → presented line.
@Suite struct PresentLatencyWindowTests {
    @Test func theLineSummarisesOnlyTheLastSeconds() {
        var window = PresentLatencyWindow()
        #expect(window.line == nil)
        window.add(presented: 1.0, missed: true, latencies: [0.100])
        for index in 0..<10 {
            window.add(presented: 10 + Double(index) * 0.025, missed: index == 3, latencies: [0.012, 0.020])
        }
        #expect(window.frameCount == 10)  // the frame at 1 s is more than 5 s old
        #expect(window.line == "input→present p50 12.0 · p99 20.0 ms · missed 1/10 (5 s)")
    }

    @Test func framesWithoutInputSayNoInputWasShown() {
        var window = PresentLatencyWindow()
        window.add(presented: 1.0, missed: false, latencies: [])
        #expect(window.line == "input→present no input shown · missed 0/1 (5 s)")
    }
}
