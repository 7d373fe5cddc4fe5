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
/// start our client, inject, settle, screenshot and collect trace, deliveries and state into
/// `DIR/<compositor>/<script>/`. Compositors run one after another (each one alone on the machine).
public struct MatrixRunner {
    /// The configuration.
    public var configuration: MatrixConfiguration

    /// Creates a runner.
    public init(configuration: MatrixConfiguration) { self.configuration = configuration }

    /// Runs everything, writing run folders under `directory` (which must exist); never throws for
    /// a compositor that cannot run — its column says why.
    public func run(into directory: String) -> MatrixResult {
        let started = MonotonicClock.now()
        var columns: [MatrixColumn] = []
        for (index, kind) in configuration.compositors.enumerated() {
            guard let driver = configuration.drivers.first(where: { $0.kind == kind }) else {
                columns.append(MatrixColumn(kind: kind, unavailable: "no driver in this build"))
                continue
            }
            let prefix = "[\(index + 1)/\(configuration.compositors.count)] \(kind.displayName)"
            columns.append(column(for: driver, directory: directory + "/" + kind.rawValue, prefix: prefix))
        }
        return MatrixResult(scripts: configuration.scripts, columns: columns, scene: configuration.sceneType.info.name,
                            profile: configuration.profile.name, seconds: MonotonicClock.now() - started)
    }

    // MARK: - One compositor

    private func column(for driver: any CompositorDriver, directory: String, prefix: String) -> MatrixColumn {
        var column = MatrixColumn(kind: driver.kind)
        switch driver.installation() {
        case .missing(let packages):
            column.unavailable = "not installed (Debian: apt-get install \(packages.joined(separator: " ")))"
            return column
        case .installed(let version):
            column.version = version
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            column.unavailable = "could not run: \(error)"
            return column
        }
        var running: (session: CompositorSession, window: Window)?
        defer { if let session = running?.session { stop(session, directory: directory) } }
        var starts = 0
        var number = 0, retried = false
        while number < configuration.scripts.count {
            let script = configuration.scripts[number]
            if running == nil {
                starts += 1
                configuration.progress?("\(prefix): starting" + (starts > 1 ? " again" : ""))
                do {
                    running = try start(driver, calibrationDirectory: directory + "/calibration" + (starts > 1 ? "-\(starts)" : ""))
                } catch {
                    // The first start decides whether the compositor runs here at all.
                    guard starts > 1 else {
                        column.unavailable = "could not run: \(error)"
                        return column
                    }
                    column.cells[script.name] = .failed("restarting the compositor: \(error)")
                    number += 1
                    continue
                }
                if starts == 1 {
                    column.capabilities = running!.session.capabilities
                    column.windowOrigin = running!.window.origin
                    column.windowSize = running!.window.size
                }
            }
            guard let (session, window) = running else { break }
            configuration.progress?("\(prefix): \(script.name) (\(number + 1)/\(configuration.scripts.count))")
            let cell = cell(script, session: session, window: window, directory: directory + "/" + script.name)
            // A compositor that took the touches for a gesture of its own (a shell's overview) may
            // still be in that state: the next script gets a fresh one, so scripts stay independent.
            if cell.run?.leftCompositorChanged == true {
                stop(session, directory: directory)
                running = nil
            }
            // Nothing at all reaching a client is rare and sometimes the start's fault (a shell
            // still animating the window in): run the script once more on a fresh compositor.
            if cell.run?.observations.contains(.nothingArrived) == true, !retried {
                retried = true
                try? FileManager.default.removeItem(atPath: directory + "/" + script.name)
                continue
            }
            column.cells[script.name] = cell
            retried = false
            number += 1
        }
        return column
    }

    /// Where our window is on the output, and its size.
    typealias Window = (origin: (x: Double, y: Double), size: (width: Int, height: Int))

