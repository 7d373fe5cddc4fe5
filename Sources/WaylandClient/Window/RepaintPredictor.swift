// MARK: - When to commit

/// What the frame path should do now.
enum FrameDecision: Equatable {
    /// Render and commit now.
    case draw
    /// Nothing to do before `until` (seconds on the presentation clock) unless an event arrives.
    case wait(until: Double)
}

/// A commit as the predictor saw it: when, and after which presentation (nil: no usable phase).
struct CommittedFrame: Equatable {
    var commit: Double
    var reference: Double?
    /// The target offset it was timed for, if it was.
    var target: Double?
    /// Committed no later than the target (plus `missGuard`): its outcome says where the deadline
    /// is. A later commit (input that came after the target, drawn at once) teaches nothing.
    var timed: Bool
}

/// Predicts the compositor's next repaint from wp_presentation feedback and says when to commit.
///
/// Policy (the whole of it): **commit once per repaint, with the newest input, as late as is safe
/// before the repaint.**
/// - A frame is committed only after the previous one was presented (its feedback arrived; a
///   request waits for it at most `feedbackWait` intervals).
/// - In the repaint cycle right after a presentation at P, the commit is aimed at P + `targetOffset`:
///   rendering starts the measured render time (the slowest of the last `renderHistoryLength`)
///   plus `wakeupSlack` before it. A request that comes later in the cycle is drawn at once.
/// - With no usable phase (no wp_presentation, no presentation yet, or the last one more than an
///   interval ago, when the compositor's repaint loop may have stopped) a request is drawn at once:
///   the first input after the frame callback commits, and the frame callback coalesces the rest.
/// - The offset is learned from timed commits only (committed by the target): it starts at
///   `initialFraction` of the refresh period and, after each frame that made the next repaint,
///   moves to where that frame was aimed plus `fastProbeStep` (`probeStep` once a miss bounds it).
///   A frame presented `missFactor` intervals or more after P missed: committed at or beyond the
///   offsets that worked, it bounds the offset to `missGuard` below its own; committed well before
///   them (the compositor ran late), it backs the offset off by `missGuard` only; one presented more
///   than `restartFactor` intervals after its commit counts only when the timed frame before it
///   missed too (a compositor stalled by load looks like that).
///   The bound relaxes by `missRelax` per hit, so a deadline that moved later is found again.
///
/// Times are seconds on the presentation clock; nothing here reads a clock.
struct RepaintPredictor: Equatable {
    // MARK: - Constants

    /// Where the first target lies in a repaint interval, before anything is learned (fraction).
    static let initialFraction = 0.5
    /// How much later the target moves after a hit, before the first miss (s).
    static let fastProbeStep = 0.25e-3
    /// How much later the target moves after a hit, once a miss bounds it (s).
    static let probeStep = 0.02e-3
    /// How far below a missed commit's offset the target goes (s): weston arms its repaint timer
    /// in whole milliseconds and repaints up to 1 ms before its nominal deadline, so its deadline
    /// wanders by that much (measured under the harness weston: hits at 8.6 ms after the
    /// reference, misses down to 7.3 ms). A smaller guard missed about one frame in ten.
    static let missGuard = 1.0e-3
    /// How fast the memory of the lowest miss fades per hit (s): slowly, since each probe past the
    /// deadline costs the inputs of one repaint a whole interval (at 5 µs per hit weston's deadline
    /// was crossed again about once a second, several misses per drag).
    static let missRelax = 0.0005e-3
    /// A miss presented within this many intervals of its own commit shows the deadline directly
    /// (weston, finding nothing to repaint at its deadline, restarts its loop on the late commit and
    /// presents it about one interval later). A later one (a vblank-paced compositor's next refresh,
    /// or a compositor stalled by load) bounds the target only when the timed frame before it
    /// missed too.
    static let restartFactor = 1.2
    /// A frame presented this many intervals or more after the reference presentation missed:
    /// weston, having found nothing to repaint at its deadline, restarts its repaint loop on the
    /// late commit and presents it about 1.4 intervals after the reference, not 2; a loaded
    /// machine delays a hit by up to a quarter interval.
    static let missFactor = 1.33
    /// Time allowed between the loop's timer and the start of rendering (s).
    static let wakeupSlack = 0.3e-3
    /// How many intervals a request waits for the previous frame's feedback before drawing anyway:
    /// long, since the frame callback already came and feedback is late only when the compositor
    /// is (a loaded weston headless can be 100 ms late).
    static let feedbackWait = 10.0
    /// Feedback wait when no interval is known yet (s).
    static let defaultFeedbackWait = 0.05
    /// Samples kept of presentation intervals.
    static let historyLength = 16
    /// Samples kept of render times: a full repaint (first frame, resize) ages out after these.
    static let renderHistoryLength = 8

    // MARK: - State

    /// The latest presentation time of one of our frames.
    private(set) var lastPresented: Double?
    /// The compositor's refresh period from the latest feedback (s); 0 when it gave none.
    private(set) var refresh = 0.0
    /// Intervals from each frame's reference presentation to its own (s), newest last.
    private var intervals: [Double] = []
    /// Render durations (s), newest last.
    private var renderTimes: [Double] = []
    /// The latest commit offset after its reference presentation that made the next repaint (s).
    private(set) var highestHit: Double?
    /// The lowest commit offset that missed the next repaint (s), slowly relaxing.
    private(set) var lowestMiss: Double?
    /// The latest commit, while its feedback has not arrived.
    private(set) var inFlight: CommittedFrame?
    /// The previous timed frame missed.
    private var previousTimedMissed = false
    /// Counts of classified frames.
    private(set) var hits = 0, misses = 0

