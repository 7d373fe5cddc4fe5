import SandboxHarness

/// Whether a client's seat has touch, read line by line from its WAYLAND_DEBUG=client log: the
/// last wl_seat.capabilities event includes touch (bit 4).
struct SeatTouchScan: LogScan {
    /// True when the last capabilities event so far includes touch.
    private(set) var hasTouch = false

    mutating func consume(_ line: Substring) {
        guard !line.contains("->"), line.contains("wl_seat@"), let open = line.range(of: ".capabilities(") else { return }
        hasTouch = UInt32(line[open.upperBound...].prefix { $0.isNumber }).map { $0 & 4 != 0 } ?? false
    }
}
