import TouchKit

// MARK: - Frame assembly (DESIGN §3)

/// Turns raw wl_touch records into InputFrames for TouchKit, repairing what the protocol
/// leaves open and reporting every repair as an ``AssemblyDiagnostic``.
///
/// Policy, in one place:
/// - Events up to `wl_touch.frame` become one frame; if an id needs two phases in it (down and
///   up of one touch; up and a new down of one id) the frame splits into ordered passes, so a
///   touch never skips `began`. Down followed by motions in one frame is one `began` at the last
///   location.
/// - A `flush` record (the live client found the socket drained with events pending) delivers
///   them as a frame whether or not a touch is still down (cage 0.1.4 sends no frame at all).
///   Without flush records, ``flushIfIdle()`` delivers pending events without a frame once no
///   touch is left down (weston ≤ 11 and mutter drop the frame after the last up). Either way,
///   should the frame still come right after, it is taken as that late frame, not as an empty one.
/// - Cancel drops the pending events, delivers every touch active at the last frame as
///   `cancelled` in one pass, and ignores later events for those ids until a new down.
/// - Down on an active id cancels the old touch in a pass of its own, then begins the new one.
/// - Motion/up/shape/orientation for an id that is not down are ignored.
/// - Several motions of an id in a frame give one input whose `coalesced` holds every sample;
///   a touch whose location ends where it started is not delivered as moved.
/// - A shape or orientation change of a touch with no other change in the pass is delivered as a
///   `stationary` input carrying the new `majorRadius`/`orientation`; `majorRadius` is half the
///   wl_touch.shape major axis, and the minor axis is not delivered.
/// - Times unwrap wrap-aware into monotonic seconds (``TimeUnwrapper``); a frame's timestamp is
///   the latest event time seen so far, so frames without a timed event keep the previous time.
/// - Coordinates are wl_fixed surface-local values, which are the window's logical px.
public struct FrameAssembler: Sendable {
    /// In replay, a timed event at least this much later than the pending frame's latest event
    /// means the live loop would have gone idle in between (weston stamps a whole evdev frame
    /// with one time), so ``ReplayAssembler`` calls ``flushIfIdle()`` first. In ms.
    public static let replayIdleGapMilliseconds: Int32 = 1

    /// wl_touch.shape gives the major axis (a diameter); TouchInput.majorRadius, like
    /// UITouch.majorRadius, is a radius.
    static let radiusPerMajorAxis = 0.5

    /// Every id seen, with its state including pending events and as last delivered.
    private var ids = TouchIDTable()
    private var pending = PendingFrame()
    private var clock = TimeUnwrapper()
    private var nextSequence: UInt64 = 0
    private var recordIndex = 0
    /// True right after a cancel or an idle flush: a frame that follows at once is the optional
    /// frame after cancel (R7) or the late frame of flushed events, not an empty frame (R4).
    private var mayTakeEmptyFrame = false
    private var output: [AssemblyOutput] = []

    /// Creates an assembler with no touch down.
    public init() {}

    // MARK: - Public interface

    /// Feeds one record; frames and diagnostics it completes are appended to `out`.
    public mutating func push(_ record: RawRecord, into out: inout [AssemblyOutput]) {
        handle(record)
        recordIndex += 1
        drain(into: &out)
    }

    /// Feeds one record and returns the frames and diagnostics it completes.
    public mutating func push(_ record: RawRecord) -> [AssemblyOutput] {
        var out: [AssemblyOutput] = []
        push(record, into: &out)
        return out
    }

    /// Delivers pending events as a frame when no touch is left down (the missing-frame repair);
    /// does nothing while a touch is down or nothing is pending.
    public mutating func flushIfIdle(into out: inout [AssemblyOutput]) {
        if !pending.isEmpty, ids.activeCount == 0 {
            report(.missingFrameFlushed, record: pending.lastRecord, id: nil, event: "frame")
            deliverPending()
            mayTakeEmptyFrame = true
        }
        drain(into: &out)
    }

    /// ``flushIfIdle(into:)`` returning its output.
    public mutating func flushIfIdle() -> [AssemblyOutput] {
        var out: [AssemblyOutput] = []
        flushIfIdle(into: &out)
        return out
    }

    /// End of input: flushes as ``flushIfIdle()``, and delivers whatever is still pending.
    public mutating func finish(into out: inout [AssemblyOutput]) {
        flushIfIdle(into: &out)
        if !pending.isEmpty {
            report(.pendingAtEnd, record: pending.lastRecord, id: nil, event: "frame")
            deliverPending()
        }
        drain(into: &out)
    }

