// MARK: - GtkGesture's bookkeeping of touch sequences (gtkgesture.c, gtkgesturesingle.c)

/// One GDK touch event as a GTK gesture controller receives it: GDK turns every wl_touch event into one.
struct GTKTouchEvent {
    enum Kind { case begin, update, end, cancel }
    var kind: Kind
    var id: Int32
    var location: Point
    /// wl_touch time, ms.
    var time: Double
}

/// What a GtkGesture remembers of one sequence (gtkgesture.c's PointData).
struct GTKPoint {
    var location: Point
    var time: Double
    /// The last event was TOUCH_END (the point is removed right after the end is handled).
    var ended = false
    /// GTK_EVENT_SEQUENCE_DENIED: a sequence beyond n-points, or one a pan refused.
    var denied = false
    /// The last event was TOUCH_BEGIN (GestureClick and GestureLongPress act only on those at ::begin).
    var lastWasBegin = true
}

/// The sequence state every GtkGesture keeps, independent of what it recognises.
struct GTKGestureCore {
    /// GtkGesture:n-points: 1 for the GtkGestureSingle subclasses, 2 for zoom and rotate.
    let nPoints: Int
    /// Sequences in the order they arrived (gtk_gesture_get_sequences order is taken as arrival order).
    var order: [Int32] = []
    var points: [Int32: GTKPoint] = [:]
    var recognized = false
    /// GtkGestureSingle's current sequence: set on a begin or update while no sequence is active.
    var current: Int32?

    init(nPoints: Int) { self.nPoints = nPoints }

    /// Sequences neither denied nor ended (_gtk_gesture_get_n_touch_points with only_active).
    var activeCount: Int { points.values.count { !$0.denied && !$0.ended } }
    /// gtk_gesture_is_active.
    var isActive: Bool { activeCount != 0 }
    /// gtk_gesture_get_sequences: the active sequences, in arrival order.
    var activeSequences: [Int32] { order.filter { points[$0].map { !$0.denied && !$0.ended } ?? false } }
    /// _gtk_gesture_has_matching_touchpoints: exactly n-points active and no extra (denied) ones held.
    var hasMatchingTouchpoints: Bool { activeCount == nPoints && points.count == nPoints }

    /// gtk_gesture_handles_sequence.
    func handles(_ id: Int32?) -> Bool {
        guard let id, let point = points[id] else { return false }
        return !point.denied
    }

    func location(_ id: Int32?) -> Point? { id.flatMap { points[$0]?.location } }

    mutating func add(_ event: GTKTouchEvent) {
        points[event.id] = GTKPoint(location: event.location, time: event.time)
        order.append(event.id)
        // _gtk_gesture_update_point: a sequence beyond n-points is denied at once.
        if points.count > nPoints { points[event.id]?.denied = true }
    }

    mutating func remove(_ id: Int32) {
        points[id] = nil
        order.removeAll { $0 == id }
    }
}

/// One GtkGesture subclass: GtkGesture's shared event handling calls these the way gtkgesture.c emits its signals.
protocol GTKGestureRecognizer {
    /// GTK's type name, the `recognizer` of what it reports.
    var name: String { get }
    var core: GTKGestureCore { get set }
    /// The class's ::check (default: exactly n-points active).
    mutating func check() -> Bool
    /// GtkGesture::begin's class handler; `event` is the event being handled.
    mutating func began(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture]
    /// GtkGesture::update's class handler.
    mutating func updated(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture]
    /// GtkGesture::end's class handler.
    mutating func ended(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture]
    /// GtkGesture::cancel's class handler (runs before the sequence is removed).
    mutating func cancelled(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture]
    /// Fires this gesture's timers due at or before `time` (ms), in order.
    mutating func fireTimers(upTo time: Double) -> [ToolkitGesture]
    /// The earliest pending timer, ms.
    var nextDeadline: Double? { get }
}

extension GTKGestureRecognizer {
    mutating func check() -> Bool { core.activeCount == core.nPoints }
    mutating func began(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture] { [] }
    mutating func updated(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture] { [] }
    mutating func ended(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture] { [] }
    mutating func cancelled(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture] { [] }
    mutating func fireTimers(upTo time: Double) -> [ToolkitGesture] { [] }
    var nextDeadline: Double? { nil }

    /// gtkgesture.c:_gtk_gesture_check_recognized: ::begin when the points match and ::check agrees, ::end when they stop matching.
    mutating func checkRecognized(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture] {
        let matching = core.hasMatchingTouchpoints
        if core.recognized && !matching {
            core.recognized = false
            return ended(sequence, event: event)
        }
        if !core.recognized && matching && check() {
            core.recognized = true
            return began(sequence, event: event)
        }
        return []
    }

    /// The sequence goes without a ::cancel (GTK 3's zoom and rotate for the pointer-emulating touch, measured);
    /// the recognition is checked again as after any removal.
    mutating func forget(_ event: GTKTouchEvent) -> [ToolkitGesture] {
        guard core.points[event.id] != nil else { return [] }
        core.remove(event.id)
        return checkRecognized(event.id, event: event)
    }

    /// gtkgesturesingle.c + gtkgesture.c:gtk_gesture_handle_event for one touch event.
    mutating func handle(_ event: GTKTouchEvent) -> [ToolkitGesture] {
        var out: [ToolkitGesture] = []
        if event.kind == .begin || event.kind == .update, !core.isActive {
            core.current = event.id
        }
        switch event.kind {
        case .begin:
            guard core.points[event.id] == nil else { return [] }
            core.add(event)
            out += checkRecognized(event.id, event: event)
        case .update:
            guard core.points[event.id] != nil else { return [] }
            core.points[event.id]?.location = event.location
            core.points[event.id]?.time = event.time
            core.points[event.id]?.lastWasBegin = false
            out += checkRecognized(event.id, event: event)
            if core.recognized { out += updated(event.id, event: event) }
        case .end:
            guard core.points[event.id] != nil else { return [] }
            let wasRecognized = core.recognized
            core.points[event.id]?.time = event.time
            core.points[event.id]?.ended = true
            core.points[event.id]?.lastWasBegin = false
            if wasRecognized {
                out += checkRecognized(event.id, event: event)
                if core.recognized { out += updated(event.id, event: event) }
            }
            core.remove(event.id)
        case .cancel:
            // _gtk_gesture_cancel_sequence: ::cancel, then (GTK 4.8, measured) the point goes before the
            // recognition check, so a recognised gesture also ends.
            guard core.points[event.id] != nil else { return [] }
            out.append(ToolkitGesture(kind: .cancel, time: event.time, recognizer: name))
            out += cancelled(event.id, event: event)
            core.remove(event.id)
            out += checkRecognized(event.id, event: event)
        }
        return out
    }
}
