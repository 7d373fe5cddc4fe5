import CWayland
import CWaylandProtocols
import TouchStream
import WaylandPlumbing

// MARK: - ext_session_lock_v1

/// Our client's lock of the session: a lock surface per output, `locked` and `finished` recorded
/// as `session-locked` and `session-lock-finished`, and the unlock as `session-unlocked`.
///
/// The protocol's order is kept: lock surfaces are made right after the lock request (a compositor
/// shows nothing of ours until each output has one); once `locked` came the lock object goes only
/// by unlock_and_destroy (also when `finished` follows), before it only by destroy; the lock
/// surfaces go after the lock object.
final class SessionLock {
    private let proxy: OpaquePointer
    private unowned let sink: InputSink
    /// One per output: those present when the lock was asked for, and those announced since.
    private(set) var surfaces: [LockSurface] = []
    /// The output of each of `surfaces`, in the same order.
    private var outputs: [OpaquePointer] = []
    private let compositor: OpaquePointer
    private let shm: OpaquePointer
    /// Where the lock is in its life.
    private(set) var state = State.requested
    /// Called once the compositor said `locked`.
    var onLocked: () -> Void = {}

    /// The lock's states, in order; `finished` and `unlocked` end it.
    enum State {
        /// Asked for; the compositor has not answered.
        case requested
        /// The compositor said `locked`: only our lock surfaces are shown and take input.
        case locked
        /// The compositor refused or ended the lock (`finished`).
        case finished
        /// Our client unlocked it (or gave it up before `locked`).
        case unlocked
    }

    /// Asks `manager` to lock and gives each of `outputs` a lock surface.
    init(manager: SessionLockManager, outputs: [OpaquePointer], compositor: OpaquePointer, shm: OpaquePointer,
         sink: InputSink) {
        proxy = manager.lock()
        self.sink = sink
        self.compositor = compositor
        self.shm = shm
        ext_session_lock_v1_add_listener(proxy, Self.listener, userData(self))
        cover(outputs)
    }

    /// Gives each of `outputs` that has none a lock surface, while the lock stands (the protocol
    /// asks for one on every output, those advertised later included).
    func cover(_ outputs: [OpaquePointer]) {
        guard state == .requested || state == .locked else { return }
        for output in outputs where !self.outputs.contains(output) {
            self.outputs.append(output)
            surfaces.append(LockSurface(lock: proxy, output: output, compositor: compositor, shm: shm, sink: sink))
        }
    }

    /// Destroys the lock surface of an output that went away, as the protocol recommends.
    func outputRemoved(_ output: OpaquePointer) {
        guard let index = outputs.firstIndex(of: output) else { return }
        outputs.remove(at: index)
        surfaces.remove(at: index).destroy()
    }

    /// Whether `surface` names one of its lock surfaces.
    func owns(surface: String) -> Bool { surfaces.contains { !$0.isDestroyed && $0.name == surface } }

    /// Names of its live lock surfaces.
    var surfaceNames: [String] { surfaces.filter { !$0.isDestroyed }.map(\.name) }

    /// Unlocks (after `locked`) or gives the request up (before it), then destroys the lock
    /// surfaces; recorded as `session-unlocked` unless `recorded` is false (at exit).
    func unlock(recorded: Bool = true) {
        switch state {
        case .locked:
            ext_session_lock_v1_unlock_and_destroy(proxy)
        case .requested:
            ext_session_lock_v1_destroy(proxy)
        case .finished, .unlocked:
            return
        }
        state = .unlocked
        if recorded { sink.deliver(RawRecord(.surface(SurfaceEvent(.sessionUnlocked, surface: nil)))) }
        surfaces.forEach { $0.destroy(recorded: recorded) }
    }

    private func locked() {
        guard state == .requested else { return }
        state = .locked
        sink.deliver(RawRecord(.surface(SurfaceEvent(.sessionLocked, surface: nil))))
        onLocked()
    }

    private func finished() {
        guard state == .requested || state == .locked else { return }
        // Destroying a lock that was locked is a protocol error: it can only be unlocked.
        if state == .locked { ext_session_lock_v1_unlock_and_destroy(proxy) } else { ext_session_lock_v1_destroy(proxy) }
        state = .finished
        sink.deliver(RawRecord(.surface(SurfaceEvent(.sessionLockFinished, surface: nil))))
        surfaces.forEach { $0.destroy() }
    }

    // MARK: - Listener

    // The event loop is single-threaded: libwayland calls these only from dispatch on its thread.
    nonisolated(unsafe) private static let listener = makeListener(ext_session_lock_v1_listener(
        locked: { data, _ in owner(data, as: SessionLock.self).locked() },
        finished: { data, _ in owner(data, as: SessionLock.self).finished() }))
}
