import CompositorDrivers
import Foundation
import Playback
import SandboxHarness
import Scenes
import TouchKit
import TouchStream

// MARK: - Scripts whose window is our X11 window

/// An `x11-…` script on a compositor started with its Xwayland: the script runs once on our
/// Wayland client, as any script (its wl_touch stream is the cell's stream), then once more on our
/// X11 window (`gesture-sandbox x11-client`, as big as the output), found as the Wayland window is:
/// calibration taps near the output's centre, and where in the window they landed. The taps go to the
/// same X11 client just before the script (a window manager may place a second window elsewhere:
/// KWin did, by its title bar's height), whose trace streams to its standard output so the tap
/// can be read at once. The cell's X11 part compares the two streams (``X11TouchComparison``).
/// The run folder gets `x11-calibration.jsonl` (the taps), `x11-trace.jsonl` (the script),
/// `x11-injected.txt` and `x11-comparison.txt`.
extension MatrixRunner {
    func x11Cell(_ script: MatrixScript, session: CompositorSession, window: Window, directory: String,
                 phases: MatrixPhaseClock) -> MatrixCell {
        let unsupported = script.unsupported(by: session.capabilities)
        guard unsupported.isEmpty else { return .notInjectable(unsupported) }
        let waylandCell = cell(script, session: session, window: window, directory: directory, phases: phases)
        guard case .ran(let waylandRun) = waylandCell else { return waylandCell }
        do {
            let client = try phases.measure(.clientStarts) { try launchX11(session, logName: "x11-client-\(script.name).log") }
            defer { if client.isRunning { client.terminate() } }
            let calibration = try phases.measure(.probes) { try calibrateX11(client, session: session) }
            let placed = script.placed(at: calibration.origin)
            try OutputTarget.write(CompactTrace.write(placed), to: directory + "/x11-injected.txt")
            let returned = try phases.measure(.injections) { try session.inject(placed) }
            phases.measure(.settles) { Thread.sleep(forTimeInterval: configuration.settleSeconds) }
            let ending = phases.measure(.clientExits) { session.finishClient(client, timeout: 5) }
            guard ending == .exited(0) else {
                return .failed("our X11 client ended with \(ending): \(tail(client.output()))")
            }
            let trace = Self.traceLines(in: client.output())
            try OutputTarget.write(([trace.header] + trace.records.prefix(calibration.records)).joined(separator: "\n") + "\n",
                                   to: directory + "/x11-calibration.jsonl")
            let scriptLines = [trace.header] + trace.records.dropFirst(calibration.records)
            try OutputTarget.write(scriptLines.joined(separator: "\n") + "\n", to: directory + "/" + Self.x11TraceName)
            let events = try TraceReader.read(text: scriptLines.joined(separator: "\n"), name: Self.x11TraceName)
                .records.compactMap(\.event.surfaceEvent)
            let comparison = X11TouchComparison(wayland: waylandRun.trace.records, x11: events, scale: calibration.scale)
            let placedBy = calibration.byGeometry
                ? ["the calibration tap brought the X11 window nothing: the script was placed at the window's recorded root origin"]
                : []
            try OutputTarget.write((placedBy + comparison.lines).joined(separator: "\n") + "\n",
                                   to: directory + "/x11-comparison.txt")
            let notInjected = returned.filter { item in
                if case .record(let record) = item, case .frame = record.event { false } else { true }
            }
            let initial = configuration.sceneType.init(context: SceneContext(
                clock: VirtualClock(), size: Size(width: Double(window.size.width), height: Double(window.size.height))))
                .snapshot()
            return .ran(MatrixRun(script: script, trace: waylandRun.trace, deliveriesLog: waylandRun.deliveriesLog,
                                  initial: initial, snapshot: waylandRun.snapshot,
                                  outputScreenshot: waylandRun.outputScreenshot, clientScreenshot: waylandRun.clientScreenshot,
                                  notInjected: waylandRun.notInjected + notInjected.map {
                                      "x11: " + CompactTrace.write([$0]).trimmingCharacters(in: .whitespacesAndNewlines)
                                  },
                                  notes: waylandRun.notes, windows: waylandRun.windows, x11: comparison))
        } catch {
            return .failed("X11 window: \(error)")
        }
    }

    /// The X11 client's trace of the script in a run folder.
    static let x11TraceName = "x11-trace.jsonl"
    /// Seconds an X11 window may take to map, and a calibration tap to reach it.
    static let x11Timeout = 15.0
    /// Seconds for the compositor's window manager to place a just-mapped X11 window (weston frames
    /// it, kiosk shells make it fullscreen, sway tiles it: all within a few frames).
    static let x11PlacementSettle = 0.5
    /// Seconds a calibration tap gets to reach the X11 window (every Xwayland that delivers one
    /// does so within a tenth of that).
    static let x11CalibrationTimeout = 5.0
    /// Seconds after the calibration tap's end for anything it still brings.
    static let x11CalibrationSettle = 0.2

    /// Starts our X11 window as big as the output (so the output's centre is in it wherever the
    /// window manager puts it), its trace on standard output, and waits until it is mapped and placed.
    private func launchX11(_ session: CompositorSession, logName: String) throws -> ChildProcess {
        let client = try session.launchX11Client(
            executable: configuration.clientExecutable,
            arguments: ["x11-client", "--record", "-", "--width", "\(session.outputSize.width)",
                        "--height", "\(session.outputSize.height)"],
            logName: logName)
        do {
            try waitForX11(client, what: "its window was mapped") {
                $0.split(separator: "\n").contains { $0.hasPrefix(Self.mappedLine) }
            }
        } catch {
            client.terminate()
            throw error
        }
        MonotonicClock.sleep(Self.x11PlacementSettle)
        return client
    }

