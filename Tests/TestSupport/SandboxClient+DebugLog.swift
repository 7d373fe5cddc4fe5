import SandboxHarness
import TouchStream

// MARK: - Waiting on the client's WAYLAND_DEBUG log (mutter and GNOME Shell run clients with it)

extension SandboxClient {
    /// Waits until the client has received `count` wl_touch events named `event` ("up", "cancel")
    /// or `timeout` passes, then finishes it and returns the trace's wl_touch events (capability
    /// records left out).
    public func finishEvents(after count: Int, _ event: String) throws -> [RawEvent] {
        let deadline = MonotonicClock.now() + Self.timeout
        while logged(event) < count && MonotonicClock.now() < deadline { MonotonicClock.sleep(0.02) }
        return try finishEvents().filter { !$0.isCapabilities }
    }

    /// How many `interface` events named `event` the client has received so far.
    public func logged(_ event: String, interface: String = "wl_touch") -> Int {
        process.output().split(separator: "\n").filter {
            !$0.contains("->") && $0.contains("\(interface)@") && $0.contains(".\(event)(")
        }.count
    }
}
