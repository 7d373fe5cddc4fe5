import Foundation
import SandboxHarness
import Testing

/// A private weston with one weston demo client running under WAYLAND_DEBUG=1, mapped and pickable.
struct ClientSession {
    /// Output size: large enough for weston-simple-touch's fixed 600×500 surface,
    /// which kiosk-shell centres (a surface larger than the output is a protocol error).
    static let outputWidth = 1024
    static let outputHeight = 768
    /// Seconds to wait for the client to map and for its log to show events.
    static let timeout = 5.0
    /// Seconds for weston to read a request another client has just flushed.
    static let settle = 0.02

    let weston: WestonInstance
    let harness: HarnessConnection
    let client: ChildProcess
    let log: WaylandDebugLog
    /// The client's view as the harness picked it at the output centre.
    let view: PickResult
    /// CLOCK_MONOTONIC time of the client's first reported commit.
    let firstCommit: Double
    let launchedAt: Double

    /// Starts weston and `executable`, and waits until its view is pickable at the centre.
    init(_ executable: String = "weston-simple-touch") throws {
        weston = try WestonInstance(.init(width: ClientSession.outputWidth, height: ClientSession.outputHeight))
        harness = try weston.connect()
        launchedAt = MonotonicClock.now()
        client = try weston.launch(executable, environment: ["WAYLAND_DEBUG": "1"], logName: "client.log")
        log = WaylandDebugLog(process: client)
        firstCommit = try #require(try harness.waitForCommit(pid: client.pid, after: launchedAt,
                                                             timeout: ClientSession.timeout),
                                   "\(executable) never committed: \(client.output().suffix(400))")
        view = try #require(try harness.waitForView(x: Double(ClientSession.outputWidth) / 2,
                                                    y: Double(ClientSession.outputHeight) / 2,
                                                    pid: client.pid, timeout: ClientSession.timeout),
                            "\(executable)'s view never became pickable")
    }

    /// Global coordinates of a point given in the view's surface-local coordinates.
    func global(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (Double(view.x) + x, Double(view.y) + y)
    }

    /// The wl_surface the client created (from its own request log), e.g. "wl_surface@7".
    func clientSurface() -> String? {
        for line in client.output().split(whereSeparator: \.isNewline) where line.contains("create_surface(new id ") {
            if let start = line.range(of: "new id ")?.upperBound, let end = line[start...].firstIndex(of: ")") {
                return String(line[start..<end])
            }
        }
        return nil
    }

    /// Waits until the client has logged at least `count` wl_touch events; returns them.
    func touchEvents(atLeast count: Int) -> [String] {
        log.waitUntil(timeout: ClientSession.timeout) { $0.touchEvents().count >= count }
        return log.touchEvents()
    }
}
