import Foundation
import SandboxHarness
import TouchKit
import TouchStream
import WaylandPlumbing

// MARK: - One real toolkit under its own private weston

/// One oracle running under a private harness weston, from start to stop.
///
/// Lifecycle: `init` makes a 0700 session folder (the toolkit's HOME, XDG_CONFIG_HOME,
/// XDG_CACHE_HOME, XDG_DATA_HOME, TMPDIR and browser profile, its logs); `start` starts weston (kiosk shell), then
/// the oracle with `WAYLAND_DEBUG=client`, and returns once the oracle printed its ready line; `run`
/// injects the cases one after another in real time, each followed by a quiet gap, and returns what
/// the toolkit received and reported per case; `stop` ends the oracle's process group and weston by
/// pid and removes the session folder. Every failure to start throws with the oracle's log tail,
/// after stopping whatever had started.
public final class OracleSession: @unchecked Sendable {
    /// Seconds to wait for the ready line (three toolkits start at once on two busy cores).
    public static let defaultStartTimeout = 45.0
    /// Output size of the private weston in logical px: every corpus point (inside 600×400) fits
    /// Chromium's app window too.
    public static let outputSize = (width: 1280, height: 720)
    /// How long Chromium's offset probe waits for its click (seconds).
    static let probeTimeout = 10.0

    /// The oracle.
    public let oracle: ToolkitOracle
    /// The private session folder (mode 0700).
    public let folder: String
    /// What the oracle said when ready.
    public private(set) var ready: OracleReady
    /// Where window-relative (0, 0) is in output coordinates.
    public private(set) var offset: (x: Double, y: Double) = (0, 0)

    private var weston: WestonInstance?
    private var process: OracleProcess?
    private var harness: HarnessConnection?
    private let lock = NSLock()

    private let oracleFile: String
    private let startTimeout: Double

    /// A session of `oracle` running `oracleFile`: makes the session folder; ``start()`` starts it.
    public init(_ oracle: ToolkitOracle, oracleFile: String, startTimeout: Double = OracleSession.defaultStartTimeout) throws {
        self.oracle = oracle
        self.oracleFile = oracleFile
        self.startTimeout = startTimeout
        // Short: Chromium's singleton socket goes in TMPDIR below it, and a socket path has 108 bytes.
        folder = try Self.makeFolder(prefix: "gs-\(oracle.toolkit)")
        ready = OracleReady(toolkit: oracle.toolkit, version: "")
    }

    /// Starts weston and the oracle; returns when the oracle is ready and its offset known. On
    /// failure everything started is stopped and the error carries the oracle's log tail.
    public func start() throws {
        do {
            let weston = try WestonInstance(.init(width: Self.outputSize.width, height: Self.outputSize.height,
                                                  startTimeout: 20))
            locked { self.weston = weston }
            let process = try launch(oracleFile: oracleFile, weston: weston)
            locked { self.process = process }
            ready = try waitForReady(process, timeout: startTimeout)
            let harness = try weston.connect()
            self.harness = harness
            try waitForWindow(harness, process: process)
            offset = try findOffset()
        } catch {
            stop()
            throw error
        }
    }

    private func locked(_ body: () -> Void) {
        lock.lock()
        body()
        lock.unlock()
    }

    // MARK: - Starting

    /// The session's private folder (its home, logs, and the toolkit's TMPDIR, where Chromium
    /// binds its singleton socket): a runtime directory, so that socket can be bound however
    /// deep $TMPDIR is.
    private static func makeFolder(prefix: String) throws -> String {
        do {
            return try RuntimeDirectory.make(prefix: prefix)
        } catch {
            throw OracleError(error.description)
        }
    }

