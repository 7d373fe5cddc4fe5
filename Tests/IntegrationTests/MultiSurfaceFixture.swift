import Foundation
import Glibc
import SandboxHarness
import TestSupport
import Testing
import TouchStream

// MARK: - Our client with extra surfaces under a private weston of the test's own

/// A private weston with the harness module (kiosk-shell, as the harness starts it, or
/// desktop-shell when the test needs windows smaller than the output), and `gesture-sandbox run`
/// clients recording into a folder of the test's own. Windows are found by picking a grid of
/// points (desktop-shell places them where it likes). Dropping it stops the clients, then weston.
final class MultiSurfaceWeston {
    /// Output size, logical px.
    static let width = 1280, height = 720
    /// Seconds for a window to appear and for a client to finish its files.
    static let timeout = 10.0
    /// Seconds the compositor and client get to pass an injected script on (no redraw to wait for).
    static let settle = 0.4
    /// Distance between grid points when looking for a window, px.
    static let gridStep = 20

    let weston: WestonInstance
    let harness: HarnessConnection
    let files: TemporaryDirectory
    private(set) var clients: [ChildProcess] = []

    /// Starts weston with `shell` ("kiosk-shell.so" or "desktop-shell.so"); a start failure carries its log tail.
    init(shell: String) throws {
        files = try TemporaryDirectory(prefix: "gesture-multisurface")
        weston = try WestonInstance(.init(width: Self.width, height: Self.height,
                                          extraArguments: ["--shell=\(shell)"]))
        harness = try weston.connect()
    }

    deinit {
        for client in clients { _ = client.terminate() }
        weston.stop()
        files.cleanUp()
    }

    /// Starts `gesture-sandbox run` recording to `trace` with `arguments`, and waits until a view of
    /// it is on screen; returns the process.
    @discardableResult
    func launch(trace: String, _ arguments: [String]) throws -> ChildProcess {
        let client = try weston.launch(try sandboxExecutable(), arguments: ["run", "--no-hud", "--scene", "touchdemo",
                                                                            "--record", files.file(trace)] + arguments,
                                       logName: "\(trace).log")
        clients.append(client)
        let deadline = MonotonicClock.now() + Self.timeout
        while try views(of: client.pid).isEmpty {
            guard MonotonicClock.now() < deadline, client.isRunning else {
                throw HarnessError("the client mapped no window: \(client.output()); weston: \(weston.logTail())")
            }
            try harness.dispatch(for: 0.05)
        }
        return client
    }

    /// The distinct views of `pid` found on a grid over the output (its surfaces, largest first).
    func views(of pid: Int32) throws -> [PickResult] {
        var found: Set<PickResult> = []
        for y in stride(from: Self.gridStep / 2, to: Self.height, by: Self.gridStep) {
            for x in stride(from: Self.gridStep / 2, to: Self.width, by: Self.gridStep) {
                if let view = try harness.pick(x: Double(x), y: Double(y)), view.pid == pid { found.insert(view) }
            }
        }
        return found.sorted { $0.width * $0.height > $1.width * $1.height }
    }

    /// The view of `pid` that is `width` wide (the main window, the second window, …).
    func view(of pid: Int32, width: Int32) throws -> PickResult {
        let all = try views(of: pid)
        guard let view = all.first(where: { $0.width == width }) else {
            throw HarnessError("no view \(width) px wide of pid \(pid) among \(all)")
        }
        return view
    }

    /// A point of the output where no surface of `pid` is (desktop-shell's background there: another client).
    func pointOutside(_ pid: Int32) throws -> (x: Double, y: Double) {
        for y in stride(from: Self.height - Self.gridStep / 2, to: 0, by: -Self.gridStep) {
            for x in stride(from: Self.width - Self.gridStep / 2, to: 0, by: -Self.gridStep)
            where try harness.pick(x: Double(x), y: Double(y))?.pid != pid {
                return (Double(x), Double(y))
            }
        }
        throw HarnessError("every point of the output shows pid \(pid)")
    }

    /// Injects a compact script (global coordinates) and lets the clients read it.
    func inject(_ script: String) throws {
        try harness.run(try CompactTrace.parse(script, name: "test-script"))
        try harness.roundtrip()
        try harness.dispatch(for: Self.settle)
    }

    /// Runs `body` with `client` stopped (SIGSTOP), so that what weston sends it meanwhile waits in
    /// its socket however busy the machine is; then lets it go on and read it all.
    func whileStopped(_ client: ChildProcess, _ body: () throws -> Void) throws {
        kill(client.pid, SIGSTOP)
        do {
            let deadline = MonotonicClock.now() + Self.timeout
            while Self.state(of: client.pid) != "T" {
                guard MonotonicClock.now() < deadline else { throw HarnessError("pid \(client.pid) did not stop on SIGSTOP") }
                usleep(1000)
            }
            try body()
        } catch {
            kill(client.pid, SIGCONT)
            throw error
        }
        kill(client.pid, SIGCONT)
        try harness.dispatch(for: Self.settle)
    }

    /// The state letter of `pid` in /proc (R, S, T, …).
    private static func state(of pid: Int32) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[close...].dropFirst(2).first
    }

    /// Ends `client` with SIGTERM (it finishes its outputs) and reads its trace.
    func finish(_ client: ChildProcess, trace: String) throws -> [RawRecord] {
        let ended = client.terminate(timeout: Self.timeout)
        #expect(ended == .exited(0), "\(client.output())")
        return try TraceReader.read(files.file(trace)).records
    }
}

/// For each down, the surface of the latest record of `kind` (matching) before the next down, or
/// the end: the state each touch left (weston moves focus before it sends the down).
func stateAfterEachDown(_ records: [RawRecord], _ kind: SurfaceEventKind,
                        where matches: (SurfaceEvent) -> Bool = { _ in true }) -> [String?] {
    let downIndices = records.indices.filter { records[$0].event.name == "down" }
    return downIndices.enumerated().map { k, _ in
        let end = k + 1 < downIndices.count ? downIndices[k + 1] : records.count
        return records[..<end].compactMap(\.event.surfaceEvent).last { $0.kind == kind && matches($0) }?.surface
    }
}

/// One finger from `start` to `end` in `steps` motions about 16 ms apart, then up (global coordinates).
func dragScript(from start: (x: Double, y: Double), to end: (x: Double, y: Double), steps: Int) -> String {
    var script = "down 0 \(start.x) \(start.y); frame; sleep 30\n"
    for step in 1...steps {
        let t = Double(step) / Double(steps)
        script += "motion 0 \(start.x + (end.x - start.x) * t) \(start.y + (end.y - start.y) * t); frame; sleep 16\n"
    }
    return script + "up 0; frame"
}

/// The surface records of `records`, in order.
func surfaceEvents(_ records: [RawRecord]) -> [SurfaceEvent] {
    records.compactMap(\.event.surfaceEvent)
}

/// The touch downs of `records` as (surface, x, y).
func downs(_ records: [RawRecord]) -> [(surface: String?, x: Double, y: Double)] {
    records.compactMap { record in
        if case .down(_, _, let surface, _, let x, let y) = record.event { (surface, x.doubleValue, y.doubleValue) } else { nil }
    }
}
