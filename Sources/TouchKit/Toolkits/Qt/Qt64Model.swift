// MARK: - Qt Quick 6.4's pointer handlers, re-created

/// A model of Qt Quick 6.4's TapHandler, DragHandler and PinchHandler sharing one item, as the
/// Qt oracle declares them, fed the frames QtWayland turns into touch events.
///
/// Delivery policy (QQuickDeliveryAgent, one item): a touch event with a pressed point goes to
/// every handler (PinchHandler, DragHandler, TapHandler: addPointerHandler prepends); any other
/// event goes first to the points' exclusive grabbers, then, when one exists, to every other
/// handler of the item, else to the passive grabbers and, while some point has no grabber, to the
/// rest; an event with a released point reaches every handler once more. No handler sees one
/// event twice, except an exclusive grabber already visited by a press. Grabs are taken and lost
/// as in Qt (passive on press, exclusive on activation, a different handler type may always
/// steal), and each handler reacts to losing one exactly as its onGrabChanged does.
public struct Qt64Model: ToolkitModel {
    public let name = "qt-6.4"
    public let toolkit = "qt"

    /// Points down, in press order, as the next event will carry them.
    var points: [Qt64Point] = []
    var grabs: [Int32: Qt64Grabs] = [:]
    var tap = Qt64TapState()
    var drag = Qt64MultiPointState(pointCount: Qt64Settings.dragPointCount)
    var pinch = Qt64MultiPointState(pointCount: Qt64Settings.pinchPointCount)
    var pinchGeometry = Qt64PinchGeometry()

    /// The event being delivered, the handlers it reached, what they recognised.
    var event = Qt64Event(time: 0, points: [])
    var visited: [Qt64Handler] = []
    var recognised: [ToolkitGesture] = []

    /// Creates the model in Qt's start state (no tap yet, no point down).
    public init() {}

    public mutating func feed(_ frame: InputFrame) -> [ToolkitGesture] {
        var result = advance(to: frame.timestamp)
        let time = (frame.timestamp * 1000).rounded()
        for pass in frame.passes {
            result += deliver(pass, at: time)
        }
        return result
    }

    public mutating func advance(to time: Double) -> [ToolkitGesture] {
        // QBasicTimer on the wall clock: the frame times stand in for it (the corpus keeps
        // well clear of the threshold, see ToolkitOracles' Qt64Corpus).
        guard let due = tap.longPressDue, due <= (time * 1000).rounded() else { return [] }
        tap.longPressDue = nil
        return [ToolkitGesture(kind: .longPress, time: tap.longPressTime, recognizer: Qt64Handler.tap.recognizer)]
    }

    // MARK: - Frames to Qt touch events

    /// One assembled pass is one QTouchEvent: QtWayland flushes at wl_touch.frame, at the last
    /// up, and early when an id is released and pressed again in one frame (as the assembler splits).
    private mutating func deliver(_ pass: [TouchInput], at time: Double) -> [ToolkitGesture] {
        recognised = []
        if pass.contains(where: { $0.phase == .cancelled }) {
            cancelAll(at: time)
            return recognised
        }
        for index in points.indices { points[index].state = .stationary }
        var changed = false
        for input in pass {
            switch input.phase {
            case .began:
                points.removeAll { $0.id == input.id }
                points.append(Qt64Point(id: input.id, state: .pressed, position: input.location,
                                        pressPosition: input.location, pressTime: time))
                changed = true
            case .moved, .ended:
                guard let index = points.firstIndex(where: { $0.id == input.id }) else { continue }
                points[index].position = input.location
                points[index].state = input.phase == .moved ? .updated : .released
                changed = true
            case .stationary, .cancelled:
                continue
            }
        }
        // QtWayland ignores wl_touch.shape/orientation: nothing to deliver.
        guard changed else { return recognised }
        event = Qt64Event(time: time, points: points)
        deliverEvent()
        for point in event.points where point.state == .released { grabs[point.id] = nil }
        points = event.points.filter { $0.state != .released }
        return recognised
    }

    /// wl_touch.cancel: QPointingDevicePrivate::sendTouchCancelEvent drops every grab (the
    /// exclusive grabbers deactivate; TapHandler only forgets its point, so it stays pressed and
    /// its long-press timer runs on). The gestures it ends carry the last event's time.
    private mutating func cancelAll(at time: Double) {
        event = Qt64Event(time: time, points: points)
        for point in points {
            guard let held = grabs[point.id] else { continue }
            if let exclusive = held.exclusive {
                grabs[point.id]?.exclusive = nil
                grabChanged(exclusive, .ungrabExclusive, point)
            }
            for passive in held.passive {
                grabs[point.id]?.passive.removeAll { $0 == passive }
                grabChanged(passive, .ungrabPassive, point)
            }
        }
        grabs = [:]
        points = []
    }

    // MARK: - Recording

    mutating func report(_ kind: ToolkitGesture.Kind, _ handler: Qt64Handler, count: Int? = nil,
                         at position: Point? = nil, scale: Double? = nil, angle: Double? = nil) {
        let gesture = ToolkitGesture(kind: kind, time: event.time, recognizer: handler.recognizer, count: count,
                                     x: position?.x, y: position?.y, scale: scale, angle: angle)
        // TapHandler emits canceled twice when it loses its grab (once itself, once from
        // QQuickPointerHandler::onGrabChanged); the oracle reports one cancel per event.
        if kind == .cancel, recognised.contains(gesture) { return }
        recognised.append(gesture)
    }
}
