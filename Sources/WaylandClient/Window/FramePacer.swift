import CWayland
import TouchStream
import WaylandPlumbing

// MARK: - Redraw policy

/// When to draw, as foot does: asking for a redraw only sets a flag; a frame is drawn at most
/// once per loop pass, only once the window is configured and only while no frame callback is
/// outstanding — never per input event.
struct RedrawScheduler: Equatable {
    /// A redraw was requested and not yet drawn.
    private(set) var needsRedraw = false
    /// A committed frame's wl_surface.frame callback has not fired yet.
    private(set) var callbackPending = false
    /// The first xdg_surface.configure was acknowledged (drawing before it is a protocol error).
    private(set) var configured = false

    /// Asks for a frame.
    mutating func request() { needsRedraw = true }

    /// The window got (another) configure; the first one makes drawing possible.
    mutating func configure() {
        configured = true
        needsRedraw = true
    }

    /// True when the loop should draw now.
    var shouldDraw: Bool { needsRedraw && configured && !callbackPending }

    /// A frame was committed, with a frame callback unless `callback` is false (wp_presentation's
    /// feedback then holds the next frame back).
    mutating func didCommit(callback: Bool = true) {
        precondition(shouldDraw, "drew while a frame callback was outstanding or without a request")
        needsRedraw = false
        callbackPending = callback
    }

    /// The request was served without a commit (nothing changed).
    mutating func didSkip() { needsRedraw = false }

    /// The frame callback fired: the compositor is ready for the next frame.
    mutating func callbackDone() { callbackPending = false }
}

// MARK: - Frame callbacks and presentation feedback

/// Counters of the frame path, for tests and diagnostics.
public struct FrameStatistics: Hashable, Sendable {
    /// Frames committed with a buffer.
    public var commits = 0
    /// Frame callbacks asked for (with wp_presentation, not every commit asks: `RepaintPredictor.wantsCallback`).
    public var callbacksRequested = 0
    /// wl_callback.done events received.
    public var callbacksDone = 0
    /// The time argument of the last wl_callback.done (ms).
    public var lastDoneTime: UInt32?
    /// Frames wp_presentation reported shown.
    public var presented = 0
    /// Frames wp_presentation reported never shown.
    public var discarded = 0
    /// Presented frames that missed the repaint they were aimed at (see `RepaintPredictor`).
    public var missed = 0
    /// Frames committed while the previous one's feedback was still outstanding (it came too late).
    public var feedbackTimeouts = 0
}

/// Owns the frame path: the redraw state, the outstanding wl_surface.frame callback and, when
/// wp_presentation is bound, the frames' feedback.
///
/// Frame policy (the whole of it): **commit once per repaint, with the newest input, as late as
/// is safe before the repaint and no later than need be.**
/// - Asking for a frame only sets a flag (`RedrawScheduler`): a frame is drawn at most once per
///   loop pass, never while a frame callback is outstanding and, with wp_presentation, only once
///   the previous frame's feedback arrived (a request waits for it at most
///   `RepaintPredictor.feedbackWait` intervals). Timers and animations only ask for frames too.
///   With wp_presentation a commit asks for a frame callback only when the predictor still learns
///   from its time (`RepaintPredictor.wantsCallback`): each one is a wakeup of its own.
/// - Without a usable phase (no wp_presentation, no presentation yet, or the last one more than
///   an interval ago, when the compositor's repaint loop may have stopped) a requested frame is
///   drawn at once: the first input after the frame callback commits, the callback coalesces the rest.
/// - Otherwise the frame is aimed: `RepaintPredictor` learns where the compositor's deadline lies
///   after each presentation and sets the commit's target; rendering starts the measured render
///   time plus `RepaintPredictor.wakeupSlack` before it, and a request that comes later in the
///   cycle is drawn at once.
/// - An aimed frame is drawn at once instead when no more input is expected before it would start
///   (`InputCadence`: touchscreens report at a steady rate). Waiting could add nothing newer, and
///   a loop wakeup close to the deadline, which a busy machine can delay past it, is saved. When
///   the wakeup at the start comes on time and input is due within the slack left for a late one,
///   the loop polls for it without sleeping until it comes or the slack is spent (`inputWait`).
/// - The delegate prepares each frame first (`WaylandAppDelegate.waylandApp(_:prepare:)`: layout,
///   and the damage known so far drawn into the frame's buffer) at the input after which no more
///   is expected before `FramePreparation.lead` ahead of the start, or at a wakeup then; so between
///   the last input read and the commit only what that input changed is drawn.
final class FramePacer {
    private(set) var scheduler = RedrawScheduler()
    private(set) var predictor = RepaintPredictor()
    private(set) var statistics = FrameStatistics()
    private var callback: OpaquePointer?
    /// The commit the outstanding callback belongs to, as the predictor saw it.
    private var callbackFrame: CommittedFrame?
    /// wp_presentation, when the compositor offers it: commits are timed from its feedback.
    var presentation: Presentation?
    /// Input seen since the last commit; it is in the next frame.
    private var pendingInput = FrameInput()
    /// When the delegate prepares frames.
    private(set) var preparation = FramePreparation()
    /// When input is expected.
    private(set) var cadence = InputCadence()
    /// Called with every presented or discarded frame.
    var onPresentation: (FramePresentation) -> Void = { _ in }

    /// Asks for a frame.
    func request() { scheduler.request() }
    /// The window got a configure.
    func configure() { scheduler.configure() }
    /// The request was served without a commit.
    func skip() {
        scheduler.didSkip()
        preparation.frameEnded()
    }
    /// The delegate prepared the next frame in `seconds`.
    func prepared(seconds: Double) { preparation.prepared(seconds: seconds) }
    /// Notes an input event that arrived at `time` on the loop's clock; the next frame shows it.
    func noteInput(_ record: RawRecord, at time: Double) {
        pendingInput.note(record)
        preparation.inputArrived()
        cadence.inputArrived(at: time)
    }

