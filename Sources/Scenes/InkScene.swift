import TouchKit

// MARK: - Ink (coalesced and predicted touches)

/// A canvas that inks a stroke per finger through every coalesced sample and draws, dashed in
/// another colour, the segment prediction says the finger covers by the time the frame is seen.
public final class InkScene: CanvasScene<InkView>, Scene {
    public static let info = SceneInfo(
        name: "ink",
        summary: "a stroke per finger through every coalesced sample, the predicted segment dashed ahead of it",
        seed: "UIKit's UIEvent.coalescedTouches(for:) and predictedTouches(for:) (Apple's touch-input guide)")

    /// The window's background colour.
    public static let background = Color(rgb: 0xf4f1ea)

    public init(context: SceneContext) {
        super.init(context: context, background: Self.background) { InkView(frame: $0, clock: context.clock) }
    }

    /// Facts a replay of a live recording reproduces: what was inked, and whether a prediction
    /// is drawn. How many predictions were checked is not among them: live predictions aim at
    /// wp_presentation's times, which a trace does not hold.
    public func snapshot() -> SceneSnapshot {
        SceneSnapshot(views: namedViewFrames(), facts: [
            "strokes": String(canvas.strokeCount),
            "samples": String(canvas.sampleCount),
            "predictedSamples": String(canvas.predictedSampleCount),
        ])
    }
}

/// The ink canvas: strokes as dots stamped every `dotSpacing` px along the coalesced samples
/// (pixman draws small axis-aligned circles fastest, from cached masks), the prediction as
/// dashes of smaller dots from the finger's delivered location to its predicted one.
///
/// A finger landing while no other is down starts a new drawing (the old strokes go); the
/// scene-reset key clears it too. Strokes and predictions are subviews that take no touches.
///
/// A prediction is removed once its finger's next sample is `lateSamples` intervals late, or
/// the time it was made for is `predictionExpiry` past, with no newer sample: a finger that
/// stops sends nothing more, and its drawing must not stay ahead of it (the timer runs on the
/// scene's clock, so replays remove it at the same moment).
public final class InkView: View {
    /// Stroke width, logical px.
    public static let strokeWidth = 6.0
    /// Predicted dash width, logical px.
    public static let predictedWidth = 4.0
    /// Distance between stamped dots, logical px (a third of the width: the edge stays smooth).
    public static let dotSpacing = 2.0
    /// Dash and gap lengths of the predicted segment, logical px.
    public static let dash = 6.0, gap = 4.0
    /// Stroke colours, by finger in the order they land.
    public static let strokeColors = [Color(rgb: 0x1a237e), Color(rgb: 0x1b5e20), Color(rgb: 0x4a148c),
                                      Color(rgb: 0x006064), Color(rgb: 0x3e2723)]
    /// The predicted segment's colour.
    public static let predictedColor = Color(rgb: 0xe65100)
    /// At most this many dots per stroke: a very long stroke stops growing rather than slowing every frame.
    public static let maximumDots = 20_000
    /// How long after the time it was made for a prediction stays without a newer sample (s):
    /// half a 125 Hz input interval, so a finger still moving replaces it first.
    public static let predictionExpiry = 0.004
    /// A prediction also goes when its finger's next sample is this many of its usual intervals
    /// late: the finger stopped (a touchscreen reports at a steady rate while it moves), and the
    /// frames drawn from then on show it where it is.
    public static let lateSamples = 1.5
    /// The shortest such wait (s), for fingers reporting faster than the compositor's clock resolves.
    public static let minimumStaleness = 0.004

    private let clock: TouchClock
    private var expiry: TimerHandle?

    private struct Stroke {
        var container: View
        var color: Color
        var last: Point
        /// Distance along the stroke since the last dot.
        var carry: Double
        var dots: Int
    }

    private var strokes: [Touch: Stroke] = [:]
    private var finished: [View] = []
    private var predictions: [Touch: View] = [:]
    private var nextColor = 0

