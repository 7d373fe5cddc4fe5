import CompositorDrivers
import Foundation
import Playback
import SandboxHarness
import Scenes
import TouchKit
import TouchStream

// MARK: - Running every script on every compositor

/// What a matrix run is asked to do.
public struct MatrixConfiguration {
    /// The scripts (rows), window-relative.
    public var scripts: [MatrixScript]
    /// The compositors (columns), in report order.
    public var compositors: [CompositorKind]
    /// The drivers available (a compositor without one gets a column saying so).
    public var drivers: [any CompositorDriver]
    /// Scene and profile our client runs.
    public var sceneType: any Scene.Type
    public var profile: ThresholdProfile
    /// The gesture-sandbox executable started as the client.
    public var clientExecutable: String
    /// Output size and start timeout for every compositor.
    public var driverConfiguration = DriverConfiguration()
    /// How often each cell (script × compositor) runs (`--repeat`).
    public var repeatCount = 1
    /// The part of the cells to run (`--shard`); nil for every one.
    public var shard: MatrixShard?
    /// How many compositors run at the same time (`--parallel`). Each column is private (its own
    /// runtime directory, buses, sockets and clients), so they do not meet; 1 runs them one after
    /// another, each alone on the machine.
    public var columnsAtOnce = 1
    /// The command's default for `columnsAtOnce`: columns mostly wait (on processes and the scripts'
    /// real-time sleeps), so one more than the cores; at most 3, beyond which the GNOME shells'
    /// columns alone set the time. Measured on 2 cores: the old 22 scripts on ten compositors took
    /// 640 s one at a time and 220 s three at a time, with the same findings tables (docs/ci.md).
    public static var defaultColumnsAtOnce: Int { min(3, ProcessInfo.processInfo.activeProcessorCount + 1) }
    /// Seconds to wait after a script before the screenshot and the client's exit: longer than
    /// the profiles' multi-tap and long-press windows, so recognizers decide live.
    public var settleSeconds = 0.7
    /// Called with a short line before each step (the command shows it on a terminal).
    public var progress: ((String) -> Void)?

    /// Creates a configuration with the defaults above.
    public init(scripts: [MatrixScript], compositors: [CompositorKind], drivers: [any CompositorDriver],
                sceneType: any Scene.Type, profile: ThresholdProfile, clientExecutable: String) {
        self.scripts = scripts
        self.compositors = compositors
        self.drivers = drivers
        self.sceneType = sceneType
        self.profile = profile
        self.clientExecutable = clientExecutable
    }
}

/// Runs a matrix: per compositor, start it, find our window (calibration tap), then per script
/// start our client, inject, settle, screenshot and collect trace, deliveries and state into the
/// run's folder (``MatrixLayout``), once per repetition. Compositors run one after another (each
/// one alone on the machine), or `columnsAtOnce` at a time; a compositor with no cell to run
/// (another shard's) is not started.
public struct MatrixRunner {
    /// The configuration.
    public var configuration: MatrixConfiguration

    /// Creates a runner.
    public init(configuration: MatrixConfiguration) { self.configuration = configuration }

    /// Runs everything, writing run folders under `directory` (which must exist); never throws for
    /// a compositor that cannot run — its column says why.
    public func run(into directory: String) -> MatrixResult {
        let started = MonotonicClock.now()
        let cells = configuration.shard.map {
            Set($0.cells(compositors: configuration.compositors, scripts: configuration.scripts.map(\.name)))
        }
        let jobs = configuration.compositors.enumerated().map { index, kind in
            { () -> MatrixColumn in
                guard let driver = configuration.drivers.first(where: { $0.kind == kind }) else {
                    return MatrixColumn(kind: kind, unavailable: "no driver in this build")
                }
                let scripts = configuration.scripts.filter { cells?.contains(MatrixCellKey(kind, $0.name)) ?? true }
                guard !scripts.isEmpty else { return MatrixColumn(kind: kind) }
                let prefix = "[\(index + 1)/\(configuration.compositors.count)] \(kind.displayName)"
                return column(for: driver, scripts: scripts, directory: directory + "/" + kind.rawValue, prefix: prefix)
            }
        }
        let columns = ConcurrentJobs.run(jobs, atOnce: configuration.columnsAtOnce,
                                         startOrder: MatrixSchedule.startOrder(configuration.compositors))
        return MatrixResult(scripts: configuration.scripts, columns: columns, scene: configuration.sceneType.info.name,
                            profile: configuration.profile.name, seconds: MonotonicClock.now() - started,
                            repeatCount: configuration.repeatCount, shard: configuration.shard)
    }