    /// What to do now: nil when no frame is wanted or the compositor is not ready for one;
    /// otherwise draw, or wait until a time on the loop's clock (CLOCK_MONOTONIC seconds).
    /// A frame aimed at a repaint is drawn at once when no more input is expected before it would
    /// start (`InputCadence`): waiting could not put newer input in it.
    func decision(loopNow: Double) -> FrameDecision? {
        guard scheduler.shouldDraw else { return nil }
        guard let presentation else { return .draw }
        let now = presentation.now()
        switch predictor.decision(now: now) {
        case .draw: return .draw
        case .wait(let until):
            let start = loopNow + (until - now)
            if predictor.isAimed(now: now), cadence.expectsNoInput(before: start) { return .draw }
            return .wait(until: start)
        }
    }

    /// How much of the wakeup slack is kept when waiting for input at a frame's start (s).
    static let inputWaitMargin = 0.05e-3

    /// Until when (loop clock) a frame due now should first wait for input that is due any
    /// moment: its start came and the next input is expected before the slack that was left
    /// for a late wakeup runs out (but for `inputWaitMargin`). Nil: draw now.
    func inputWait(loopNow: Double) -> Double? {
        guard scheduler.shouldDraw, let start = aimedStart(loopNow: loopNow), loopNow >= start else { return nil }
        let latest = start + RepaintPredictor.wakeupSlack - Self.inputWaitMargin
        guard loopNow < latest, let next = cadence.earliestNext, next < latest else { return nil }
        return latest
    }

    /// When rendering starts for the frame aimed at the next repaint (loop clock), whether that
    /// is past or the frame is drawn earlier; nil when no frame is aimed (`RepaintPredictor.isAimed`).
    func aimedStart(loopNow: Double) -> Double? {
        guard let presentation else { return nil }
        let now = presentation.now()
        guard predictor.isAimed(now: now), let start = predictor.aimedStart(now: now) else { return nil }
        return loopNow + (start - now)
    }

    /// Reports how long the frame about to be committed took to render (s, ending at `loopNow`),
    /// and whether it redrew the whole surface. A frame drawn before its aimed start, right after
    /// its preparation drew it all, says nothing of what rendering costs at that start, when input
    /// since then is still to draw.
    func rendered(seconds: Double, wholeSurface: Bool, loopNow: Double) {
        if let start = aimedStart(loopNow: loopNow), loopNow - seconds < start { return }
        predictor.rendered(seconds: seconds, wholeSurface: wholeSurface)
    }

    /// Requests the presentation feedback and, when wanted, the frame callback for the commit about
    /// to be made on `surface` (without wp_presentation, always the callback).
    func willCommit(surface: OpaquePointer) {
        let wantsCallback = presentation == nil || predictor.wantsCallback
        scheduler.didCommit(callback: wantsCallback)
        preparation.frameEnded()
        statistics.commits += 1
        if wantsCallback {
            let callback = wl_surface_frame(surface)!
            wl_callback_add_listener(callback, FramePacer.listener, userData(self))
            self.callback = callback
            statistics.callbacksRequested += 1
        }
        let input = pendingInput
        pendingInput = FrameInput()
        callbackFrame = nil
        guard let presentation else { return }
        if predictor.inFlight != nil { statistics.feedbackTimeouts += 1 }
        let frame = predictor.committed(now: presentation.now(), callback: wantsCallback)
        if wantsCallback { callbackFrame = frame }
        presentation.feedback(surface: surface) { [weak self] result in
            self?.finished(result, frame: frame, input: input)
        }
    }

    /// Destroys an outstanding callback (at shutdown).
    func destroy() {
        if let callback { wl_callback_destroy(callback) }
        callback = nil
    }

    private func done(_ callback: OpaquePointer?, time: UInt32) {
        wl_callback_destroy(callback)
        self.callback = nil
        if let callbackFrame, let presentation { predictor.callbackDone(callbackFrame, at: presentation.now()) }
        callbackFrame = nil
        scheduler.callbackDone()
        statistics.callbacksDone += 1
        statistics.lastDoneTime = time
    }

    private func finished(_ result: PresentationResult, frame: CommittedFrame, input: FrameInput) {
        // Reported on CLOCK_MONOTONIC, the clock of input timestamps, whatever the presentation clock.
        let toMonotonic = EventLoop.monotonicNow() - (presentation?.now() ?? EventLoop.monotonicNow())
        let committed = frame.commit + toMonotonic
        switch result {
        case .presented(let time, let refresh, let sequence, let flags):
            let hit = predictor.presented(frame, at: time, refresh: refresh)
            statistics.presented += 1
            if hit == false { statistics.missed += 1 }
            onPresentation(FramePresentation(committed: committed, presented: time + toMonotonic, refresh: refresh,
                                             sequence: sequence, flags: flags, missed: hit == false, input: input))
        case .discarded:
            predictor.discarded(frame)
            statistics.discarded += 1
            onPresentation(FramePresentation(committed: committed, presented: nil, refresh: 0, sequence: 0, flags: 0,
                                             missed: false, input: input))
        }
    }

    // MARK: - Listener

    // The event loop is single-threaded: libwayland calls this only from dispatch on its thread.
    nonisolated(unsafe) private static let listener = makeListener(wl_callback_listener(
        done: { data, callback, time in owner(data, as: FramePacer.self).done(callback, time: time) }))
}