    static func == (a: RepaintPredictor, b: RepaintPredictor) -> Bool {
        a.lastPresented == b.lastPresented && a.highestHit == b.highestHit && a.lowestMiss == b.lowestMiss
            && a.inFlight == b.inFlight && a.hits == b.hits && a.misses == b.misses
    }

    // MARK: - Derived

    /// The repaint interval: the shortest recent presentation-to-presentation time (a miss spans
    /// two), never below the compositor's stated refresh; nil before either is known.
    var interval: Double? {
        let measured = intervals.min()
        switch (measured, refresh > 0 ? refresh : nil) {
        case let (m?, r?): return max(m, r)
        case let (m?, nil): return m
        case let (nil, r?): return r
        case (nil, nil): return nil
        }
    }

    /// The slowest recent render (s).
    var renderEstimate: Double { renderTimes.max() ?? 0 }

    /// When a commit should land after a presentation (s after it), nil before an interval is known.
    var targetOffset: Double? {
        guard let interval else { return nil }
        let probed = highestHit.map { $0 + (lowestMiss == nil ? Self.fastProbeStep : Self.probeStep) }
            ?? Self.initialFraction * (refresh > 0 ? refresh : interval)
        let bounded = lowestMiss.map { min(probed, $0 - Self.missGuard) } ?? probed
        return min(max(bounded, 0), interval)
    }

    // MARK: - Decisions

    /// What to do with a pending redraw request at `now`.
    func decision(now: Double) -> FrameDecision {
        if let inFlight {
            let wait = interval.map { $0 * Self.feedbackWait } ?? Self.defaultFeedbackWait
            if now < inFlight.commit + wait { return .wait(until: inFlight.commit + wait) }
            return .draw
        }
        guard let reference = usableReference(now: now), let offset = targetOffset else { return .draw }
        let start = reference + offset - renderEstimate - Self.wakeupSlack
        return now >= start ? .draw : .wait(until: start)
    }

    /// The latest presentation if `now` is still in the repaint cycle that follows it.
    private func usableReference(now: Double) -> Double? {
        guard let lastPresented, let interval, now - lastPresented < interval else { return nil }
        return lastPresented
    }

    // MARK: - Transitions

    /// A frame took `seconds` to render.
    mutating func rendered(seconds: Double) {
        append(seconds, to: &renderTimes, keeping: Self.renderHistoryLength)
    }

    /// A frame was committed at `now` with a presentation feedback request; the result goes
    /// with its feedback to `presented` or `discarded`.
    mutating func committed(now: Double) -> CommittedFrame {
        let reference = usableReference(now: now)
        let timed = reference.map { reference in targetOffset.map { now <= reference + $0 + Self.missGuard } ?? false } ?? false
        let frame = CommittedFrame(commit: now, reference: reference, target: targetOffset, timed: timed)
        inFlight = frame
        return frame
    }

    /// `frame` was presented at `time`; `refresh` is the compositor's period (0: none).
    /// Returns whether it made the repaint after its reference presentation (nil: no reference).
    @discardableResult
    mutating func presented(_ frame: CommittedFrame, at time: Double, refresh: Double) -> Bool? {
        if refresh > 0 { self.refresh = refresh }
        if inFlight == frame { inFlight = nil }
        // Consecutive presentations of our frames: the shortest recent gap is one repaint interval.
        if let lastPresented, time > lastPresented { append(time - lastPresented, to: &intervals) }
        defer { lastPresented = max(lastPresented ?? time, time) }
        guard let reference = frame.reference else { return nil }
        let elapsed = time - reference
        let offset = frame.commit - reference
        let hit = interval.map { elapsed < Self.missFactor * $0 } ?? true
        let stall = interval.map { time - frame.commit > Self.restartFactor * $0 } ?? false
        defer { if frame.timed { previousTimedMissed = !hit } }
        if !frame.timed || (!hit && stall && !previousTimedMissed) {
            if hit { hits += 1 } else { misses += 1 }
        } else if hit {
            hits += 1
            // Probe from where it was aimed: it rendered and committed a little before that.
            highestHit = max(highestHit ?? offset, offset, frame.target ?? offset)
            lowestMiss = lowestMiss.map { $0 + Self.missRelax }
        } else if offset >= (highestHit ?? 0) - Self.missGuard {
            // A miss at or beyond the offsets known to work: the deadline lies before it.
            misses += 1
            lowestMiss = min(lowestMiss ?? offset, offset)
            highestHit = min(highestHit ?? offset * Self.initialFraction, offset - Self.missGuard)
        } else {
            // A miss well before offsets that worked says the compositor (or we) ran late, not
            // where its deadline is: back off one guard step, keep the bound.
            misses += 1
            highestHit = highestHit.map { max($0 - Self.missGuard, 0) }
        }
        return hit
    }

    /// `frame` was never shown: no phase is learned.
    mutating func discarded(_ frame: CommittedFrame) {
        if inFlight == frame { inFlight = nil }
    }

    private func append(_ value: Double, to history: inout [Double], keeping length: Int = historyLength) {
        history.append(value)
        if history.count > length { history.removeFirst(history.count - length) }
    }
}
