// MARK: - Input problems

/// A pass entry TouchKit could not apply; the input is repaired (the entry ignored) and the problem reported.
public struct InputIssue: Hashable, Sendable, CustomStringConvertible {
    /// The frame's timestamp in seconds.
    public var timestamp: Double
    /// The touch id concerned.
    public var touchID: Int32
    /// What was wrong and what TouchKit did.
    public var message: String

    /// "t=SECONDS id ID: MESSAGE", one line.
    public var description: String {
        "t=\(JSONText.number(timestamp)) id \(touchID): \(message)"
    }
}

// MARK: - Application

/// The root of touch delivery, as UIApplication: turns input frames into events and sends them.
///
/// Each pass of an `InputFrame` becomes one `Event`: a `began` creates a new
/// `Touch` (hit-tested, front-most window first), `ended`/`cancelled` retire
/// it after delivery, and active touches missing from the pass are
/// `stationary`. While interaction events are ignored (calls nest), new
/// touches are dropped for their whole life; touches already down continue.
open class Application: Responder {
    /// The time source for timers (long press, multi-tap); TouchKit never reads the wall clock.
    public let clock: TouchClock
    /// Thresholds in force (tap count uses the multi-tap interval and distance).
    public var profile: ThresholdProfile
    /// Where responder calls are logged, if anywhere.
    public var recorder: DeliveryRecorder?
    /// Windows back to front: the last is hit-tested first.
    public private(set) var windows: [Window] = []
    /// How `Event.predictedTouches(for:)` extrapolates; nil turns prediction off.
    public var predictor: TouchPredictor? = TouchPredictor()
    /// Given an event's timestamp, when the frame that shows it will be presented (same clock):
    /// the live client asks wp_presentation, a headless host says; nil: the timestamp plus
    /// `TouchPredictor.defaultLead`.
    public var presentationTime: ((Double) -> Double?)?

    private var active: [Int32: Touch] = [:]
    private var dropped: Set<Int32> = []
    private var ignoringDepth = 0
    private var lastTap: (location: Point, time: Double, count: Int)?
    private var nextSerial: UInt64 = 0

    /// Passes up to this many entries find a repeated id by scanning the entries before it, which
    /// beats building a set for a hand's few fingers; longer (hostile) passes use a set.
    static let duplicateScanLimit = 16

    /// Creates an application reading time from `clock`.
    public init(clock: TouchClock, profile: ThresholdProfile = .uikit, recorder: DeliveryRecorder? = nil,
                name: String? = nil) {
        self.clock = clock
        self.profile = profile
        self.recorder = recorder
        super.init(name: name)
    }

    // MARK: - Windows

    /// Adds `window` in front of the others (or moves it there).
    public func addWindow(_ window: Window) {
        windows.removeAll { $0 === window }
        windows.append(window)
        window.application = self
    }

    /// Removes `window`; touches that began in it keep their binding.
    public func removeWindow(_ window: Window) {
        windows.removeAll { $0 === window }
        if window.application === self { window.application = nil }
    }

    /// Touches currently down (delivered or not), sorted by id.
    public var activeTouches: [Touch] {
        active.values.sorted { ($0.id, $0.serial) < ($1.id, $1.serial) }
    }

    // MARK: - Ignoring interaction

    /// True while at least one `beginIgnoringInteractionEvents` is unbalanced.
    public var isIgnoringInteractionEvents: Bool { ignoringDepth > 0 }

    /// Starts ignoring new touches; calls nest.
    public func beginIgnoringInteractionEvents() { ignoringDepth += 1 }

    /// Balances one `beginIgnoringInteractionEvents`; extra calls do nothing.
    public func endIgnoringInteractionEvents() { ignoringDepth = max(0, ignoringDepth - 1) }

    // MARK: - Sending

    /// Sends `event` to every window that has touches in it, back to front.
    open func sendEvent(_ event: Event) {
        for window in windows where event.orderedTouches.contains(where: { $0.window === window }) {
            window.sendEvent(event)
        }
    }

    /// Delivers every pass of `frame` as one event each; returns the entries it had to ignore.
    @discardableResult
    public func handle(_ frame: InputFrame) -> [InputIssue] {
        var issues: [InputIssue] = []
        for pass in frame.passes {
            issues += handlePass(pass, at: frame.timestamp)
        }
        return issues
    }

