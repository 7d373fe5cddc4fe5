@testable import Playback
import Scenes
import Testing
import TouchKit
import TouchStream

// MARK: - What minimize --keep keeps

@Suite struct KeepPropertyTests {
    /// A drag, then two taps whose second down is 400 ms after the first up (a double tap under qt only).
    private static let trace = """
        down 1 100 100 t=500; frame; motion 1 120 100 t=520; frame; up 1 t=540; frame
        down 0 640 360 t=1000; frame; motion 0 640 361 t=1020; frame; up 0 t=1050; frame
        down 0 641 361 t=1450; frame; motion 0 641 362 t=1460; frame; up 0 t=1500; frame
        """

    private func trace() throws -> Trace {
        Trace(format: .compact, header: nil, items: try CompactTrace.parse(Self.trace))
    }

    @Test func outcomeShrinksToTheTwoTapsThatMakeIt() throws {
        let trace = try trace()
        let keeps = try KeepProperty(parsing: "outcome:\"tapCount\":2")
            .predicate(for: trace, sceneType: TouchDemoScene.self, profile: .qt)
        let minimal = Minimizer.minimize(records: trace.records, keeps: keeps)
        #expect(CompactTrace.write(records: minimal) == """
            down 0 640 360 t=1000 serial=3; frame
            up 0 t=1050; frame
            down 0 641 361 t=1450; frame

            """)
    }

    @Test func anOutcomeTheTraceLacksIsAnError() throws {
        #expect(throws: RuntimeError.self) {
            try KeepProperty(parsing: "outcome:\"tapCount\":2").predicate(for: try trace(), sceneType: TouchDemoScene.self,
                                                                         profile: .uikit)
        }
    }

    @Test(arguments: ["finding:", "outcome:", "R3", "findings:R3"])
    func malformedKeepIsRefused(text: String) {
        #expect(throws: RuntimeError.self) { try KeepProperty(parsing: text) }
    }

    @Test func keepParses() throws {
        #expect(try KeepProperty(parsing: "finding:R3") == .finding("R3"))
        #expect(try KeepProperty(parsing: "outcome:a:b") == .outcome("a:b"))
    }
}