    // MARK: - One compositor

    /// One compositor's column: its version, where our window is, and a cell per script.
    ///
    /// Retry policy: the compositor starts before the first script and again before a script
    /// whenever the last one left it changed (`MatrixRun.leftCompositorChanged`), each start with
    /// its own calibration folder. A start that fails is tried once more (the cell notes it).
    /// When the first start fails twice the compositor does not run here:
    /// the column says why and has no cells. When a later start fails, that script's cell says so
    /// and the next script starts it again. A script whose run reached the client with nothing
    /// at all, or failed on its own, is run once more, on a fresh compositor, and the second run's
    /// cell is kept (a failed first run as a note of it). That
    /// second run is used up until a run's cell is kept: when the restart for it fails, the next
    /// script is not run twice either.
    private func column(for driver: any CompositorDriver, scripts: [MatrixScript], directory: String,
                        prefix: String) -> MatrixColumn {
        let began = MonotonicClock.now()
        var run = ColumnRun(driver: driver, directory: directory, prefix: prefix)
        if let reason = unavailability(of: driver, directory: directory, version: &run.column.version) {
            run.column.unavailable = reason
            return run.column
        }
        defer { if let session = run.running?.session { stop(session, directory: directory) } }
        for (number, script) in scripts.enumerated() {
            for repetition in 1...max(1, configuration.repeatCount) {
                let reason = fill(&run, with: script, number: number, of: scripts.count, repetition: repetition)
                var timing = run.timing
                timing.starts = run.starts
                timing.phaseSeconds = run.phases.seconds
                timing.totalSeconds = MonotonicClock.now() - began
                run.column.timing = timing
                if let reason {
                    run.column.unavailable = reason
                    return run.column
                }
                // Not injectable is decided before running, not supported by the client's first
                // start: once is enough.
                if let cell = run.column.cells[script.name], cell.notInjectable != nil || cell.notSupported != nil { break }
            }
        }
        return run.column
    }

    /// A column being filled: the compositor session running now and how often it was started.
    struct ColumnRun {
        let driver: any CompositorDriver
        /// The column's folder, and the prefix of its progress lines.
        let directory: String
        let prefix: String
        var column: MatrixColumn
        /// The session and our window in it; nil before a start and after a stop.
        var running: Running?
        var starts = 0
        /// Where the time went so far (its count of starts is `starts`, copied in when it is read).
        var timing = MatrixColumnTiming()
        /// Where the time of the runs went, step by step.
        let phases = MatrixPhaseClock()
        /// A script was run a second time and no cell has been kept since (see
        /// `column(for:directory:prefix:)`).
        var retried = false
        /// The output the running session was started with.
        var output = MatrixOutputSetup.plain
        /// Whether the running session was started with its Xwayland (only for `x11-…` scripts).
        var xwayland = false
        /// The device setup the running session was started with (kernel-lane-only scripts).
        var deviceSetup: DeviceSetup?
        /// Where the running session put each set of windows (``MatrixWindow/layoutKey(_:)``),
        /// found once per start by probe taps.
        var layouts: [[[String]]: Result<[String: Window], RuntimeError>] = [:]

        init(driver: any CompositorDriver, directory: String, prefix: String) {
            self.driver = driver
            self.directory = directory
            self.prefix = prefix
            column = MatrixColumn(kind: driver.kind)
        }
    }

