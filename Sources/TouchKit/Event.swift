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

    /// Creates an event; Application builds them, tests and tools may too.
    public init(timestamp: Double, touches: [Touch], recorder: DeliveryRecorder? = nil) {
        self.timestamp = timestamp
        orderedTouches = touches
        self.recorder = recorder
    }

    /// Touches bound to `view` (whatever their phase, delivered to it or not).
    public func touches(for view: View) -> Set<Touch> {
        allTouches.filter { $0.view === view }
    }

    /// Touches that began in `window`.
    public func touches(for window: Window) -> Set<Touch> {
        allTouches.filter { $0.window === window }
    }

    /// Every motion sample of `touch` in this pass, oldest first; nil when the touch is not in the event.
    public func coalescedTouches(for touch: Touch) -> [TouchSample]? {
        guard allTouches.contains(touch) else { return nil }
        return touch.coalescedWindowLocations.map {
            TouchSample(touch: touch, windowLocation: $0, timestamp: timestamp)
        }
    }
}
