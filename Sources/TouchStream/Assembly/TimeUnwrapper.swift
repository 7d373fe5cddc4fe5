// MARK: - wl_touch time → monotonic seconds

/// Turns wrapping uint32 millisecond times into a monotonic count (DESIGN §4 S7, A14).
///
/// The first time seen is the base. A step is read as forward when it is less than half the
/// 2^32 range (so a wrap from 2^32 - 1 to 0 is +1 ms); a backward step holds the clock where
/// it is and is reported, and later steps are measured from the new raw value, so one
/// backward jump is reported once rather than for every event until time catches up.
struct TimeUnwrapper: Sendable {
    private var lastRaw: UInt32?
    /// The unwrapped time in ms; 0 before the first timed event.
    private(set) var milliseconds: Int64 = 0

    /// wl_touch time is in ms; InputFrame.timestamp in seconds.
    static let millisecondsPerSecond = 1000.0

    /// The unwrapped time in seconds.
    var seconds: Double { Double(milliseconds) / Self.millisecondsPerSecond }

    /// The latest raw time seen.
    var latestRaw: UInt32? { lastRaw }

    /// Accounts for one event time; returns false when it went backwards.
    mutating func observe(_ raw: UInt32) -> Bool {
        guard let lastRaw else {
            self.lastRaw = raw
            milliseconds = Int64(raw)
            return true
        }
        let step = Int32(bitPattern: raw &- lastRaw)
        self.lastRaw = raw
        guard step >= 0 else { return false }
        milliseconds += Int64(step)
        return true
    }
}