    /// Why the compositor cannot run at all (not installed, no folder for its runs), if so;
    /// sets `version` when it is installed.
    private func unavailability(of driver: any CompositorDriver, directory: String, version: inout String?) -> String? {
        switch driver.installation() {
        case .missing(let packages):
            return "not installed (Debian: apt-get install \(packages.joined(separator: " ")))"
        case .installed(let installed):
            version = installed
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return "could not run: \(error)"
        }
        return nil
    }

    /// Adds a run of `script` to its cell in the column, running it a second time when nothing
    /// arrived; returns why the compositor cannot run here when its first start failed.
    private func fill(_ run: inout ColumnRun, with script: MatrixScript, number: Int, of count: Int,
                      repetition: Int) -> String? {
        let folder = MatrixLayout.runFolder(script: script.name, run: repetition, of: configuration.repeatCount)
        let step = "\(script.name) (\(number + 1)/\(count))"
            + (configuration.repeatCount > 1 ? " run \(repetition)/\(configuration.repeatCount)" : "")
        // The script's own time: starts it needed are the starts' time.
        let began = MonotonicClock.now(), startSecondsBefore = run.timing.startSeconds
        defer {
            run.timing.scriptSeconds[script.name, default: 0] +=
                MonotonicClock.now() - began - (run.timing.startSeconds - startSecondsBefore)
        }
        var attempt = self.attempt(script, step: step, folder: folder, in: &run)
        if case .ran(let cell) = attempt, cell.run?.observations.contains(.nothingArrived) == true, !run.retried {
            // Nothing at all reaching a client is rare and sometimes the start's fault (a shell
            // still animating the window in): once more, on a fresh compositor (the first run
            // stopped this one: nothing arriving counts as leaving it changed).
            run.retried = true
            try? FileManager.default.removeItem(atPath: run.directory + "/" + folder)
            attempt = self.attempt(script, step: step, folder: folder, in: &run)
        } else if let reason = attempt.failure, !run.retried {
            // A run that failed on its own, or whose compositor did not start again (seen:
            // Enlightenment, in one full matrix of three), is run once more on a fresh
            // compositor; the cell keeps the first failure as a note, so a flaky start is told,
            // not hidden, and one that fails twice stays a failed cell.
            run.retried = true
            if let session = run.running?.session { stop(session, directory: run.directory) }
            run.running = nil
            try? FileManager.default.removeItem(atPath: run.directory + "/" + folder)
            attempt = self.attempt(script, step: step, folder: folder, in: &run)
            if case .ran(.ran(var second)) = attempt {
                second.notes.append("\(Self.retriedNote)\(reason)")
                attempt = .ran(.ran(second))
            }
        }
        if case .ran(.ran) = attempt {
            run.timing.runs += 1
            // An X11 cell runs the script twice: on our Wayland client, then on our X11 window.
            run.timing.waitSeconds += (script.sleepSeconds + configuration.settleSeconds) * (script.needsXwayland ? 2 : 1)
        }
        switch attempt {
        case .ran(let cell):
            run.column.cells[script.name, default: MatrixCellRuns()].outcomes.append(cell)
            run.retried = false
        case .notRestarted(let error):
            run.column.cells[script.name, default: MatrixCellRuns()].outcomes.append(
                .failed("restarting the compositor: \(error)"))
        case .notStarted(let error):
            return "could not run: \(error)"
        }
        return nil
    }

    /// How the note of a cell begins whose first run failed and was run again.
    static let retriedNote = "run again on a fresh compositor; the first run failed: "
    /// How the note of a cell begins whose compositor started at the second attempt.
    static let startedAgainNote = "the compositor started at the second attempt; the first failed: "

    /// How one run of a script ended.
    private enum Attempt {
        /// It ran (or could not be injected, or failed on its own): its cell.
        case ran(MatrixCell)
        /// The compositor could not be started again for it.
        case notRestarted(Error)
        /// The compositor's first start failed.
        case notStarted(Error)

        /// Why a run that started failed on its own, or its compositor did not start again.
        var failure: String? {
            switch self {
            case .ran(.failed(let reason)): reason
            case .notRestarted(let error): "restarting the compositor: \(error)"
            default: nil
            }
        }
    }

