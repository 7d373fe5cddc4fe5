import TouchKit
import TouchStream

// MARK: - A script as a scroll model reads it

enum ScrollEvents {
    /// A script's touch events with the times its sleeps give them (ms after its start).
    static func from(_ items: [ScriptItem]) -> [ScrollTouchEvent] {
        var clock: UInt32 = 0
        var records: [RawRecord] = []
        for item in items {
            switch item {
            case .sleep(let milliseconds):
                clock &+= UInt32(truncatingIfNeeded: milliseconds)
            case .record(let record):
                var event = record.event
                switch event {
                case .down(let serial, _, let surface, let id, let x, let y):
                    event = .down(serial: serial, time: clock, surface: surface, id: id, x: x, y: y)
                case .motion(_, let id, let x, let y): event = .motion(time: clock, id: id, x: x, y: y)
                case .up(let serial, _, let id): event = .up(serial: serial, time: clock, id: id)
                default: break
                }
                records.append(RawRecord(event, hiResTimeNanoseconds: record.hiResTimeNanoseconds))
            }
        }
        return ScrollTouchEvent.events(from: records, origin: 0)
    }
}