    private func launch(oracleFile: String, weston: WestonInstance) throws -> OracleProcess {
        let home = folder + "/home"
        for sub in ["", "/.config", "/.cache", "/.local/share"] {
            try FileManager.default.createDirectory(atPath: home + sub, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        let launch = ToolkitOracle.Launch(oracleFile: oracleFile, folder: folder, isRoot: geteuid() == 0)
        do {
            try oracle.prepare?(launch)
        } catch {
            throw OracleError("\(oracle.toolkit): cannot prepare its private folder: \(error)")
        }
        let (executable, arguments, variables) = oracle.command(launch)
        var environment = weston.childEnvironment(variables)
        // Nothing of the user's desktop may reach the toolkit: no session bus (GTK's settings portal,
        // Qt's theme), no X display, no dconf, private config and cache.
        for name in ["DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "WAYLAND_SOCKET", "XDG_SESSION_TYPE", "XDG_CURRENT_DESKTOP",
                     "DESKTOP_SESSION", "GTK_THEME", "QT_STYLE_OVERRIDE", "QT_QUICK_CONTROLS_STYLE"] {
            environment[name] = nil
        }
        environment["HOME"] = home
        environment["XDG_CONFIG_HOME"] = home + "/.config"
        environment["XDG_CACHE_HOME"] = home + "/.cache"
        environment["XDG_DATA_HOME"] = home + "/.local/share"
        environment["GSETTINGS_BACKEND"] = "memory"
        // Chromium keeps its singleton socket folder in TMPDIR and does not remove it when stopped:
        // a TMPDIR in the session folder goes with it.
        try FileManager.default.createDirectory(atPath: folder + "/t", withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        environment["TMPDIR"] = folder + "/t"
        environment["WAYLAND_DEBUG"] = "client"
        return try OracleProcess(executable: executable, arguments: arguments, environment: environment,
                                 workingDirectory: folder, outputPath: folder + "/stdout.log",
                                 errorPath: folder + "/stderr.log")
    }

    /// Seconds to wait, after the ready line, for the oracle's window to be where weston sends touches.
    static let windowTimeout = 10.0

    /// A view enters weston's pick list only at the repaint after its mapping commit, and a ready line can come
    /// from the frame that commit carries: a stroke injected at once would start on no surface, and weston would
    /// send none of it to the toolkit (what a first stroke that reached no toolkit, so drew no frame, in two test runs
    /// looked like).
    private func waitForWindow(_ harness: HarnessConnection, process: OracleProcess) throws {
        let centre = (x: Double(Self.outputSize.width) / 2, y: Double(Self.outputSize.height) / 2)
        guard try harness.waitForView(x: centre.x, y: centre.y, timeout: Self.windowTimeout) != nil else {
            throw OracleError("\(oracle.toolkit): the oracle was ready but weston showed no window at "
                + "\(Int(centre.x)),\(Int(centre.y)) within \(Int(Self.windowTimeout)) s; log: \(process.logTail())")
        }
    }

    private func channelText(_ process: OracleProcess) -> String {
        oracle.channel == .jsonLines ? process.output() + "\n" + process.errors() : process.errors()
    }

    private func waitForReady(_ process: OracleProcess, timeout: Double) throws -> OracleReady {
        let deadline = MonotonicClock.now() + timeout
        while true {
            if let ready = OracleOutput.ready(in: OracleOutput.messages(channelText(process), channel: oracle.channel)) {
                return ready
            }
            if let ended = process.poll() {
                throw OracleError("\(oracle.toolkit): the oracle exited (\(ended)) before it was ready; log: \(process.logTail())")
            }
            if MonotonicClock.now() >= deadline {
                throw OracleError("\(oracle.toolkit): the oracle was not ready within \(Int(timeout)) s; log: \(process.logTail())")
            }
            MonotonicClock.sleep(0.05)
        }
    }

    /// GTK and Qt fill the kiosk output from (0, 0). Chromium's page starts below its app window's
    /// own strip: the ready line says where when the page can tell; otherwise (and always for
    /// Firefox's page) a probe tap at a known output point is reported by the page at its page point,
    /// and the difference is the offset.
    private func findOffset() throws -> (x: Double, y: Double) {
        if let x = ready.offsetX, let y = ready.offsetY { return (x, y) }
        guard oracle.channel == .chromiumConsole || oracle.probesOffset, let harness, let process else { return (0, 0) }
        let probe = (x: Double(Self.outputSize.width) * 0.75, y: Double(Self.outputSize.height) * 0.75)
        let before = OracleOutput.gestures(in: OracleOutput.messages(channelText(process), channel: oracle.channel)).gestures.count
        try harness.run(try CompactTrace.parse("down 0 \(probe.x) \(probe.y); frame; sleep 50; up 0; frame", name: "probe"))
        let deadline = MonotonicClock.now() + Self.probeTimeout
        while MonotonicClock.now() < deadline {
            let lines = OracleOutput.gestures(in: OracleOutput.messages(channelText(process), channel: oracle.channel)).gestures
            if let seen = lines.dropFirst(before).first(where: { $0.x != nil && $0.y != nil }), let x = seen.x, let y = seen.y {
                // Let the probe's click series end before the first case.
                try harness.dispatch(for: 1.0)
                return ((probe.x - x).rounded(), (probe.y - y).rounded())
            }
            try harness.dispatch(for: 0.05)
        }
        throw OracleError("\(oracle.toolkit): cannot find the page's origin: the ready line has no offsetX/offsetY and a probe tap at \(Int(probe.x)),\(Int(probe.y)) reported no gesture with x and y; log: \(process.logTail())")
    }

    // MARK: - Running cases

    /// Injects each case (moved by the offset) in real time, then `gap` seconds of quiet; calls
    /// `progress` with the number done after each. Throws when the oracle stops on its way.
    public func run(_ cases: [OracleCase], gap: Double, progress: (Int) -> Void = { _ in }) throws -> OracleRecording {
        guard let harness, let process else { throw OracleError("\(oracle.toolkit): the session was stopped") }
        var windows: [(start: UInt32, end: UInt32)] = []
        for (index, testCase) in cases.enumerated() {
            let start = Self.nowMilliseconds()
            do {
                try harness.run(testCase.items(offsetBy: offset.x, offset.y))
                try harness.dispatch(for: gap)
            } catch {
                throw OracleError("\(oracle.toolkit): case \(testCase.name): cannot inject: \(error)")
            }
            if let ended = process.poll() {
                throw OracleError("\(oracle.toolkit): the oracle exited (\(ended)) during case \(testCase.name); log: \(process.logTail())")
            }
            if let last = windows.indices.last { windows[last].end = start }
            windows.append((start, Self.nowMilliseconds()))
            progress(index + 1)
        }
        return try collect(cases, windows: windows, process: process)
    }

    private func collect(_ cases: [OracleCase], windows: [(start: UInt32, end: UInt32)], process: OracleProcess) throws
        -> OracleRecording {
        let debugLog = process.errors()
        let messages = OracleOutput.messages(channelText(process), channel: oracle.channel)
        let (untimed, malformed) = OracleOutput.gestures(in: messages)
        let (records, touchObject) = try Self.received(debugLog, toolkit: oracle.toolkit)
        let lines = WallClockEdges.resolve(untimed, receipts: WallClockEdges.receipts(in: debugLog, touchObject: touchObject))
        var cancels = ReceiptTimes.cancels(in: debugLog, touchObject: touchObject)[...]
        let cancelTimes = records.map { record -> Double? in
            guard case .cancel = record.event else { return nil }
            return cancels.popFirst()
        }
        let (parts, unplaced) = CaseSplitter.split(records: records, cancelTimes: cancelTimes, gestures: lines, windows: windows)
        var recordings: [OracleCaseRecording] = []
        for (index, testCase) in cases.enumerated() {
            var received = parts[index].records
            // The model works in window-relative points, as the script and the page do.
            if let scripted = testCase.firstDown, let got = Self.firstDown(received) {
                let (dx, dy) = (scripted.x - got.x, scripted.y - got.y)
                received = received.map { RawRecord($0.event.translated(dx, dy), hiResTimeNanoseconds: $0.hiResTimeNanoseconds) }
            }
            recordings.append(OracleCaseRecording(testCase: testCase, start: windows[index].start, end: windows[index].end,
                                                  gestures: parts[index].gestures, received: received,
                                                  cancelTimes: parts[index].cancelTimes))
        }
        let gestureLog = messages.filter { $0.hasPrefix("{") }.map { $0 + "\n" }.joined()
        return OracleRecording(ready: ready, offsetX: offset.x, offsetY: offset.y, cases: recordings,
                               malformedLines: malformed, unplacedGestures: unplaced, gestureLog: gestureLog,
                               debugLog: debugLog)
    }

    /// The wl_touch records in a WAYLAND_DEBUG log. A toolkit that made several wl_touch objects of
    /// one seat gets each event once per object: the first object that received events is kept.
    /// Returns the records and the wl_touch object kept (nil: the only one).
    static func received(_ log: String, toolkit: String) throws -> (records: [RawRecord], touchObject: Int?) {
        do {
            let imported = try WaylandDebugImporter.importLog(log, name: "\(toolkit) WAYLAND_DEBUG log")
            if imported.touchObjects.count > 1, let first = imported.touchObjects.first {
                let one = try WaylandDebugImporter.importLog(log, name: "\(toolkit) WAYLAND_DEBUG log", touchObject: first)
                return (one.records, first)
            }
            return (imported.records, imported.touchObjects.first)
        } catch {
            throw OracleError("\(toolkit): \(error)")
        }
    }

    private static func firstDown(_ records: [RawRecord]) -> (x: Double, y: Double)? {
        for record in records {
            if case .down(_, _, _, _, let x, let y) = record.event { return (x.doubleValue, y.doubleValue) }
        }
        return nil
    }

    /// CLOCK_MONOTONIC in ms, as the harness stamps wl_touch times (uint32, wrapping).
    static func nowMilliseconds() -> UInt32 {
        UInt32(truncatingIfNeeded: Int64(MonotonicClock.now() * 1000))
    }

    /// The oracle's log tail (both streams, WAYLAND_DEBUG lines left out).
    public func logTail() -> String { process?.logTail() ?? "(not started)" }

    // MARK: - Stopping

    /// Stops the oracle's process group and weston by pid and removes the session folder; safe to
    /// call more than once and from a signal handler's queue.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        harness = nil
        process?.stop()
        process = nil
        if let weston {
            weston.stop()
            try? FileManager.default.removeItem(atPath: weston.runtimeDirectory)
        }
        weston = nil
        try? FileManager.default.removeItem(atPath: folder)
    }

    deinit { stop() }
}