    /// Runs `script` once, starting the compositor first if none is running, and stops the
    /// compositor after it when the script left it changed.
    private func attempt(_ script: MatrixScript, step: String, folder: String, in run: inout ColumnRun) -> Attempt {
        // What the driver can never do is said without starting anything (a scaled output included).
        let unsupported = script.unsupported(by: run.driver.capabilities, reasons: run.driver.missingCapabilityReasons)
        guard unsupported.isEmpty else { return .ran(.notInjectable(unsupported)) }
        if let session = run.running?.session,
           run.output != script.output || run.xwayland != script.needsXwayland || run.deviceSetup != script.deviceSetup {
            // Another output, or Xwayland on or off, is another start: the compositor is started again with it.
            stop(session, directory: run.directory)
            run.running = nil
        }
        let running: Running
        var startNote: String?
        do {
            running = try run.running ?? startCompositor(&run, output: script.output, xwayland: script.needsXwayland,
                                                          devices: script.deviceSetup)
        } catch {
            // A start that fails is tried once more before the cell or the column gives up (seen on
            // a busy machine: Enlightenment starting again after a failed run); the run's cell says so.
            do {
                running = try startCompositor(&run, output: script.output, xwayland: script.needsXwayland,
                                              devices: script.deviceSetup)
                startNote = "\(Self.startedAgainNote)\(error)"
            } catch let second {
                return run.starts > 2 ? .notRestarted(second) : .notStarted(second)
            }
        }
        configuration.progress?("\(run.prefix): \(step)")
        var cell: MatrixCell
        // A window of another size than the calibration client's may be placed elsewhere: found by
        // a probe, as several windows are.
        if script.needsXwayland {
            cell = x11Cell(script, session: running.session, window: running.window, directory: run.directory + "/" + folder,
                           phases: run.phases)
        } else if script.windows.count > 1 || script.windows.contains(where: { !$0.placementArguments.isEmpty }) {
            cell = windowsCell(script, in: &run, session: running.session, directory: run.directory + "/" + folder)
        } else {
            cell = self.cell(script, session: running.session, window: running.window,
                             directory: run.directory + "/" + folder, phases: run.phases)
        }
        if let startNote, case .ran(var ran) = cell {
            ran.notes.append(startNote)
            cell = .ran(ran)
        }
        // A client that refused an option because the compositor lacks its global says so in
        // its own line: the cell tells that fact instead of a failed run.
        if case .failed(let message) = cell, let refusal = ClientRefusal.reason(in: message) {
            return .ran(.notSupported(refusal))
        }
        // A compositor that took the touches for a gesture of its own (a shell's overview) may
        // still be in that state: the next script gets a fresh one, so scripts stay independent.
        if cell.run?.leftCompositorChanged == true {
            stop(running.session, directory: run.directory)
            run.running = nil
        }
        return .ran(cell)
    }

    /// Starts the compositor (again), each start calibrating in a folder of its own; the first
    /// successful start's capabilities and window are the column's.
    private func startCompositor(_ run: inout ColumnRun, output: MatrixOutputSetup, xwayland: Bool,
                                 devices: DeviceSetup?) throws -> Running {
        run.starts += 1
        let again = run.starts > 1
        configuration.progress?("\(run.prefix): starting" + (again ? " again" : "") + (output == .plain ? "" : " (output \(output))")
            + (xwayland ? " with Xwayland" : "") + (devices.map { " (devices: \($0))" } ?? ""))
        let calibration = run.directory + "/calibration" + (again ? "-\(run.starts)" : "")
        var driverConfiguration = configuration.driverConfiguration
        driverConfiguration.scale = output.scale
        driverConfiguration.rotation = output.rotation
        driverConfiguration.secondOutput = output.secondOutput
        driverConfiguration.touchOnlySeat = output.touchOnlySeat
        driverConfiguration.xwayland = xwayland
        driverConfiguration.deviceSetup = devices
        run.layouts = [:]
        let began = MonotonicClock.now()
        defer { run.timing.startSeconds += MonotonicClock.now() - began }
        let started = try start(run.driver, configuration: driverConfiguration, calibrationDirectory: calibration)
        run.running = started
        run.output = output
        run.xwayland = xwayland
        run.deviceSetup = devices
        if run.column.windowOrigin == nil {
            run.column.capabilities = started.session.capabilities
            run.column.windowOrigin = started.window.origin
            run.column.windowSize = started.window.size
            run.column.device = started.session.inputDevice
        }
        return started
    }

