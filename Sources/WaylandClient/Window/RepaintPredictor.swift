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

/// Predicts the compositor's next repaint from wp_presentation feedback and aims commits at it:
/// the aim of the frame policy, which `FramePacer`'s doc comment states whole.
///
/// - A frame is committed only after the previous one was presented (its feedback arrived; a
///   request waits for it at most `feedbackWait` intervals).
/// - In the repaint cycle right after a presentation at P, the commit is aimed at P + `targetOffset`:
///   rendering starts the measured render time (the slowest of the last `renderHistoryLength`
///   frames that did not redraw the whole surface) plus `wakeupSlack` before it. A request that
///   comes later in the cycle is drawn at once; with no usable phase, every request is.
/// - Where the deadline lies is learned from two bounds. From above: a compositor sends a
///   frame's wl_surface.frame callback from the repaint that took the commit, never before it
///   begins, so the earliest callback of the last `historyLength` frames, measured from each
///   frame's reference presentation, is at or after the deadline; and a timed frame that missed
///   bounds it at its own offset (relaxing by `missRelax` per hit, so a deadline that moved later
///   is found again). From below: each frame that made the next repaint.
/// - A frame callback is asked for only while its time can teach (`wantsCallback`): for every
///   commit until `historyLength` callbacks timed, then for one commit in `callbackSampling`. The
///   feedback already holds each next frame back, so a callback asked for every frame is a loop
///   wakeup per repaint (it comes when the repaint is posted, apart from every other event) that
///   repeats what the recent ones said of the deadline. The target starts at
///   `initialFraction` of the refresh period, moves to where the last hit was aimed plus
///   `fastProbeStep` (`probeStep` once a miss bounds it), and stays `missGuard` below the upper bound.
/// - Only timed frames teach (committed by the target plus `missGuard`; a later one was drawn
///   for input that came after the target). A frame presented `missFactor` intervals or more after
///   P missed; it bounds the deadline only when its presentation says the deadline caused it: no
///   more than an interval plus `stallTolerance` after its commit (a compositor that stops its loop
///   when it has nothing to draw, as weston does, restarts it on the late commit), or, later than
///   that, when the timed frame before it missed too (a vblank-paced compositor's next refresh).
///   A miss presented later than either is a compositor that ran late, and a miss committed well
///   before the offsets that worked backs the target off by `missGuard` only.
/// - Every timed miss, whatever its cause, also moves the target `missGuard` earlier for a while
///   (up to `maximumLateMargin`, fading by `lateMarginFade` per hit): a compositor that runs late
///   once on a busy machine tends to again, and each miss costs its inputs a whole interval.
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
    /// How far below the deadline's upper bound the target stays, and how late after its target a
    /// commit still counts as timed (s). Under the harness weston its deadline lies 9.03–9.09 ms
    /// after the presentation (the repaint window of 7 ms, its timer armed in whole milliseconds),
    /// and its frame callbacks come 0.03–0.5 ms after that; what the guard must cover is our own
    /// wakeup and weston reading the commit (0.15 ms, with 0.05 ms of wakeup slack, missed repaints:
    /// p99 30 ms in `gesture-bench latency`).
    static let missGuard = 0.2e-3
    /// How fast the memory of the lowest miss fades per hit (s): slowly, since each probe past the
    /// deadline costs the inputs of one repaint a whole interval (at 5 µs per hit weston's deadline
    /// was crossed again about once a second, several misses per drag).
    static let missRelax = 0.0005e-3
    /// How much later than one interval after its commit a miss may be presented and still show
    /// the deadline (s): weston, finding nothing to repaint at its deadline, restarts its loop on the
    /// late commit and presents it one interval (±0.3 ms) later. A miss presented later than that
    /// was held up by the compositor: weston stalled by load fires its repaint timer late, finds
    /// our commit not read yet and stops its loop (measured: 4 ms late, committed 1.7 ms early).
    static let stallTolerance = 0.5e-3
    /// A frame presented this many intervals or more after the reference presentation missed:
    /// weston, having found nothing to repaint at its deadline, restarts its repaint loop on the
    /// late commit and presents it about 1.4 intervals after the reference, not 2; a loaded
    /// machine delays a hit by up to a quarter interval.
    static let missFactor = 1.33
    /// The most a run of misses moves the target earlier (s).
    static let maximumLateMargin = 2.0e-3
    /// How fast that margin fades per hit (s): one guard (0.2 ms) in 20 frames.
    static let lateMarginFade = 0.01e-3
    /// Time allowed between the loop's timer and the start of rendering (s): a loop wakeup on a
    /// busy 2-core machine came 0.1 to 0.3 ms late now and then (0.1 ms missed a repaint about
    /// once per drag in `gesture-bench latency`). A wakeup on time spends it waiting for input
    /// that is due (`FramePacer.inputWait`).
    static let wakeupSlack = 0.2e-3
    /// How many intervals a request waits for the previous frame's feedback before drawing anyway:
    /// long, since the frame callback already came and feedback is late only when the compositor
    /// is (a loaded weston headless can be 100 ms late).
    static let feedbackWait = 10.0
    /// Feedback wait when no interval is known yet (s).
    static let defaultFeedbackWait = 0.05
    /// Samples kept of presentation intervals and of frame-callback times.
    static let historyLength = 16
    /// Once the callback history is full, one commit in this many asks for a frame callback: the
    /// earliest of the last `historyLength` callbacks then spans that many times more frames.
    static let callbackSampling = 4
    /// Samples kept of render times: a slow frame (a HUD panel redrawn) holds the next ones early
    /// until it ages out after these.
    static let renderHistoryLength = 4

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
    /// When each recent frame's callback came, after its reference presentation (s), newest last.
    private var callbackOffsets: [Double] = []
    /// Commits since the last one that asked for a frame callback.
    private(set) var commitsSinceCallback = 0
    /// How much earlier than the bounds allow the target lies after recent misses (s).
    private(set) var lateMargin = 0.0
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

    /// The latest the deadline can lie after a presentation (s): the lowest missed offset or the
    /// earliest recent frame callback; nil while neither is known.
    var deadlineBound: Double? {
        switch (lowestMiss, callbackOffsets.min()) {
        case let (miss?, callback?): return min(miss, callback)
        case let (miss, callback): return miss ?? callback
        }
    }

    /// When a commit should land after a presentation (s after it), nil before an interval is known.
    var targetOffset: Double? {
        guard let interval else { return nil }
        let probed = highestHit.map { $0 + (lowestMiss == nil ? Self.fastProbeStep : Self.probeStep) }
            ?? Self.initialFraction * (refresh > 0 ? refresh : interval)
        let bounded = deadlineBound.map { min(probed, $0 - Self.missGuard) } ?? probed
        return min(max(bounded - lateMargin, 0), interval)
    }

    // MARK: - Decisions

    /// What to do with a pending redraw request at `now`.
    func decision(now: Double) -> FrameDecision {
        if let inFlight {
            let wait = interval.map { $0 * Self.feedbackWait } ?? Self.defaultFeedbackWait
            if now < inFlight.commit + wait { return .wait(until: inFlight.commit + wait) }
            return .draw
        }
        guard let start = aimedStart(now: now) else { return .draw }
        return now >= start ? .draw : .wait(until: start)
    }

    /// When rendering starts for the frame a request at `now` is aimed at (whether or not that
    /// is past); nil when it is not aimed (no usable phase).
    func aimedStart(now: Double) -> Double? {
        guard let reference = usableReference(now: now), let offset = targetOffset else { return nil }
        return reference + offset - renderEstimate - Self.wakeupSlack
    }

    /// True when a request at `now` is aimed at a repaint: a usable phase, and no earlier frame's
    /// feedback outstanding.
    func isAimed(now: Double) -> Bool {
        inFlight == nil && aimedStart(now: now) != nil
    }

    /// The latest presentation if `now` is still in the repaint cycle that follows it.
    private func usableReference(now: Double) -> Double? {
        guard let lastPresented, let interval, now - lastPresented < interval else { return nil }
        return lastPresented
    }

    // MARK: - Transitions

    /// A frame took `seconds` to render; one that redrew the whole surface (the first frame, a
    /// resize) is not what the timed frames cost, and would hold them early for a while.
    mutating func rendered(seconds: Double, wholeSurface: Bool = false) {
        guard !wholeSurface else { return }
        renderTimes.append(seconds, keepingLast: Self.renderHistoryLength)
    }

    /// `frame`'s wl_surface.frame callback came at `time`: the repaint that took it had begun.
    mutating func callbackDone(_ frame: CommittedFrame, at time: Double) {
        guard let reference = frame.reference else { return }
        callbackOffsets.append(time - reference, keepingLast: Self.historyLength)
    }

    /// True when the commit about to be made should ask for a frame callback: the history of
    /// callback times is not full yet, or `callbackSampling` commits went without one.
    var wantsCallback: Bool {
        callbackOffsets.count < Self.historyLength || commitsSinceCallback + 1 >= Self.callbackSampling
    }

    /// A frame was committed at `now` with a presentation feedback request, and a frame callback
    /// request when `callback`; the result goes with its feedback to `presented` or `discarded`.
    mutating func committed(now: Double, callback: Bool = true) -> CommittedFrame {
        commitsSinceCallback = callback ? 0 : commitsSinceCallback + 1
        let reference = usableReference(now: now), target = targetOffset
        let timed = reference.flatMap { reference in target.map { now <= reference + $0 + Self.missGuard } } ?? false
        let frame = CommittedFrame(commit: now, reference: reference, target: target, timed: timed)
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
        if let lastPresented, time > lastPresented { intervals.append(time - lastPresented, keepingLast: Self.historyLength) }
        defer { lastPresented = max(lastPresented ?? time, time) }
        guard let reference = frame.reference else { return nil }
        let elapsed = time - reference
        let offset = frame.commit - reference
        let hit = interval.map { elapsed < Self.missFactor * $0 } ?? true
        let stall = interval.map { time - frame.commit > $0 + Self.stallTolerance } ?? false
        defer {
            if frame.timed {
                previousTimedMissed = !hit
                lateMargin = hit ? max(lateMargin - Self.lateMarginFade, 0)
                                 : min(lateMargin + Self.missGuard, Self.maximumLateMargin)
            }
        }
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
}