    /// Starts the compositor and finds our window in it.
    private func start(_ driver: any CompositorDriver, calibrationDirectory: String) throws
        -> (session: CompositorSession, window: Window) {
        let session = try driver.start(configuration.driverConfiguration)
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
    private func stop(_ session: CompositorSession, directory: String) {
        try? OutputTarget.write(session.logTail() + "\n", to: directory + "/compositor-log-tail.txt")
        session.stop()
        MatrixInterruption.shared.remove(session)
    }

    /// Where our window is: a tap at the output's centre (inside the window on every compositor
    /// we know), whose surface-local position in the client's trace gives the origin.
    private func calibrate(_ session: CompositorSession, directory: String) throws -> Window {
        try makeDirectory(directory, for: session)
        var lastError: Error?
        // A tap can miss a window that has only just appeared (a shell's opening animation):
        // a few attempts, each with a fresh client.
        for attempt in 1...Self.calibrationAttempts {
            do {
                return try calibrationTap(session, trace: directory + "/trace-\(attempt).jsonl")
            } catch {
                lastError = error
                Thread.sleep(forTimeInterval: 0.5)
            }
        }
        throw lastError!
    }

    /// How often the calibration tap is tried before the compositor counts as unusable.
    static let calibrationAttempts = 3

    private func calibrationTap(_ session: CompositorSession, trace: String) throws -> Window {
        let client = try session.launchClient(executable: configuration.clientExecutable,
                                              arguments: clientArguments(trace: trace), environment: [:],
                                              logName: "calibration-client.log")
        defer { if client.isRunning { client.terminate() } }
        let x = Double(session.outputSize.width / 2), y = Double(session.outputSize.height / 2)
        try session.inject(try CompactTrace.parse("down 0 \(x) \(y); frame; sleep 50; up 0; frame", name: "calibration"))
        Thread.sleep(forTimeInterval: 0.3)
        let ending = session.finishClient(client, timeout: 5)
        guard ending == .exited(0) else {
            throw RuntimeError("the calibration client ended with \(ending): \(tail(client.output()))")
        }
        let recorded = try TraceReader.read(trace)
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

    private func cell(_ script: MatrixScript, session: CompositorSession,
                      window: Window, directory: String) -> MatrixCell {
        let unsupported = script.unsupported(by: session.capabilities)
        guard unsupported.isEmpty else { return .notInjectable(unsupported) }
        do {
            try makeDirectory(directory, for: session)
            let placed = script.placed(at: window.origin)
            try OutputTarget.write(CompactTrace.write(placed), to: directory + "/injected.txt")
            let files = RunFiles(directory: directory)
            let client = try session.launchClient(executable: configuration.clientExecutable,
                                                  arguments: clientArguments(trace: files.trace, files: files),
                                                  environment: [:], logName: "client-\(script.name).log")
            defer { if client.isRunning { client.terminate() } }
            let returned = try session.inject(placed)
            let notInjected = returned.filter { item in
                // Drivers without .frame leave framing to the compositor: that is what we measure.
                if case .record(let record) = item, case .frame = record.event { false } else { true }
            }
            Thread.sleep(forTimeInterval: configuration.settleSeconds)
            var notes: [String] = []
            var outputScreenshot: String?
            if session.capabilities.contains(.screenshot) {
                do {
                    try session.screenshot(to: files.output)
                    outputScreenshot = files.output
                } catch {
                    notes.append("no screenshot: \(error)")
                }
            }
            let ending = session.finishClient(client, timeout: 5)
            guard ending == .exited(0) else {
                return .failed("our client ended with \(ending): \(tail(client.output()))")
            }
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
    private struct RunFiles {
        var directory: String
        var trace: String { directory + "/trace.jsonl" }
        var deliveries: String { directory + "/deliveries.jsonl" }
        var state: String { directory + "/state.json" }
        var client: String { directory + "/client.png" }
        var output: String { directory + "/output.png" }
    }

    private func clientArguments(trace: String, files: RunFiles? = nil) -> [String] {
        var arguments = ["run", "--scene", configuration.sceneType.info.name, "--profile", configuration.profile.name,
                         "--record", trace]
        if let files {
            arguments += ["--log", files.deliveries, "--state", files.state, "--screenshot", files.client]
        }
        return arguments
    }

    /// A folder our client can write to also when a driver runs it as an unprivileged user.
    private func makeDirectory(_ path: String, for session: CompositorSession) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try session.grantClientAccess(to: path)
    }

    private func tail(_ text: String) -> String {
        String(text.suffix(300)).replacingOccurrences(of: "\n", with: " ")
    }
}