    /// Checks each drawn prediction against where the finger turned out to be.
    public private(set) var meter = PredictionErrorMeter()
    /// Strokes on the canvas (drawing and finished).
    public var strokeCount: Int { strokes.count + finished.count }
    /// Coalesced samples inked so far.
    public private(set) var sampleCount = 0
    /// Predicted samples in the latest prediction drawn (all fingers).
    public var predictedSampleCount: Int { predictedSamples.values.reduce(0, +) }
    private var predictedSamples: [Touch: Int] = [:]
    private var lastPrediction: [Touch: TouchSample] = [:]
    /// When each finger's next sample is late enough that it has stopped.
    private var staleAt: [Touch: Double] = [:]
    /// What is drawn at the head of the first finger down: the end of its prediction (with the
    /// time it is for) or, without one, its last sample; nil with no finger down.
    public private(set) var head: (location: Point, aimedAt: Double?)?

    /// Creates the canvas with multiple touch enabled; predictions expire on `clock`.
    public init(frame: Rect, clock: TouchClock) {
        self.clock = clock
        super.init(frame: frame, name: "ink")
        isMultipleTouchEnabled = true
    }

    // MARK: - Touches

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if strokes.isEmpty { clear() }
        for touch in touches.sorted(by: { $0.serial < $1.serial }) {
            let container = layer(name: "_stroke\(touch.serial)")
            let color = Self.strokeColors[nextColor % Self.strokeColors.count]
            nextColor += 1
            // Down and motions in one frame are one `began`: the stroke starts at the down.
            let start = event.coalescedTouches(for: touch)?.first?.location(in: self) ?? touch.location(in: self)
            var stroke = Stroke(container: container, color: color, last: start, carry: 0, dots: 0)
            stamp(&stroke, at: start)
            strokes[touch] = stroke
            ink(touch, event)
        }
        updateHead()
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        for touch in touches { ink(touch, event) }
        updateHead()
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) { finish(touches, event) }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { finish(touches, event) }

    // MARK: - Drawing

    /// Inks `touch`'s coalesced samples and redraws its prediction.
    private func ink(_ touch: Touch, _ event: Event) {
        guard var stroke = strokes[touch] else { return }
        let samples = event.coalescedTouches(for: touch) ?? []
        meter.observed(samples, for: touch.id)
        for sample in samples.dropFirst(touch.phase == .began ? 1 : 0) { line(&stroke, to: sample.location(in: self)) }
        sampleCount += samples.count
        strokes[touch] = stroke
        let predicted = event.predictedTouches(for: touch) ?? []
        if let from = samples.last?.timestamp { meter.predicted(predicted, for: touch.id, from: from) }
        lastPrediction[touch] = predicted.last
        staleAt[touch] = samples.last.map { $0.timestamp + Self.staleness(of: touch) }
        drawPrediction(of: touch, from: touch.location(in: self), through: predicted.map { $0.location(in: self) })
        scheduleExpiry()
    }

    /// When `touch`'s prediction goes: `predictionExpiry` after its time, or when its next sample is late.
    private func expiryTime(of touch: Touch) -> Double {
        let end = (lastPrediction[touch]?.timestamp ?? 0) + Self.predictionExpiry
        return staleAt[touch].map { min($0, end) } ?? end
    }

    /// `lateSamples` of the touch's median interval between recent samples (at least `minimumStaleness`).
    private static func staleness(of touch: Touch) -> Double {
        let times = touch.recentMotion.times.suffix(9)
        let gaps = zip(times, times.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }.sorted()
        guard !gaps.isEmpty else { return minimumStaleness }
        return max(minimumStaleness, lateSamples * gaps[gaps.count / 2])
    }

    /// Removes every prediction past its expiry, at the earliest such moment.
    private func scheduleExpiry() {
        if let expiry { clock.cancel(expiry) }
        expiry = nil
        guard let due = lastPrediction.keys.map(expiryTime).min() else { return }
        expiry = clock.schedule(at: due) { [weak self] in
            guard let self else { return }
            expiry = nil
            let now = clock.now
            for touch in lastPrediction.keys where expiryTime(of: touch) <= now {
                lastPrediction[touch] = nil
                predictedSamples[touch] = nil
                predictions.removeValue(forKey: touch)?.removeFromSuperview()
            }
            if let first = strokes.keys.min(by: { $0.serial < $1.serial }), lastPrediction[first] == nil {
                head = (first.location(in: self), nil)
            }
            scheduleExpiry()
        }
    }

    private func finish(_ touches: Set<Touch>, _ event: Event) {
        for touch in touches {
            if touch.phase == .ended { ink(touch, event) }
            meter.ended(touch.id)
            predictions.removeValue(forKey: touch)?.removeFromSuperview()
            predictedSamples[touch] = nil
            lastPrediction[touch] = nil
            staleAt[touch] = nil
            scheduleExpiry()
            if let stroke = strokes.removeValue(forKey: touch) { finished.append(stroke.container) }
        }
        updateHead()
    }

    /// Removes every stroke (a new drawing).
    public func clear() {
        for container in finished { container.removeFromSuperview() }
        finished = []
        for (_, stroke) in strokes { stroke.container.removeFromSuperview() }
        strokes = [:]
        for (_, view) in predictions { view.removeFromSuperview() }
        predictions = [:]
        predictedSamples = [:]
        lastPrediction = [:]
        staleAt = [:]
        nextColor = 0
    }

    private func updateHead() {
        guard let first = strokes.keys.min(by: { $0.serial < $1.serial }) else {
            head = nil
            return
        }
        if let end = lastPrediction[first] {
            head = (end.location(in: self), end.timestamp)
        } else {
            head = (first.location(in: self), nil)
        }
    }

    private func layer(name: String) -> View {
        let view = View(frame: bounds, name: name)
        view.isUserInteractionEnabled = false
        addSubview(view)
        return view
    }

    /// Stamps dots every `dotSpacing` px from the stroke's last point to `point`.
    private func line(_ stroke: inout Stroke, to point: Point) {
        let dx = point.x - stroke.last.x, dy = point.y - stroke.last.y
        let length = (dx * dx + dy * dy).squareRoot()
        var along = Self.dotSpacing - stroke.carry
        while along <= length {
            stamp(&stroke, at: Point(x: stroke.last.x + dx * along / length, y: stroke.last.y + dy * along / length))
            along += Self.dotSpacing
        }
        stroke.carry = length - (along - Self.dotSpacing)
        stroke.last = point
    }

    private func stamp(_ stroke: inout Stroke, at point: Point) {
        guard stroke.dots < Self.maximumDots else { return }
        stroke.container.addSubview(dot(at: point, width: Self.strokeWidth, color: stroke.color))
        stroke.dots += 1
    }

    private func dot(at point: Point, width: Double, color: Color) -> View {
        let dot = View(frame: Rect(x: point.x - width / 2, y: point.y - width / 2, width: width, height: width), name: "_dot")
        dot.backgroundColor = color
        dot.cornerRadius = width / 2
        dot.isUserInteractionEnabled = false
        return dot
    }

    /// Replaces `touch`'s predicted segment: dashes from `start` through `points`.
    ///
    /// The segment's container is only as large as its dots: it is replaced with every event, and
    /// a container the size of the canvas made each replacement repaint the whole window (it cost
    /// the ink scene more CPU than everything else, and its frames came later).
    private func drawPrediction(of touch: Touch, from start: Point, through points: [Point]) {
        predictions.removeValue(forKey: touch)?.removeFromSuperview()
        predictedSamples[touch] = points.count
        guard !points.isEmpty else { return }
        var centres: [Point] = []
        var previous = start
        var travelled = 0.0
        for point in points {
            let dx = point.x - previous.x, dy = point.y - previous.y
            let length = (dx * dx + dy * dy).squareRoot()
            var along = 0.0
            while along < length {
                let phase = (travelled + along).truncatingRemainder(dividingBy: Self.dash + Self.gap)
                if phase < Self.dash, travelled + along > 0 {
                    centres.append(Point(x: previous.x + dx * along / length, y: previous.y + dy * along / length))
                }
                along += Self.dotSpacing
            }
            travelled += length
            previous = point
        }
        centres.append(previous)
        let radius = Self.predictedWidth / 2
        let minX = centres.map(\.x).min()! - radius, minY = centres.map(\.y).min()! - radius
        let maxX = centres.map(\.x).max()! + radius, maxY = centres.map(\.y).max()! + radius
        let container = View(frame: Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY),
                             name: "_predicted\(touch.serial)")
        container.isUserInteractionEnabled = false
        addSubview(container)
        for centre in centres {
            container.addSubview(dot(at: Point(x: centre.x - minX, y: centre.y - minY), width: Self.predictedWidth,
                                     color: Self.predictedColor))
        }
        predictions[touch] = container
    }
}
