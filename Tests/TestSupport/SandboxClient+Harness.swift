import CompositorDrivers
import SandboxHarness

// MARK: - Under the harness weston: its connection and the window it found

extension SandboxClient {
    /// The weston session the client runs in (from `init(scene:…)`, or a driver client of `WestonDriver`).
    public var westonSession: WestonSession {
        guard let weston = session as? WestonSession else {
            preconditionFailure("\(type(of: session)) is not weston: only weston's clients have a harness")
        }
        return weston
    }

    /// The harness weston.
    public var weston: WestonInstance { westonSession.weston }

    /// The session's harness connection (injection, picks, commits).
    public var harness: HarnessConnection { westonSession.harness }

    /// Where the client's window was once it could be touched, global coordinates.
    public var window: PickResult {
        guard let pickedWindow else { preconditionFailure("only init(scene:…) finds the window") }
        return pickedWindow
    }

    /// Dispatches until the client has committed nothing for `quiet` seconds (at most `timeout`
    /// seconds in all): what it had to draw for the input so far is on screen, however busy the
    /// machine. A fixed sleep instead lets a loaded machine show an earlier frame.
    public func waitUntilQuiet(for quiet: Double, timeout: Double = SandboxClient.timeout) throws {
        let deadline = MonotonicClock.now() + timeout
        var since = MonotonicClock.now()
        while MonotonicClock.now() < deadline,
              let commit = try harness.waitForCommit(pid: process.pid, after: since, timeout: quiet) {
            since = commit
        }
    }
}
