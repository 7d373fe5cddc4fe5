import CWayland

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

    /// A frame was committed with a frame callback.
    mutating func didCommit() {
        precondition(shouldDraw, "drew while a frame callback was outstanding or without a request")
        needsRedraw = false
        callbackPending = true
    }

    /// The request was served without a commit (nothing changed).
    mutating func didSkip() { needsRedraw = false }

    /// The frame callback fired: the compositor is ready for the next frame.
    mutating func callbackDone() { callbackPending = false }
}

// MARK: - Frame callbacks

/// Counters of the frame path, for tests and diagnostics.
public struct FrameStatistics: Hashable, Sendable {
    /// Frames committed with a buffer.
    public var commits = 0
    /// wl_callback.done events received.
    public var callbacksDone = 0
    /// The time argument of the last wl_callback.done (ms).
    public var lastDoneTime: UInt32?
}

/// Owns the redraw state and the outstanding wl_surface.frame callback.
final class FramePacer {
    private(set) var scheduler = RedrawScheduler()
    private(set) var statistics = FrameStatistics()
    private var callback: OpaquePointer?

    /// Asks for a frame.
    func request() { scheduler.request() }
    /// The window got a configure.
    func configure() { scheduler.configure() }
    /// True when the loop should draw now.
    var shouldDraw: Bool { scheduler.shouldDraw }
    /// The request was served without a commit.
    func skip() { scheduler.didSkip() }

    /// Requests the frame callback for the commit about to be made on `surface`.
    func willCommit(surface: OpaquePointer) {
        scheduler.didCommit()
        statistics.commits += 1
        let callback = wl_surface_frame(surface)!
        wl_callback_add_listener(callback, FramePacer.listener, userData(self))
        self.callback = callback
    }

    /// Destroys an outstanding callback (at shutdown).
    func destroy() {
        if let callback { wl_callback_destroy(callback) }
        callback = nil
    }

    private func done(_ callback: OpaquePointer?, time: UInt32) {
        wl_callback_destroy(callback)
        self.callback = nil
        scheduler.callbackDone()
        statistics.callbacksDone += 1
        statistics.lastDoneTime = time
    }

    // MARK: - Listener

    // The event loop is single-threaded: libwayland calls this only from dispatch on its thread.
    nonisolated(unsafe) private static let listener = makeListener(wl_callback_listener(
        done: { data, callback, time in owner(data, as: FramePacer.self).done(callback, time: time) }))
}
