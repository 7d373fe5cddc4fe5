import Testing
import TouchStream

@Suite struct CompactFormTests {
    @Test func placeholderCompiles() { #expect(CompactTrace.frameIntervalMilliseconds == 8) }
}
