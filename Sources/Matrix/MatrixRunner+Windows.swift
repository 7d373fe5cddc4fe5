import CompositorDrivers
import Foundation
import Playback
import SandboxHarness
import Scenes
import TouchKit
import TouchStream

// MARK: - Scripts that touch several windows

/// Running a script with more than one window, or with a window whose client has features of
/// its own (`MatrixWindow.arguments`): every window is a client process of its own,
/// placed in a column of its own (the compositor's tiling, or the driver's `place`), and found by
/// probe taps before the script: window K gets a tap at the centre of column K, and where that tap
/// lands in its surface gives its origin. The probes run in clients of their own, started and
/// placed as the script's will be, once per compositor start and set of windows.
extension MatrixRunner {
    /// One run of a several-window script: its clients, the injection, and each window's files
    /// (the first window's in `directory`, the others' in `directory/window-NAME/`).
    func windowsCell(_ script: MatrixScript, in run: inout ColumnRun, session: CompositorSession,
                     directory: String) -> MatrixCell {
        let unsupported = script.unsupported(by: session.capabilities)
        guard unsupported.isEmpty else { return .notInjectable(unsupported) }
        do {
            let layout: [String: Window]
            // Found once per start, or failed once: a compositor that stacked the windows for one
            // script stacks them for the next, which fails with the same reason at no cost.
            let key = MatrixWindow.layoutKey(script.windows)
            if let known = run.layouts[key] {
                layout = try known.get()
            } else {
                let found: Result<[String: Window], RuntimeError>
                do {
                    let directory = run.directory + "/calibration-windows-\(run.starts)"
                        + (run.layouts.isEmpty ? "" : "-\(run.layouts.count + 1)")
                    found = .success(try run.phases.measure(.probes) {
                        try findWindows(script.windows, session: session, directory: directory)
                    })
                } catch {
                    found = .failure(error as? RuntimeError ?? RuntimeError("\(error)"))
                }
                run.layouts[key] = found
                layout = try found.get()
            }
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let placed = script.placed(at: layout.mapValues(\.origin), output: session.touchedOutputOrigin)
            try OutputTarget.write(CompactTrace.write(placed), to: directory + "/injected.txt")
            let launched = try run.phases.measure(.clientStarts) {
                try launch(script.windows, session: session, logPrefix: "client-\(script.name)", files: true)
            }
            defer { launched.forEach { $0.scratch.remove() } }
            defer { for window in launched.reversed() where window.client.isRunning { window.client.terminate() } }
            try parkPointer(for: script, origin: layout[script.windows[0].name]?.origin ?? (0, 0), session: session)
            let returned = try run.phases.measure(.injections) { try session.inject(placed) }
            let notInjected = returned.filter { item in
                if case .record(let record) = item, case .frame = record.event { false } else { true }
            }
            run.phases.measure(.settles) { Thread.sleep(forTimeInterval: configuration.settleSeconds) }
            var notes: [String] = []
            var outputScreenshot: String?
            let first = RunFiles(directory: directory)
            if session.capabilities.contains(.screenshot) {
                do {
                    try run.phases.measure(.screenshots) { try session.screenshot(to: first.output) }
                    outputScreenshot = first.output
                } catch {
                    notes.append("no screenshot: \(error)")
                }
            }
            // Every client is ended and its files kept before any is judged.
            var endings: [(name: String, ending: ChildProcess.Termination, output: String)] = []
            var moves: [Result<Void, Error>] = []
            for (index, window) in launched.enumerated() {
                let ending = run.phases.measure(.clientExits) { session.finishClient(window.client, timeout: 5) }
                endings.append((window.window.name, ending, window.client.output()))
                let folder = Self.folder(of: index, in: script, directory: directory)
                moves.append(Result {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    try window.scratch.move(into: folder)
                })
            }
            for ending in endings {
                if let closed = MatrixRun.connectionClosed(ending.ending, output: ending.output, window: ending.name) {
                    notes.append(closed)
                } else if ending.ending != .exited(0) {
                    return .failed("our client of window \(ending.name) ended with \(ending.ending): \(tail(ending.output))")
                }
            }
            for move in moves { try move.get() }
            var others: [MatrixWindowRun] = []
            for (index, window) in script.windows.enumerated().dropFirst() {
                let files = RunFiles(directory: Self.folder(of: index, in: script, directory: directory))
                others.append(MatrixWindowRun(name: window.name, trace: try TraceReader.read(files.trace),
                                              deliveriesLog: (try? String(contentsOfFile: files.deliveries, encoding: .utf8)) ?? ""))
            }
            let trace = try TraceReader.read(first.trace)
            let size = layout[script.windows[0].name]?.size ?? (session.outputSize.width, session.outputSize.height)
            return .ran(MatrixRun(script: script, trace: trace,
                                  deliveriesLog: (try? String(contentsOfFile: first.deliveries, encoding: .utf8)) ?? "",
                                  initial: initialSnapshot(size: size),
                                  snapshot: try? JSONDecoder().decode(SceneSnapshot.self,
                                                                      from: Data(contentsOf: URL(fileURLWithPath: first.state))),
                                  outputScreenshot: outputScreenshot,
                                  clientScreenshot: FileManager.default.fileExists(atPath: first.client) ? first.client : nil,
                                  notInjected: notInjected.map { CompactTrace.write([$0]).trimmingCharacters(in: .whitespacesAndNewlines) },
                                  notes: notes, windows: others))
        } catch {
            return .failed("\(error)")
        }
    }