    /// Where our window is on the output, and its size.
    typealias Window = (origin: (x: Double, y: Double), size: (width: Int, height: Int))
    /// A compositor session and our window in it.
    typealias Running = (session: CompositorSession, window: Window)

    /// Starts the compositor and finds our window in it.
    private func start(_ driver: any CompositorDriver, configuration driverConfiguration: DriverConfiguration,
                       calibrationDirectory: String) throws -> Running {
        let session = try driver.start(driverConfiguration)
        MatrixInterruption.shared.add(session)
        do {
            return (session, try calibrate(session, directory: calibrationDirectory))
        } catch {
            session.stop()
            MatrixInterruption.shared.remove(session)
            throw error
        }
    }

    /// Stops a session, keeping the end of its log.
    func stop(_ session: CompositorSession, directory: String) {
        try? OutputTarget.write(session.logTail() + "\n", to: directory + "/compositor-log-tail.txt")
        session.stop()
        MatrixInterruption.shared.remove(session)
    }

    /// Where our window is: a tap at the output's centre (inside the window on every compositor
    /// we know), whose surface-local position in the client's trace gives the origin.
    private func calibrate(_ session: CompositorSession, directory: String) throws -> Window {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // A tap can miss a window that has only just appeared (a shell's opening animation):
        // a few attempts, each with a fresh client; the last one's error is reported.
        var attempt = 1
        while true {
            do {
                return try calibrationTap(session, trace: "trace-\(attempt).jsonl", directory: directory)
            } catch {
                Thread.sleep(forTimeInterval: 0.5)
                guard attempt < Self.calibrationAttempts else { throw error }
                attempt += 1
            }
        }
    }

    /// How often the calibration tap is tried before the compositor counts as unusable.
    static let calibrationAttempts = 3

    private func calibrationTap(_ session: CompositorSession, trace name: String, directory: String) throws -> Window {
        let scratch = try ClientScratch(for: session)
        defer { scratch.remove() }
        let client = try session.launchClient(executable: configuration.clientExecutable,
                                              arguments: clientArguments(trace: scratch.file(name)), environment: [:],
                                              logName: "calibration-client.log")
        defer { if client.isRunning { client.terminate() } }
        let output = session.touchedOutputOrigin
        let x = output.x + Double(session.outputSize.width / 2), y = output.y + Double(session.outputSize.height / 2)
        try session.inject(try CompactTrace.parse("down 0 \(x) \(y); frame; sleep 50; up 0; frame", name: "calibration"))
        Thread.sleep(forTimeInterval: 0.3)
        let ending = session.finishClient(client, timeout: 5)
        let moved = Result { try scratch.move(into: directory) }
        guard ending == .exited(0) else {
            throw RuntimeError("the calibration client ended with \(ending): \(tail(client.output()))")
        }
        try moved.get()
        let recorded = try TraceReader.read(directory + "/" + name)
        guard let down = recorded.records.lazy.compactMap({ record -> (Double, Double)? in
            if case .down(_, _, _, _, let lx, let ly) = record.event { (lx.doubleValue, ly.doubleValue) } else { nil }
        }).first else {
            throw RuntimeError("the calibration tap at \(x),\(y) never reached the client (\(tail(session.logTail())))")
        }
        let surface = recorded.header?.environment.surface
        return ((x - down.0, y - down.1), (surface?.width ?? session.outputSize.width,
                                          surface?.height ?? session.outputSize.height))
    }

    // MARK: - One script