    /// ``finish(into:)`` returning its output.
    public mutating func finish() -> [AssemblyOutput] {
        var out: [AssemblyOutput] = []
        finish(into: &out)
        return out
    }

    /// Ids of the touches down, pending events included, in the order they went down.
    public var activeTouchIDs: [Int32] { ids.activeTouches.map(\.id) }

    /// True when records arrived since the last delivered frame.
    public var hasPendingEvents: Bool { !pending.isEmpty }

    /// The latest raw wl_touch time seen, if any.
    public var latestRawTime: UInt32? { clock.latestRaw }

    /// The assembler's clock in seconds (the timestamp the next frame would get).
    public var currentTime: Double { clock.seconds }

    /// Records fed so far.
    public var recordCount: Int { recordIndex }

    private mutating func drain(into out: inout [AssemblyOutput]) {
        guard !output.isEmpty else { return }
        out.append(contentsOf: output)
        output.removeAll(keepingCapacity: true)
    }

    // MARK: - Dispatch

    private mutating func handle(_ record: RawRecord) {
        // Keyboard focus, popups, drag-and-drop: not touch, and invisible to assembly, so a late
        // frame after a flush stays late even with one of them in between.
        if case .surface = record.event { return }
        let mayBeEmpty = mayTakeEmptyFrame
        mayTakeEmptyFrame = false
        let event = record.event
        if let time = event.time, !clock.observe(time) {
            report(.timeWentBackwards, record: recordIndex, id: event.touchID, event: event.name)
        }
        if case .frame = event {
            handleFrame(mayBeEmpty: mayBeEmpty)
            return
        }
        if case .flush = event {
            flush(mayBeEmpty: mayBeEmpty)
            return
        }
        pending.recordCount += 1
        pending.lastRecord = recordIndex
        switch event {
        case .down(_, _, _, let id, let x, let y):
            down(id, Point(x: x.doubleValue, y: y.doubleValue), emulated: record.isEmulated)
        case .motion(_, let id, let x, let y):
            motion(id, Point(x: x.doubleValue, y: y.doubleValue))
        case .up(_, _, let id):
            up(id)
        case .shape(let id, let major, _):
            contact(id, event: "shape") { $0.majorRadius = major.doubleValue * Self.radiusPerMajorAxis }
        case .orientation(let id, let degrees):
            contact(id, event: "orientation") { $0.orientation = degrees.doubleValue }
        case .cancel:
            cancel()
        case .capabilities:
            // A wl_seat record, not part of any touch frame: undo the count above so it never
            // makes a frame non-empty (nor a cancel look like it dropped pending events).
            pending.recordCount -= 1
        case .frame, .flush, .surface:
            preconditionFailure("frame, flush and surface records are handled above")
        }
    }

    private mutating func report(_ kind: AssemblyDiagnostic.Kind, record: Int, id: Int32?, event: String) {
        output.append(.diagnostic(AssemblyDiagnostic(kind: kind, recordIndex: record, time: clock.seconds,
                                                     touchID: id, event: event)))
    }

    // MARK: - Frames

    private mutating func handleFrame(mayBeEmpty: Bool) {
        if pending.isEmpty {
            if !mayBeEmpty { report(.emptyFrame, record: recordIndex, id: nil, event: "frame") }
            return
        }
        deliverPending()
    }

    /// A flush record: the live loop delivered the pending events without a frame, touches down or not.
    private mutating func flush(mayBeEmpty: Bool) {
        guard !pending.isEmpty else {
            // Nothing was pending (a hand-written script): a late frame may still follow what came before.
            mayTakeEmptyFrame = mayBeEmpty
            return
        }
        report(.missingFrameFlushed, record: pending.lastRecord, id: nil, event: "frame")
        deliverPending()
        mayTakeEmptyFrame = true
    }

    /// Closes the pending frame, emits it if it delivers anything, and commits the touch state.
    private mutating func deliverPending() {
        closePass()
        let passes = pending.take()
        if !passes.isEmpty { output.append(.frame(InputFrame(timestamp: clock.seconds, passes: passes))) }
        ids.commit()
    }

    /// Closes the current pass, reporting motions that changed nothing.
    private mutating func closePass() {
        for entry in pending.closePass() {
            report(.motionWithoutChange, record: entry.lastMotionRecord, id: entry.id, event: "motion")
        }
    }
}

