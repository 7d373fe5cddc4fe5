import TouchKit

// MARK: - wl_touch records as a scroll model reads them

extension ScrollTouchEvent {
    /// The touch events among `records`, times in ms after `origin` (wrap-aware); an up or cancel keeps the point's
    /// last position, a cancel the time of the event before it.
    public static func events(from records: [RawRecord], origin: UInt32) -> [ScrollTouchEvent] {
        var points: [Int32: (x: Double, y: Double)] = [:]
        var lastTime = 0.0
        var frame = 0
        var events: [ScrollTouchEvent] = []
        // Signed: a time just before the origin (a reordered record) stays just before it across a wrap of 2^32.
        func since(_ time: UInt32) -> Double { Double(Int32(bitPattern: time &- origin)) }
        for record in records {
            switch record.event {
            case .frame:
                frame += 1
            case .down(_, let time, _, let id, let x, let y):
                lastTime = since(time)
                points[id] = (x.doubleValue, y.doubleValue)
                events.append(ScrollTouchEvent(.down, id: id, time: lastTime, x: x.doubleValue, y: y.doubleValue, frame: frame))
            case .motion(let time, let id, let x, let y):
                lastTime = since(time)
                points[id] = (x.doubleValue, y.doubleValue)
                events.append(ScrollTouchEvent(.motion, id: id, time: lastTime, x: x.doubleValue, y: y.doubleValue, frame: frame))
            case .up(_, let time, let id):
                lastTime = since(time)
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
}
