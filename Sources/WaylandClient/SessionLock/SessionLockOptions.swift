// MARK: - What `run --session-lock` asks for

/// How long our client keeps the session locked (`run --session-lock MS`, `--unlock-taps N`).
///
/// The lock is asked for once the window has its first configure; it ends at whichever comes
/// first: `duration` seconds after the compositor said `locked`, or the `unlockTaps`-th touch
/// lifted from a lock surface (a touch that went down on one).
public struct SessionLockOptions: Hashable, Sendable {
    /// The longest the session stays locked, seconds from `locked`.
    public var duration: Double
    /// Touches lifted from a lock surface that unlock it early; nil: only the time unlocks.
    public var unlockTaps: Int?

    /// The options as given.
    public init(duration: Double, unlockTaps: Int? = nil) {
        self.duration = duration
        self.unlockTaps = unlockTaps
    }

    /// `--session-lock`'s range, ms: long enough for a script, short enough that a forgotten lock ends.
    public static let durationRange = 1...600_000
    /// `--unlock-taps`' range.
    public static let unlockTapsRange = 1...100
}
