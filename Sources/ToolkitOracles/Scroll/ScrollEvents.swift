import TouchKit
import TouchStream

// MARK: - wl_touch records as a scroll model reads them

enum ScrollEvents {
    /// The touch events among `records`, times in ms after `origin` (wrap-aware); an up or cancel keeps the point's
    /// last position, a cancel the time of the event before it.
    static func from(_ records: [RawRecord], origin: UInt32) -> [ScrollTouchEvent] {
        var points: [Int32: (x: Double, y: Double)] = [:]
        var lastTime = 0.0
        var frame = 0
        var events: [ScrollTouchEvent] = []
        for record in records {
            switch record.event {
            case .frame:
                frame += 1
            case .down(_, let time, _, let id, let x, let y):
                lastTime = ScrollOracleOutput.milliseconds(time, after: origin)
                points[id] = (x.doubleValue, y.doubleValue)
                events.append(ScrollTouchEvent(.down, id: id, time: lastTime, x: x.doubleValue, y: y.doubleValue, frame: frame))
            case .motion(let time, let id, let x, let y):
                lastTime = ScrollOracleOutput.milliseconds(time, after: origin)
                points[id] = (x.doubleValue, y.doubleValue)
                events.append(ScrollTouchEvent(.motion, id: id, time: lastTime, x: x.doubleValue, y: y.doubleValue, frame: frame))
            case .up(_, let time, let id):
                lastTime = ScrollOracleOutput.milliseconds(time, after: origin)
                let point = points.removeValue(forKey: id) ?? (0, 0)
                events.append(ScrollTouchEvent(.up, id: id, time: lastTime, x: point.x, y: point.y, frame: frame))
            case .cancel:
                for (id, point) in points.sorted(by: { $0.key < $1.key }) {
                    events.append(ScrollTouchEvent(.cancel, id: id, time: lastTime, x: point.x, y: point.y, frame: frame))
                }
                points.removeAll()
            default:
                break
            }
        }
        return events
    }

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
        return from(records, origin: 0)
    }
}
