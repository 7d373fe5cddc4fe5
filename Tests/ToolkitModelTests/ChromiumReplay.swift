import TouchKit
import TouchStream

/// Feeds a compact stream (as a toolkit oracle received it) through frame assembly into a fresh
/// chromium-156 model, then lets its timers run out; returns what it recognised.
func chromiumGestures(_ compact: String) throws -> [ChromiumSeen] {
    var model = Chromium156Model()
    var seen: [ToolkitGesture] = []
    var last = 0.0
    for output in ReplayAssembler.assemble(try CompactTrace.parse(compact)) {
        guard case .frame(let frame) = output else { continue }
        seen += model.feed(frame)
        last = frame.timestamp
    }
    seen += model.advance(to: last + 5)
    return seen.map { ChromiumSeen($0.recognizer, $0.kind, $0.count, $0.time) }
}

/// What the comparison with the real browser looks at: recognizer, kind, count and wl_touch time.
struct ChromiumSeen: Equatable, CustomStringConvertible {
    var recognizer: String
    var kind: ToolkitGesture.Kind
    var count: Int?
    var time: Double

    init(_ recognizer: String, _ kind: ToolkitGesture.Kind, _ count: Int? = nil, _ time: Double) {
        self.recognizer = recognizer
        self.kind = kind
        self.count = count
        self.time = time
    }

    var description: String { "\(recognizer) \(kind.rawValue) \(count.map(String.init) ?? "-") @\(Int(time))" }
}
