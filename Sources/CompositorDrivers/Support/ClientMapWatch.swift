import Foundation
import SandboxHarness

/// Knows from a client's own WAYLAND_DEBUG=client log when its window is on screen, for
/// compositors that tell another client nothing about windows (mutter, GNOME Shell).
///
/// Mapped means: the client acked a configure, attached a buffer and committed, and then got a
/// frame callback's `done` — which a compositor sends only once it has drawn the surface.
enum ClientMapWatch {
    /// The environment entry that makes libwayland log a client's requests and events.
    static let debugEnvironment = ["WAYLAND_DEBUG": "client"]
    /// Seconds a client gets to show its window.
    static let defaultTimeout = 15.0
    /// How often the log is read for new lines (seconds).
    private static let pollInterval = 0.02
    /// Seconds without a new configure before a drawn window counts as placed.
    static let configureQuietPeriod = 0.3
    /// Seconds more for a compositor to finish placing a decorated (libdecor) window: mutter moves it
    /// once more, over a few frames and without a configure, after the window geometry arrives
    /// (measured; the mutter driver watches that move through the pointer instead).
    static let placementSettle = 0.8
    /// How long a commit without frame callbacks is given to be mapped (seconds).
    private static let uncallbackedSettle = 0.5

    /// Waits until `client` shows a drawn window, then `settle` seconds more; throws with the
    /// client's log tail otherwise.
    static func waitUntilMapped(_ client: ChildProcess, timeout: Double, settle: Double = placementSettle) throws {
        let deadline = MonotonicClock.now() + timeout
        let log = LogFollower(path: client.logPath, scan: ClientMapScan())
        var committedSince: Double?
        var configures = (count: 0, since: MonotonicClock.now())
        while true {
            let scan = log.refresh()
            if scan.configures != configures.count { configures = (scan.configures, MonotonicClock.now()) }
            switch scan.state {
            case .drawn:
                // mutter re-configures (and moves) a window right after its first map: wait until
                // the last configure has been drawn and none has followed for a while.
                if MonotonicClock.now() - configures.since >= configureQuietPeriod {
                    MonotonicClock.sleep(settle)
                    return
                }
            case .committed:
                // A client that asks for no frame callback: the compositor maps on the commit itself.
                let now = MonotonicClock.now()
                if let since = committedSince, now - since >= uncallbackedSettle { return }
                committedSince = committedSince ?? now
            case .notYet: break
            }
            if let termination = client.poll() {
                throw DriverError("\(client.executable) exited (\(termination)) before its window appeared; log \(client.logPath): \(tail(client))")
            }
            guard MonotonicClock.now() < deadline else {
                throw DriverError("\(client.executable)'s window did not appear within \(timeout) s; log \(client.logPath): \(tail(client))")
            }
            MonotonicClock.sleep(pollInterval)
        }
    }

    /// Waits until `client`'s seat announces touch (a compositor that creates its touch device late,
    /// like mutter at the first injected touch, tells a client that bound the seat before only then).
    static func waitForTouch(_ client: ChildProcess, timeout: Double) throws {
        let deadline = MonotonicClock.now() + timeout
        let log = LogFollower(path: client.logPath, scan: SeatTouchScan())
        while !log.refresh().hasTouch {
            if let termination = client.poll() {
                throw DriverError("\(client.executable) exited (\(termination)) before its seat had touch; log \(client.logPath): \(tail(client))")
            }
            guard MonotonicClock.now() < deadline else {
                throw DriverError("\(client.executable)'s seat got no touch within \(timeout) s; log \(client.logPath): \(tail(client))")
            }
            MonotonicClock.sleep(pollInterval)
        }
    }

    private static func tail(_ client: ChildProcess) -> String {
        client.output().split(whereSeparator: \.isNewline).suffix(3).joined(separator: " | ")
    }
}
