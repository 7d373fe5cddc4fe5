import TouchKit
import TouchStream

// MARK: - What one toolkit did with a run's cases

/// One case as the real toolkit saw it: the wl_touch records it received and the gestures it reported.
public struct OracleCaseRecording: Sendable {
    /// The case.
    public var testCase: OracleCase
    /// When its injection began and when the quiet gap after it ended (wl_touch clock, ms).
    public var start: UInt32, end: UInt32
    /// The gestures the toolkit reported with a time in [start, end), times filled in.
    public var gestures: [ToolkitGesture]
    /// The wl_touch records the toolkit received in [start, end), moved to window-relative points.
    public var received: [RawRecord]
    /// Beside each received record: when an untimed cancel came on the wl_touch clock (ms, from the
    /// WAYLAND_DEBUG receipt stamps: ``ReceiptTimes``), else nil.
    public var cancelTimes: [Double?] = []
}

/// A whole run of one toolkit: what it said of itself and each case.
public struct OracleRecording: Sendable {
    /// The oracle's ready line.
    public var ready: OracleReady
    /// Where window-relative (0, 0) was in output coordinates.
    public var offsetX: Double, offsetY: Double
    /// The cases in run order.
    public var cases: [OracleCaseRecording]
    /// Gesture lines that were not valid ToolkitGesture JSON.
    public var malformedLines: [String]
    /// Gestures whose time fell in no case (before the first or after the last), e.g. an offset probe.
    public var unplacedGestures: Int
    /// The oracle's gesture lines as printed (one per line), for the run's folder.
    public var gestureLog: String
    /// The WAYLAND_DEBUG log (standard error), for the run's folder.
    public var debugLog: String
}