    /// Where the X11 window's top-left corner is on the output (global logical px), and how many X
    /// pixels a logical pixel is there: two taps, at the output's centre and ``x11CalibrationStep``
    /// from it, and where in the window they landed (mutter 43 at scale 2 gives X11 clients
    /// physical pixels: 2); with the number of trace records up to the second tap's end. When the
    /// first tap brings the window nothing at all, its origin is the root origin it last recorded
    /// (`byGeometry`), and X pixels count as logical ones.
    private func calibrateX11(_ client: ChildProcess, session: CompositorSession)
        throws -> (origin: (x: Double, y: Double), scale: (x: Double, y: Double), records: Int, byGeometry: Bool) {
        let x = Double(session.outputSize.width / 2), y = Double(session.outputSize.height / 2)
        let step = Self.x11CalibrationStep
        var landings: [(x: Double, y: Double)] = []
        var records = 0
        for (number, point) in [(x, y), (x + step.x, y + step.y)].enumerated() {
            try session.inject(try CompactTrace.parse("down 0 \(point.0) \(point.1); frame; sleep 50; up 0; frame",
                                                      name: "x11 calibration"))
            let ended = Result {
                try waitForX11(client, what: "calibration tap \(number + 1) at \(point.0),\(point.1) ended in it",
                               timeout: Self.x11CalibrationTimeout) { output in
                    Self.traceLines(in: output).records.filter { line in Self.endKinds.contains { line.contains($0) } }.count > number
                }
            }
            MonotonicClock.sleep(Self.x11CalibrationSettle)
            let trace = Self.traceLines(in: client.output())
            let all = try TraceReader.read(text: ([trace.header] + trace.records).joined(separator: "\n"),
                                           name: "x11 calibration").records.compactMap(\.event.surfaceEvent)
            let events = Array(all.dropFirst(records))
            records = trace.records.count
            // A touch, or only the pointer it became: either says where in the window the tap landed.
            guard let landed = events.first(where: { $0.kind == .x11TouchBegin })
                    ?? events.first(where: { [.x11ButtonPress, .x11CoreButtonPress].contains($0.kind) }),
                  let ex = landed.ex, let ey = landed.ey else {
                // Nothing from a tap on the window (Mir 2.12): the script goes where the window says
                // it is, and the comparison tells what arrived (M16, no doubt).
                guard number == 0, case .failure = ended,
                      let placed = all.last(where: { $0.kind == .x11Configure }), let wx = placed.x, let wy = placed.y else {
                    throw RuntimeError("the X11 calibration tap at \(point.0),\(point.1) brought no touch or button event")
                }
                return ((wx.doubleValue, wy.doubleValue), (1, 1), records, byGeometry: true)
            }
            landings.append((Double(ex) / 65536, Double(ey) / 65536))
        }
        let scale = (x: Self.x11Scale((landings[1].x - landings[0].x) / step.x),
                     y: Self.x11Scale((landings[1].y - landings[0].y) / step.y))
        return ((x - landings[0].x / scale.x, y - landings[0].y / scale.y), scale, records, false)
    }

    /// The second calibration tap's offset from the output's centre, logical px: inside any window
    /// that holds the centre (the X11 window is as big as the output, or, in X pixels twice the
    /// logical, a quarter of it around the centre).
    static let x11CalibrationStep = (x: 100.0, y: 50.0)

    /// X pixels per logical pixel, as measured, or exactly 1 when within Xwayland's rounding of it.
    static func x11Scale(_ measured: Double) -> Double {
        abs(measured - 1) < 0.01 || !measured.isFinite || measured <= 0 ? 1 : measured
    }

    /// The kinds that end a calibration tap in the X11 client's trace lines.
    static let endKinds = ["\"kind\":\"x11-touch-end\"", "\"kind\":\"x11-button-release\"",
                           "\"kind\":\"x11-core-button-release\""]

    /// Polls `client`'s output until `done` holds; throws when it exits first or after `timeout` seconds.
    private func waitForX11(_ client: ChildProcess, what: String, timeout: Double = x11Timeout,
                            until done: (String) -> Bool) throws {
        let deadline = MonotonicClock.now() + timeout
        while !done(client.output()) {
            if let termination = client.poll() {
                throw RuntimeError("our X11 client exited (\(termination)) before \(what): \(tail(client.output()))")
            }
            guard MonotonicClock.now() < deadline else {
                throw RuntimeError("our X11 client: no sign within \(timeout) s that \(what): \(tail(client.output()))")
            }
            MonotonicClock.sleep(Self.x11PollInterval)
        }
    }

    /// How often the X11 client's output is read (seconds).
    static let x11PollInterval = 0.02

    /// How x11-client's line begins once its window is mapped.
    static let mappedLine = "x11-client: window "

    /// The trace in the X11 client's standard output: its header line and its record lines (the
    /// client's own line, and anything else that is not JSON, left out).
    static func traceLines(in output: String) -> (header: String, records: [String]) {
        let lines = output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("{") }
        return (lines.first ?? "", Array(lines.dropFirst()))
    }
}
