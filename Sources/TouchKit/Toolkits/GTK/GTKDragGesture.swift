// MARK: - GtkGestureDrag and GtkGesturePan (gtkgesturedrag.c, gtkgesturepan.c, GTK 4.8)

/// A drag begins the moment its gesture is recognised (0 px: at the touch-down) and ends when it is not.
struct GTKDragGesture: GTKGestureRecognizer {
    let name = "GtkGestureDrag"
    var core = GTKGestureCore(nPoints: 1)
    var start = Point.zero

    mutating func began(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture] {
        start = core.location(core.current) ?? event.location
        return [ToolkitGesture(kind: .dragBegin, time: event.time, recognizer: name, x: start.x, y: start.y)]
    }

    mutating func ended(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture] {
        let last = core.location(core.current) ?? start
        return [ToolkitGesture(kind: .dragEnd, time: event.time, recognizer: name, x: last.x - start.x, y: last.y - start.y)]
    }
}

/// Which axis a GtkGesturePan accepts.
enum GTKPanOrientation: Sendable { case horizontal, vertical }

/// A drag locked to one axis: it pans from the first update whose offset is more than twice as long on its axis
/// as on the other; an offset dominated by the other axis denies the sequence for good.
struct GTKPanGesture: GTKGestureRecognizer {
    let name = "GtkGesturePan"
    var core = GTKGestureCore(nPoints: 1)
    let orientation: GTKPanOrientation
    let axisFactor: Double
    var start = Point.zero
    var panning = false

    init(orientation: GTKPanOrientation, axisFactor: Double) {
        self.orientation = orientation
        self.axisFactor = axisFactor
    }

    mutating func began(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture] {
        start = core.location(core.current) ?? event.location
        return []
    }

    mutating func updated(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture] {
        guard !panning, let point = core.location(sequence) else { return [] }
        let dx = abs(point.x - start.x), dy = abs(point.y - start.y)
        let guess: GTKPanOrientation
        if dx > dy * axisFactor {
            guess = .horizontal
        } else if dy > dx * axisFactor {
            guess = .vertical
        } else {
            return []
        }
        guard guess == orientation else {
            // gtk_gesture_set_state (DENIED): every sequence this gesture holds, then the recognition ends.
            for id in core.order { core.points[id]?.denied = true }
            return checkRecognized(sequence, event: event)
        }
        panning = true
        return [ToolkitGesture(kind: .panBegin, time: event.time, recognizer: name)]
    }

    mutating func ended(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture] {
        guard panning else { return [] }
        panning = false
        let last = core.location(core.current) ?? start
        return [ToolkitGesture(kind: .panEnd, time: event.time, recognizer: name, x: last.x - start.x, y: last.y - start.y)]
    }
}