    private func handlePass(_ pass: [TouchInput], at time: Double) -> [InputIssue] {
        var issues: [InputIssue] = []
        let restarted = pass.filter { $0.phase == .began && active[$0.id] != nil }
        if !restarted.isEmpty {
            // DESIGN §3: a down for an active id cancels the old touch before the new one begins.
            let cancels = restarted.compactMap { input in active[input.id].map {
                TouchInput(id: input.id, phase: .cancelled, location: windowToSurface($0)) } }
            issues += restarted.map { InputIssue(timestamp: time, touchID: $0.id,
                                                  message: "began while active; old touch cancelled") }
            issues += handlePass(cancels, at: time)
        }
        var changed: [Touch] = []
        changed.reserveCapacity(pass.count)
        var began: [Touch] = []
        var seen: Set<Int32> = []
        var mapping: SurfaceMapping?
        for (index, input) in pass.enumerated() {
            let repeated = pass.count <= Self.duplicateScanLimit
                ? pass[..<index].contains { $0.id == input.id } : !seen.insert(input.id).inserted
            guard !repeated else {
                issues.append(InputIssue(timestamp: time, touchID: input.id, message: "second entry in one pass ignored"))
                continue
            }
            if input.phase == .began {
                if let touch = beginTouch(input, at: time) { changed.append(touch); began.append(touch) }
            } else if let issue = update(input, at: time, mapping: &mapping, into: &changed) {
                issues.append(issue)
            }
        }
        guard changed.contains(where: { $0.phase != .stationary }) else { return issues }
        // The common frame moves every finger: then no touch is stationary and the scan is skipped.
        var stationary: [Touch] = []
        if changed.count < active.count {
            let changedSet = Set(changed)
            stationary = activeTouches.filter { !changedSet.contains($0) }
            for touch in stationary { touch.markStationary() }
        }
        let event = Event(timestamp: time, touches: stationary.isEmpty ? changed : changed + stationary,
                          recorder: recorder, presentationTime: presentationTime?(time), predictor: predictor)
        for touch in began {
            hitTest(touch, with: event)
            touch.recordMotion(at: time)
        }
        sendEvent(event)
        retire(changed)
        return issues
    }

    // MARK: - Touch bookkeeping

    private func beginTouch(_ input: TouchInput, at time: Double) -> Touch? {
        if isIgnoringInteractionEvents {
            dropped.insert(input.id)
            recorder?.record(.withheld(WithheldTouch(timestamp: time, id: input.id, view: nil,
                                                     reason: .ignoringInteractionEvents, location: input.location)))
            return nil
        }
        dropped.remove(input.id)
        nextSerial += 1
        // Window coordinates are known only after hit testing picks the window: until then, surface coordinates.
        let touch = Touch(input: input, serial: nextSerial, windowLocation: input.location, timestamp: time,
                          tapCount: tapCount(at: input.location, time: time))
        touch.coalescedWindowLocations = input.coalesced
        touch.coalescedTimestamps = input.coalescedTimes.count == input.coalesced.count ? input.coalescedTimes : []
        active[input.id] = touch
        return touch
    }

    /// Applies a moved/stationary/ended/cancelled entry; returns an issue when the id is unknown.
    ///
    /// `mapping` keeps the last window's inverted placement for the rest of the pass (placements cannot
    /// change during a pass: no view code runs until it is sent).
    private func update(_ input: TouchInput, at time: Double, mapping: inout SurfaceMapping?,
                        into changed: inout [Touch]) -> InputIssue? {
        if !dropped.isEmpty, dropped.contains(input.id) {
            if input.phase == .ended || input.phase == .cancelled { dropped.remove(input.id) }
            return nil
        }
        guard let touch = active[input.id] else {
            return InputIssue(timestamp: time, touchID: input.id, message: "\(input.phase.rawValue) for an unknown id ignored")
        }
        guard input.phase != .stationary else { return nil }
        touch.previousWindowLocation = touch.windowLocation
        let window = touch.window
        let toWindow: SurfaceMapping
        if let cached = mapping, cached.window == window.map(ObjectIdentifier.init) {
            toWindow = cached
        } else {
            toWindow = SurfaceMapping(window)
            mapping = toWindow
        }
        touch.windowLocation = toWindow.apply(input.location)
        // An identity placement shares the input's samples instead of copying them.
        touch.coalescedWindowLocations = toWindow.inverse == nil ? input.coalesced : input.coalesced.map(toWindow.apply)
        touch.coalescedTimestamps = input.coalescedTimes.count == input.coalesced.count ? input.coalescedTimes : []
        touch.phase = input.phase
        touch.timestamp = time
        touch.recordMotion(at: time)
        // Shape events are optional per frame: an unknown (0) size keeps the last known one.
        if input.majorRadius > 0 { touch.majorRadius = input.majorRadius }
        touch.orientation = input.orientation ?? touch.orientation
        changed.append(touch)
        return nil
    }