    func cell(_ script: MatrixScript, session: CompositorSession,
              window: Window, directory: String, phases: MatrixPhaseClock) -> MatrixCell {
        let unsupported = script.unsupported(by: session.capabilities)
        guard unsupported.isEmpty else { return .notInjectable(unsupported) }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let placed = script.placed(at: window.origin, output: session.touchedOutputOrigin)
            try OutputTarget.write(CompactTrace.write(placed), to: directory + "/injected.txt")
            let files = RunFiles(directory: directory)
            let scratch = try ClientScratch(for: session)
            defer { scratch.remove() }
            let written = RunFiles(directory: scratch.path)
            let client = try phases.measure(.clientStarts) {
                try session.launchClient(executable: configuration.clientExecutable,
                                         arguments: clientArguments(trace: written.trace, files: written)
                                             + (script.windows.first?.arguments ?? []),
                                         environment: [:], logName: "client-\(script.name).log")
            }
            defer { if client.isRunning { client.terminate() } }
            try parkPointer(for: script, origin: window.origin, session: session)
            let returned = try phases.measure(.injections) { try session.inject(placed) }
            let notInjected = returned.filter { item in
                // Drivers without .frame leave framing to the compositor: that is what we measure.
                if case .record(let record) = item, case .frame = record.event { false } else { true }
            }
            phases.measure(.settles) { Thread.sleep(forTimeInterval: configuration.settleSeconds) }
            var notes: [String] = []
            var outputScreenshot: String?
            if session.capabilities.contains(.screenshot) {
                do {
                    try phases.measure(.screenshots) { try session.screenshot(to: files.output) }
                    outputScreenshot = files.output
                } catch {
                    notes.append("no screenshot: \(error)")
                }
            }
            let ending = phases.measure(.clientExits) { session.finishClient(client, timeout: 5) }
            // Kept also when the client failed: what it wrote is the first thing to read.
            let moved = Result { try scratch.move(into: directory) }
            // A compositor that closes our connection is a finding (M10), not a failed run.
            if let closed = MatrixRun.connectionClosed(ending, output: client.output()) { notes.append(closed) }
            guard ending == .exited(0) || notes.contains(where: { $0.hasPrefix(MatrixRun.connectionClosedNote) }) else {
                return .failed("our client ended with \(ending): \(tail(client.output()))")
            }
            try moved.get()
            let trace = try TraceReader.read(files.trace)
            let deliveries = (try? String(contentsOfFile: files.deliveries, encoding: .utf8)) ?? ""
            let state = try? JSONDecoder().decode(SceneSnapshot.self,
                                                  from: Data(contentsOf: URL(fileURLWithPath: files.state)))
            let initial = configuration.sceneType.init(context: SceneContext(
                clock: VirtualClock(), size: Size(width: Double(window.size.width), height: Double(window.size.height))))
                .snapshot()
            return .ran(MatrixRun(script: script, trace: trace, deliveriesLog: deliveries, initial: initial,
                                  snapshot: state, outputScreenshot: outputScreenshot,
                                  clientScreenshot: FileManager.default.fileExists(atPath: files.client) ? files.client : nil,
                                  notInjected: notInjected.map { CompactTrace.write([$0]).trimmingCharacters(in: .whitespacesAndNewlines) },
                                  notes: notes))
        } catch {
            return .failed("\(error)")
        }
    }

    /// The files of one run.
    struct RunFiles {
        var directory: String
        var trace: String { directory + "/trace.jsonl" }
        var deliveries: String { directory + "/deliveries.jsonl" }
        var state: String { directory + "/state.json" }
        var client: String { directory + "/client.png" }
        var output: String { directory + "/output.png" }
    }

    func clientArguments(trace: String, files: RunFiles? = nil) -> [String] {
        var arguments = ["run", "--scene", configuration.sceneType.info.name, "--profile", configuration.profile.name,
                         "--record", trace]
        if let files {
            arguments += ["--log", files.deliveries, "--state", files.state, "--screenshot", files.client]
        }
        return arguments
    }

    func tail(_ text: String) -> String {
        String(text.suffix(300)).replacingOccurrences(of: "\n", with: " ")
    }
}
