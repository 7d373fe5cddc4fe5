import Testing
import TouchKit
import TouchStream

/// More simultaneous touches than a hand has (the assembler switches to indexed lookup).
@Suite struct ManyTouchesTests {
    @Test func fortyTouchesKeepTheirIdentityThroughMovesUpsAndCancel() throws {
        let ids = Array(Int32(0)..<40)
        var script = ids.map { "down \($0) \($0) 0" }.joined(separator: "; ") + "; frame\n"
        script += ids.reversed().map { "motion \($0) \($0) 1" }.joined(separator: "; ") + "; frame\n"
        script += ids.filter { $0 % 2 == 0 }.map { "up \($0)" }.joined(separator: "; ") + "; frame\n"
        script += ids.filter { $0 % 4 == 1 }.map { "motion \($0) \($0) 2" }.joined(separator: "; ") + "; frame\n"
        script += "cancel\n"
        let out = try assemble(script)
        #expect(out.diagnostics.isEmpty)
        #expect(out.frames.map(\.passes) == [
            [ids.map { touch($0, .began, Double($0), 0) }],
            [ids.reversed().map { touch($0, .moved, Double($0), 1) }],
            [ids.filter { $0 % 2 == 0 }.map { touch($0, .ended, Double($0), 1) }],
            [ids.filter { $0 % 4 == 1 }.map { touch($0, .moved, Double($0), 2) }],
            [ids.filter { $0 % 2 == 1 }.map { touch($0, .cancelled, Double($0), $0 % 4 == 1 ? 2 : 1) }],
        ])
    }
}
