import Testing
import TouchKit
import TouchStream

/// The per-id memory of ended and cancelled ids stays bounded in long sessions.
@Suite struct RetiredIDTests {
    @Test func longSessionsForgetOldIDsButStillIgnoreStrayEvents() throws {
        var records: [RawRecord] = []
        let touches = 5000
        for id in 0..<Int32(touches) {
            records += [
                RawRecord(.down(serial: 0, time: 0, surface: nil, id: id, x: WLFixed(1), y: WLFixed(1))), RawRecord(.frame),
                RawRecord(.up(serial: 0, time: 0, id: id)), RawRecord(.frame),
            ]
        }
        records += [RawRecord(.motion(time: 0, id: 0, x: WLFixed(2), y: WLFixed(2))), RawRecord(.frame),
                    RawRecord(.motion(time: 0, id: Int32(touches - 1), x: WLFixed(2), y: WLFixed(2))), RawRecord(.frame)]
        let out = ReplayAssembler.assemble(records: records)
        #expect(out.frames.count == 2 * touches)
        #expect(out.diagnostics.map(\.kind) == [.unknownID, .eventAfterUp], "id 0 was forgotten, the last id not")
    }
}
