// MARK: - Event

/// One delivery pass of touches, as UIEvent of type touches.
///
/// `allTouches` holds every touch down in the application during the pass: the
/// ones that changed (began, moved, ended, cancelled) and the `stationary` rest.
public final class Event {
    /// Seconds on the input's monotonic clock.
    public let timestamp: Double
    /// The touches of this pass in input order, then the stationary ones by serial.
    public let orderedTouches: [Touch]
    /// Every touch of the pass, including stationary ones (built on first use: delivery itself works from `orderedTouches`).
    public private(set) lazy var allTouches: Set<Touch> = Set(orderedTouches)
    /// Where responder calls of this event are logged, if anywhere.
    public let recorder: DeliveryRecorder?
    /// When the frame that will show this event is presented (s, the timestamp's clock): what
    /// `predictedTouches(for:)` aims at. The live client takes it from wp_presentation; headless,
    /// the host gives it, else it is `timestamp` + `TouchPredictor.defaultLead`.
    public let presentationTime: Double
    /// How touches are extrapolated; nil: prediction is off and `predictedTouches(for:)` is empty.
    public let predictor: TouchPredictor?

    /// Creates an event; Application builds them, tests and tools may too.
    public init(timestamp: Double, touches: [Touch], recorder: DeliveryRecorder? = nil,
                presentationTime: Double? = nil, predictor: TouchPredictor? = TouchPredictor()) {
        self.timestamp = timestamp
        orderedTouches = touches
        self.recorder = recorder
        self.presentationTime = presentationTime ?? timestamp + TouchPredictor.defaultLead
        self.predictor = predictor
    }

    /// Touches bound to `view` (whatever their phase, delivered to it or not).
    public func touches(for view: View) -> Set<Touch> {
        allTouches.filter { $0.view === view }
    }

    /// Touches that began in `window`.
    public func touches(for window: Window) -> Set<Touch> {
        allTouches.filter { $0.window === window }
    }

    /// Every sample of `touch` this event folds together, oldest first, each with its own time;
    /// nil when the touch is not in the event.
    ///
    /// As UIEvent.coalescedTouches(for:): the samples are the motions of the touch since the last
    /// event that carried it — several motions of one id in one wl_touch frame (cage sends them so),
    /// and every frame a host folded into this delivery (`InputFrame.folding`) — each stamped with
    /// the wl_touch time of its motion. The last sample is the touch's location in this event; a
    /// touch that did not move (`stationary`) has that one sample.
    public func coalescedTouches(for touch: Touch) -> [TouchSample]? {
        guard allTouches.contains(touch) else { return nil }
        let locations = touch.coalescedWindowLocations, times = touch.coalescedTimestamps
        let explicit = times.count == locations.count
        return locations.indices.map {
            TouchSample(touch: touch, windowLocation: locations[$0], timestamp: explicit ? times[$0] : timestamp)
        }
    }

    /// Where `touch` is expected to be from just after its last sample up to `presentationTime`,
    /// oldest first, the last at `presentationTime`; nil when the touch is not in the event.
    ///
    /// As UIEvent.predictedTouches(for:): positions for the moment the frame being drawn is seen,
    /// extrapolated from the touch's recent motion by `predictor` (its doc comment is the rule).
    /// Empty when there is nothing to predict from: the touch began or ended or was cancelled in
    /// this event, it did not move in it, it stands still or turned back, or prediction is off.
    public func predictedTouches(for touch: Touch) -> [TouchSample]? {
        guard allTouches.contains(touch) else { return nil }
        guard touch.phase == .moved, let predictor else { return [] }
        return predictor.predict(touch.recentMotion, at: presentationTime).map {
            TouchSample(touch: touch, windowLocation: $0.location, timestamp: $0.time)
        }
    }
}