    /// The folder of the script's window `index`: the run folder for the first, a subfolder for the others.
    static func folder(of index: Int, in script: MatrixScript, directory: String) -> String {
        MatrixWindow.subfolder(index: index, name: script.windows[index].name).map { directory + "/" + $0 } ?? directory
    }

    /// The scene as it starts in a window of `size` (the outcome's reference).
    func initialSnapshot(size: (width: Int, height: Int)) -> SceneSnapshot {
        configuration.sceneType.init(context: SceneContext(
            clock: VirtualClock(), size: Size(width: Double(size.width), height: Double(size.height)))).snapshot()
    }

    /// A launched window: its client and the scratch folder it writes into.
    struct LaunchedWindow {
        var window: MatrixWindow
        var client: ChildProcess
        var scratch: ClientScratch
    }

    /// Starts a client per window, in order, each placed in its column before the next starts
    /// (a compositor places a new window by the ones already there).
    func launch(_ windows: [MatrixWindow], session: CompositorSession, logPrefix: String,
                files: Bool) throws -> [LaunchedWindow] {
        var launched: [LaunchedWindow] = []
        do {
            for (index, window) in windows.enumerated() {
                let scratch = try ClientScratch(for: session)
                let written = RunFiles(directory: scratch.path)
                do {
                    let client = try session.launchClient(
                        executable: configuration.clientExecutable,
                        arguments: clientArguments(trace: written.trace, files: files ? written : nil) + window.arguments,
                        environment: [:], logName: "\(logPrefix)-\(window.name).log")
                    launched.append(LaunchedWindow(window: window, client: client, scratch: scratch))
                } catch {
                    scratch.remove()
                    throw error
                }
                if windows.count > 1 { try session.place(launched[index].client, column: index, of: windows.count) }
            }
        } catch {
            for window in launched.reversed() {
                session.finishClient(window.client, timeout: 5)
                window.scratch.remove()
            }
            throw error
        }
        return launched
    }

    /// Where each window is: probe taps at the centres of the columns, window K's expected in
    /// column K; throws, naming the window, when a probe reached another window or none.
    func findWindows(_ windows: [MatrixWindow], session: CompositorSession, directory: String) throws -> [String: Window] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let launched = try launch(windows, session: session, logPrefix: "calibration-client", files: false)
        defer { launched.forEach { $0.scratch.remove() } }
        let output = session.touchedOutputOrigin
        let probes = Self.probePoints(columns: windows.count, output: session.outputSize).map { (x: $0.x + output.x, y: $0.y + output.y) }
        var text = ""
        for probe in probes { text += "down 0 \(probe.x) \(probe.y); frame; sleep 50; up 0; frame; sleep 250\n" }
        try session.inject(try CompactTrace.parse(text, name: "window probes"))
        Thread.sleep(forTimeInterval: 0.3)
        var result: [String: Window] = [:]
        var problems: [String] = []
        for (index, window) in launched.enumerated() {
            let ending = session.finishClient(window.client, timeout: 5)
            let folder = directory + "/" + window.window.name
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try window.scratch.move(into: folder)
            guard ending == .exited(0) else {
                throw RuntimeError("the probe client of window \(window.window.name) ended with \(ending): \(tail(window.client.output()))")
            }
            let recorded = try TraceReader.read(folder + "/trace.jsonl")
            let downs = recorded.records.compactMap { record -> (Double, Double)? in
                if case .down(_, _, _, _, let x, let y) = record.event { (x.doubleValue, y.doubleValue) } else { nil }
            }
            let surface = recorded.header?.environment.surface
            let probe = probes[index]
            if downs.count == 1, let down = downs.first {
                result[window.window.name] = ((probe.x - down.0, probe.y - down.1),
                                              (surface?.width ?? session.outputSize.width / windows.count,
                                               surface?.height ?? session.outputSize.height))
            } else {
                problems.append("window \(window.window.name) got \(downs.count) of the probe taps (column \(index + 1)'s at "
                    + "\(probe.x),\(probe.y) was meant for it)")
            }
        }
        guard problems.isEmpty else {
            throw RuntimeError("the windows are not side by side: " + problems.joined(separator: "; "))
        }
        return result
    }

    /// The centre of each of `columns` equal columns of the output, left to right.
    static func probePoints(columns: Int, output: (width: Int, height: Int)) -> [(x: Double, y: Double)] {
        let width = Double(output.width) / Double(max(columns, 1))
        return (0..<columns).map { ((Double($0) + 0.5) * width, Double(output.height) / 2) }
    }
}
