import Foundation

// MARK: - Waiting for the signals that end a long-running command

/// Blocks a set of signals for the whole process and waits for them synchronously, so a command
/// like `gesture-sandbox weston` can clean up (stop its compositor, remove its runtime directory)
/// however it is asked to stop.
///
/// Blocked signals are inherited across exec; ``ChildProcess`` clears the mask for its children,
/// so a compositor started after the signals are blocked still dies on SIGTERM.
public struct SignalWaiter {
    /// The signals waited for.
    public let signals: [Int32]
    private var set = sigset_t()

    /// Blocks `signals` (default SIGINT, SIGTERM, SIGHUP) from now on.
    public init(signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]) {
        self.signals = signals
        sigemptyset(&set)
        for number in signals {
            // An ignored signal is discarded even while blocked; a shell starts background jobs with
            // SIGINT ignored, and `kill -INT` must still stop the command.
            signal(number, SIG_DFL)
            sigaddset(&set, number)
        }
        sigprocmask(SIG_BLOCK, &set, nil)
    }

    /// Waits up to `timeout` seconds; returns the signal that arrived, or nil on timeout.
    public func wait(timeout: Double) -> Int32? {
        var request = timespec(tv_sec: Int(timeout), tv_nsec: Int((timeout - timeout.rounded(.down)) * 1e9))
        var waitSet = set
        let result = sigtimedwait(&waitSet, nil, &request)
        return result > 0 ? result : nil
    }
}
