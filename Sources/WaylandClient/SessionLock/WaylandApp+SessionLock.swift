import TouchStream

// MARK: - Locking the session (`run --session-lock`)

extension WaylandApp {
    /// Refuses, before anything is mapped, a session lock this compositor cannot take: no
    /// ext_session_lock_manager_v1 global (`not supported by weston: no ext_session_lock_manager_v1 global`).
    func requireSessionLock() throws {
        guard parts.options.sessionLock != nil, registry.sessionLockManager == nil else { return }
        throw WaylandError.unsupported(compositor: compositorName, reason: "no ext_session_lock_manager_v1 global")
    }

    /// Asks for the lock (once, with the other parts) and arms its time limit once it is locked.
    func makeSessionLock() {
        guard let options = parts.options.sessionLock, let manager = registry.sessionLockManager,
              let compositor = registry.compositor, let shm = registry.shm else { return }
        let lock = SessionLock(manager: manager, outputs: registry.outputs.map(\.proxy), compositor: compositor,
                               shm: shm, sink: self)
        lock.onLocked = { [unowned self, unowned lock] in
            parts.lockTimer = loop.schedule(at: loop.now + options.duration) { [unowned self] in
                parts.lockTimer = nil
                lock.unlock()
                _ = try? display.flush()
            }
        }
        parts.sessionLock = lock
    }

    /// Counts a touch lifted from a lock surface; the `unlockTaps`-th unlocks.
    func sessionLockNote(_ record: RawRecord) {
        guard let lock = parts.sessionLock, lock.state == .locked,
              let taps = parts.options.sessionLock?.unlockTaps else { return }
        switch record.event {
        case .down(_, _, let surface?, let id, _, _) where lock.owns(surface: surface):
            parts.lockTouches.insert(id)
        case .up(_, _, let id) where parts.lockTouches.remove(id) != nil:
            parts.lockTaps += 1
            if parts.lockTaps >= taps { unlockSession() }
        case .cancel:
            parts.lockTouches = []
        default:
            break
        }
    }

    /// Unlocks now (the time limit no longer matters).
    private func unlockSession() {
        if let timer = parts.lockTimer { loop.cancel(timer) }
        parts.lockTimer = nil
        parts.sessionLock?.unlock()
    }
}
