// MARK: - PinchHandler (two points, target null)

extension Qt64Model {
    /// QQuickPinchHandler::handlePointerEventImpl for touch. While inactive it passively grabs
    /// points as they are pressed (and all of them on a release) and activates, grabbing both
    /// exclusively, once some point is past the drag threshold and the movement is a drag of both
    /// (average ≥ threshold, fingers keeping their places around the centroid), a scale (the summed
    /// distance to the centroid changed by more than the threshold since the last press), or a
    /// rotation (neither changed by the threshold). The sums mix QEventPoint press positions with
    /// the handler points' (see Qt64HandlerPoint), exactly as Qt 6.4 does.
    mutating func pinchHandle() {
        let pairs = refreshCurrentPoints(.pinch)
        guard !pairs.isEmpty else { return }
        let centroid = Qt64PinchGeometry.centroid(pairs.map(\.event.position))
        if !pinch.active {
            let pressCentroid = Qt64PinchGeometry.centroid(pairs.map(\.handler.pressPosition))
            let releases = event.isEnd
            let limit = Qt64Settings.dragThreshold.value
            if event.isBegin { pinchGeometry.startCentroidDistance = 0 }
            var over = 0
            var drag = Point.zero
            var movement = 0.0, centroidDistance = 0.0
            for (point, _) in pairs {
                if !releases {
                    drag.x += point.pressPosition.x - point.position.x
                    drag.y += point.pressPosition.y - point.position.y
                    let now = Point(x: point.position.x - centroid.x, y: point.position.y - centroid.y)
                    let then = Point(x: point.pressPosition.x - pressCentroid.x, y: point.pressPosition.y - pressCentroid.y)
                    movement += Qt64PinchGeometry.length(Point(x: then.x - now.x, y: then.y - now.y))
                    centroidDistance += Qt64PinchGeometry.length(now)
                    if event.isBegin { pinchGeometry.startCentroidDistance += Qt64PinchGeometry.length(then) }
                } else {
                    addPassiveGrab(.pinch, point)
                }
                if point.state == .pressed { addPassiveGrab(.pinch, point) }
                if point.isOverDragThreshold { over += 1 }
            }
            let count = Double(pairs.count)
            movement /= count
            let averageDrag = Point(x: drag.x / count, y: drag.y / count)
            let centroidMoved = Qt64PinchGeometry.length(Point(x: centroid.x - pressCentroid.x, y: centroid.y - pressCentroid.y))
            let distanceChange = abs(centroidDistance - pinchGeometry.startCentroidDistance)
            let everyPointOver = over == pinch.pointCount
            let isDrag = everyPointOver && averageDrag.x * averageDrag.x + averageDrag.y * averageDrag.y >= limit * limit
                && movement < limit
            let isScale = distanceChange > limit
            let isRotation = distanceChange < limit && centroidMoved < limit
            if over >= 1, isDrag || isScale || isRotation, grabPoints(.pinch, pairs.map(\.event)) {
                setActive(.pinch, true)
            }
            if !pinch.active { return }
        }
        pinchGeometry.update(pairs.map(\.event))
    }
}

/// PinchHandler's scale and rotation, reported at its end (shown, not compared).
struct Qt64PinchGeometry {
    /// m_accumulatedStartCentroidDistance: summed press distances to the press centroid, set on
    /// the last press event PinchHandler handled while inactive; it survives between gestures.
    var startCentroidDistance = 0.0
    var startDistance = 0.0
    var angles: [Int32: Double] = [:]
    var activeScale = 1.0
    var activeRotation = 0.0

    /// onActiveChanged(true): distances and angles around the centroid where it activated.
    mutating func start(_ points: [Qt64Point]) {
        let centroid = Self.centroid(points.map(\.position))
        startDistance = Self.averageDistance(points, to: centroid)
        angles = Self.angles(points, around: centroid)
        activeScale = 1
        activeRotation = 0
    }

    /// The active part of handlePointerEventImpl: scale against the start, rotation summed per event.
    mutating func update(_ points: [Qt64Point]) {
        let centroid = Self.centroid(points.map(\.position))
        if startDistance > 0 { activeScale = Self.averageDistance(points, to: centroid) / startDistance }
        let now = Self.angles(points, around: centroid)
        var sum = 0.0, samples = 0
        for (id, angle) in now {
            guard let before = angles[id] else { continue }
            var delta = (angle - before).truncatingRemainder(dividingBy: 360)
            if delta > 180 { delta -= 360 } else if delta < -180 { delta += 360 }
            sum += delta
            samples += 1
        }
        activeRotation += samples > 1 ? sum / Double(samples) : sum
        angles = now
    }

    static func centroid(_ positions: [Point]) -> Point {
        guard !positions.isEmpty else { return .zero }
        let n = Double(positions.count)
        return Point(x: positions.reduce(0) { $0 + $1.x } / n, y: positions.reduce(0) { $0 + $1.y } / n)
    }

    static func length(_ vector: Point) -> Double { (vector.x * vector.x + vector.y * vector.y).squareRoot() }

    static func averageDistance(_ points: [Qt64Point], to centroid: Point) -> Double {
        guard !points.isEmpty else { return 0 }
        let sum = points.reduce(0) { $0 + length(Point(x: $1.position.x - centroid.x, y: $1.position.y - centroid.y)) }
        return sum / Double(points.count)
    }

    /// Clockwise degrees (minus QLineF::angle, which counts counter-clockwise with y up).
    static func angles(_ points: [Qt64Point], around centroid: Point) -> [Int32: Double] {
        var result: [Int32: Double] = [:]
        for point in points {
            result[point.id] = atan2Degrees(point.position.y - centroid.y, point.position.x - centroid.x)
        }
        return result
    }
}