// MARK: - Events

extension FrameAssembler {
    private mutating func down(_ id: Int32, _ location: Point, emulated: Bool) {
        if let old = ids[active: id] {
            report(.downOnActiveID, record: recordIndex, id: id, event: "down")
            closePass()
            pending.appendPass([old.input(id, .cancelled)])
        } else if pending.phase(of: id) != nil {
            report(.frameSplitIDReuse, record: recordIndex, id: id, event: "down")
            closePass()
        }
        nextSequence += 1
        _ = ids.begin(id, TouchState(location: location, majorRadius: 0, orientation: nil, isEmulated: emulated,
                                     sequence: nextSequence))
        pending.add(PassEntry(id: id, phase: .began, location: location, startLocation: location,
                              coalesced: [location], majorRadius: 0, orientation: nil, isEmulated: emulated))
    }

    private mutating func motion(_ id: Int32, _ location: Point) {
        guard let state = ids.update(id, { $0.location = location }) else { return ignore(id, event: "motion") }
        let index = recordIndex
        var several = false
        let updated = pending.update(id) { entry in
            if entry.phase == .stationary {
                entry.phase = .moved
                entry.coalesced = []
            }
            entry.location = location
            entry.coalesced.append(location)
            entry.motionCount += 1
            entry.lastMotionRecord = index
            several = entry.motionCount == 2
        }
        if !updated {
            var entry = PassEntry(id: id, phase: .moved, location: location, startLocation: state.location,
                                  coalesced: [location], majorRadius: state.majorRadius,
                                  orientation: state.orientation, isEmulated: state.isEmulated)
            entry.motionCount = 1
            entry.lastMotionRecord = index
            pending.add(entry)
        }
        if several { report(.severalMotions, record: index, id: id, event: "motion") }
    }

    private mutating func up(_ id: Int32) {
        guard let state = ids[active: id] else { return ignore(id, event: "up") }
        if pending.phase(of: id) == .began {
            report(.frameSplitDownUp, record: recordIndex, id: id, event: "up")
            closePass()
        }
        let updated = pending.update(id) { $0.phase = .ended }
        if !updated {
            pending.add(PassEntry(id: id, phase: .ended, location: state.location, startLocation: state.location,
                                  coalesced: [state.location], majorRadius: state.majorRadius,
                                  orientation: state.orientation, isEmulated: state.isEmulated))
        }
        ids.end(id)
    }

    /// Shape or orientation: updates the touch; a real change with no entry yet adds a stationary one.
    private mutating func contact(_ id: Int32, event: String, _ change: (inout TouchState) -> Void) {
        guard let old = ids.update(id, change), let state = ids[active: id] else { return ignore(id, event: event) }
        guard state.majorRadius != old.majorRadius || state.orientation != old.orientation else { return }
        let updated = pending.update(id) {
            $0.majorRadius = state.majorRadius
            $0.orientation = state.orientation
            $0.contactChanged = true
        }
        if !updated {
            var entry = PassEntry(id: id, phase: .stationary, location: state.location,
                                  startLocation: state.location, coalesced: [state.location],
                                  majorRadius: state.majorRadius, orientation: state.orientation,
                                  isEmulated: state.isEmulated)
            entry.contactChanged = true
            pending.add(entry)
        }
    }

    private mutating func ignore(_ id: Int32, event: String) {
        let kind: AssemblyDiagnostic.Kind = switch ids.state(of: id) {
        case .cancelled?: .eventAfterCancel
        case .ended?: .eventAfterUp
        case .active?, nil: .unknownID
        }
        report(kind, record: recordIndex, id: id, event: event)
    }

    private mutating func cancel() {
        // The cancel itself was counted as pending; anything before it is what gets dropped.
        if pending.recordCount > 1 { report(.cancelDroppedPending, record: recordIndex, id: nil, event: "cancel") }
        pending.reset()
        let active = ids.committedTouches
        if active.isEmpty, ids.activeCount == 0 {
            report(.cancelWithoutTouch, record: recordIndex, id: nil, event: "cancel")
        }
        if !active.isEmpty {
            output.append(.frame(InputFrame(timestamp: clock.seconds,
                                            passes: [active.map { $0.touch.input($0.id, .cancelled) }])))
        }
        ids.cancelAll()
        mayTakeEmptyFrame = true
    }
}
