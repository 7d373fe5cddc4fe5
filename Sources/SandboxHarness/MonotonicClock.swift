import Foundation

/// CLOCK_MONOTONIC readings as seconds, the clock the harness module stamps commits with.
public enum MonotonicClock {
    /// The current CLOCK_MONOTONIC time in seconds.
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return seconds(ts)
    }

    /// A timespec as seconds.
    public static func seconds(_ ts: timespec) -> Double {
        Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Sleeps the calling thread for `seconds` (no-op when not positive).
    public static func sleep(_ seconds: Double) {
        guard seconds > 0 else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR {
            request = remaining
        }
    }
}