    /// Binds a new touch to the front-most window whose hit test finds a view, and to that view.
    ///
    /// A touch no window takes belongs to the front-most window containing it (else the front-most one), with no view.
    private func hitTest(_ touch: Touch, with event: Event) {
        let surfacePoint = touch.windowLocation
        var found: (window: Window, view: View)?
        for window in windows.reversed() where window.acceptsHits {
            if let view = window.hitTest(surfaceToWindow(surfacePoint, window), with: event) {
                found = (window, view)
                break
            }
        }
        let window = found?.window
            ?? windows.last { $0.point(inside: surfaceToWindow(surfacePoint, $0), with: event) } ?? windows.last
        touch.window = window
        touch.view = found?.view
        touch.windowLocation = surfaceToWindow(surfacePoint, window)
        touch.previousWindowLocation = touch.windowLocation
        touch.coalescedWindowLocations = touch.coalescedWindowLocations.map { surfaceToWindow($0, window) }
        if window == nil {
            touch.delivery = .withheld(.noHitView)
            recorder?.recordWithheld(touch, reason: .noHitView, event: event)
        }
    }

    private func retire(_ touches: [Touch]) {
        for touch in touches where touch.phase == .ended || touch.phase == .cancelled {
            if active[touch.id] === touch { active[touch.id] = nil }
            if touch.phase == .ended {
                lastTap = (windowToSurface(touch), touch.timestamp, touch.tapCount)
            }
        }
    }

    /// One more than the previous tap's count when this down is within the profile's multi-tap interval and distance of its up.
    private func tapCount(at point: Point, time: Double) -> Int {
        guard let last = lastTap, time - last.time <= profile.multiTapInterval.seconds else { return 1 }
        let dx = point.x - last.location.x, dy = point.y - last.location.y
        return (dx * dx + dy * dy).squareRoot() <= profile.multiTapDistance.value ? last.count + 1 : 1
    }

    // MARK: - Coordinates

    private func surfaceToWindow(_ point: Point, _ window: Window?) -> Point {
        SurfaceMapping(window).apply(point)
    }

    private func windowToSurface(_ touch: Touch) -> Point {
        touch.window?.localToParent.apply(to: touch.windowLocation) ?? touch.windowLocation
    }
}

// MARK: - Surface to window mapping

/// Maps surface points into a window's coordinates, inverting its placement once rather than per point.
private struct SurfaceMapping {
    /// The window mapped into (nil: no window, so identity); its identity only, so copies cost no reference counting.
    let window: ObjectIdentifier?
    /// The inverted placement; nil for an identity placement (points pass unchanged).
    let inverse: AffineTransform??

    init(_ window: Window?) {
        self.window = window.map(ObjectIdentifier.init)
        guard let window else {
            inverse = nil
            return
        }
        let placement = window.localToParent
        inverse = placement.isIdentity ? nil : .some(placement.inverted())
    }

    /// `point` in the window's coordinates (NaN when the placement cannot be inverted).
    func apply(_ point: Point) -> Point {
        guard let inverse else { return point }
        return inverse.applyOrNaN(to: point)
    }
}

extension Touch {
    /// Marks a touch absent from the pass: it did not move in this event.
    func markStationary() {
        phase = .stationary
        previousWindowLocation = windowLocation
        coalescedWindowLocations = [windowLocation]
        coalescedTimestamps = []
    }

    /// Adds this event's samples (stamped `time` unless they carry their own) to the history
    /// prediction reads; a touch that began starts a new one.
    func recordMotion(at time: Double) {
        if phase == .began { recentMotion.removeAll() }
        guard phase == .began || phase == .moved else { return }
        let times = coalescedTimestamps
        for (index, location) in coalescedWindowLocations.enumerated() {
            recentMotion.append(time: times.count == coalescedWindowLocations.count ? times[index] : time,
                                location: location)
        }
    }
}
