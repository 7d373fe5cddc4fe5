import TouchKit
import TouchStream

/// Runs a compact stream (as the Qt oracle received it, real wl_touch times) through a fresh
/// qt-6.4 model the way a toolkits run does: replay assembly into frames, each frame fed, then
/// the clock advanced past every timer.
func qtRecognises(_ script: String) throws -> [QtSeen] {
    let items = try CompactTrace.parse(script, name: "qt-case")
    var model = Qt64Model()
    var seen: [ToolkitGesture] = []
    var last = 0.0
    for frame in ReplayAssembler.assemble(items).frames {
        seen += model.feed(frame)
        last = frame.timestamp
    }
    seen += model.advance(to: last + 2)
    return seen.map { QtSeen($0) }
}

/// What a toolkits run compares: recognizer, kind, tap count and the wl_touch time in ms.
struct QtSeen: Hashable, CustomStringConvertible {
    var recognizer: String
    var kind: ToolkitGesture.Kind
    var count: Int?
    var time: Int

    init(_ gesture: ToolkitGesture) {
        recognizer = gesture.recognizer
        kind = gesture.kind
        count = gesture.count
        time = Int(gesture.time)
    }

    init(_ recognizer: String, _ kind: ToolkitGesture.Kind, _ time: Int, count: Int? = nil) {
        self.recognizer = recognizer
        self.kind = kind
        self.count = count
        self.time = time
    }

    var description: String { "\(recognizer) \(kind.rawValue)\(count.map { " \($0)" } ?? "") @\(time)" }

    static func tap(_ count: Int, _ time: Int) -> QtSeen { QtSeen("TapHandler", .tap, time, count: count) }
    static func longPress(_ time: Int) -> QtSeen { QtSeen("TapHandler", .longPress, time) }
    static func cancel(_ time: Int) -> QtSeen { QtSeen("TapHandler", .cancel, time) }
    static func dragBegin(_ time: Int) -> QtSeen { QtSeen("DragHandler", .dragBegin, time) }
    static func dragEnd(_ time: Int) -> QtSeen { QtSeen("DragHandler", .dragEnd, time) }
    static func pinchBegin(_ time: Int) -> QtSeen { QtSeen("PinchHandler", .pinchBegin, time) }
    static func pinchEnd(_ time: Int) -> QtSeen { QtSeen("PinchHandler", .pinchEnd, time) }
}
