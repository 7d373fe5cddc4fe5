import CompositorDrivers
import Foundation
import SandboxHarness
import Scenes
import TouchStream

// MARK: - What one script did on one compositor

/// A stream behaviour the matrix sees by comparing what was injected with what arrived — not a
/// protocol rule of the checker, but exactly the differences users trip over.
public enum MatrixObservation: String, Hashable, Sendable, CaseIterable {
    /// Touch events arrived, but not one wl_touch.frame.
    case noFrames = "M1"
    /// The script landed several fingers in one frame; they arrived split across frames.
    case framePerEvent = "M2"
    /// The script injected a cancel; no wl_touch.cancel arrived.
    case cancelLost = "M3"
    /// The script injected no cancel; the compositor cancelled the touches itself (its own gesture).
    case compositorCancel = "M4"
    /// The script put fingers down; not one touch event reached the client.
    case nothingArrived = "M5"
    /// A window received more downs than the script aimed at it: a finger meant for another
    /// window (another client) was delivered to it.
    case touchToUntouchedWindow = "M6"
    /// The script aimed downs at a window that received none, while another window did receive
    /// touches: they went to the wrong client.
    case touchedWindowGotNothing = "M7"
    /// A popup opened by touch stayed open after a touch on another client (no popup_done after
    /// its configure).
    case popupNotDismissed = "M8"
    /// A drag started by touch never dropped on the window the script dragged to (no
    /// wl_data_device.drop there).
    case dropMissed = "M9"
    /// The compositor closed our client's connection (a protocol error, or the socket shut) while
    /// the script ran: the run's files hold what arrived until then.
    case connectionClosed = "M10"
    /// A layer surface whose keyboard interactivity is none got keyboard focus (wl_keyboard.enter
    /// on it): "the surface does not want to receive keyboard input", the on-screen keyboard's mode.
    case layerTookFocus = "M11"
    /// The text field lost keyboard or text input focus (wl_keyboard.leave, zwp_text_input_v3.leave)
    /// after it was touched: a tap on the on-screen keyboard took it.
    case fieldLostFocus = "M12"
    /// Nothing typed on the on-screen keyboard reached the text field (no commit_string, no key).
    case keyNotTyped = "M13"
    /// A key held on the on-screen keyboard reached the text field once, and not held: no repeat.
    case keyNotRepeated = "M14"
    /// Our X11 window got the touches only as the emulated pointer (no XI 2.2 touch event), though
    /// it selects touch events; the wl_touch client got them as touches.
    case x11PointerOnly = "M15"
    /// Our X11 window got no event from the touches the wl_touch client received.
    case x11NothingArrived = "M16"
    /// The X11 window's touches began, moved or ended differently from the wl_touch stream of the
    /// same script: another number of touches, of updates, or an end missing.
    case x11TouchesDiffer = "M17"
    /// An X11 touch position (window-relative) differs from the wl_touch position of the same event
    /// by more than ``X11TouchComparison/tolerance(at:)``.
    case x11PositionOff = "M18"
    /// The X11 window got the touches as XI touch events and also as pointer events not marked as
    /// emulated (XI without XIPointerEmulated, or core events): a toolkit sees every motion twice.
    case x11DoubleDelivery = "M19"
    /// On the second of two outputs, a down arrived at a point no surface of one output can have:
    /// past the output's size, the output's origin added (global, not surface-local coordinates).
    case globalCoordinates = "M20"
    /// In a script with a device setup (the kernel lane's only), a down arrived away from where
    /// the finger touched the glass: the touchscreen's output, that output's transform or its
    /// calibration matrix was not applied.
    case touchMisplaced = "M21"
    /// In a script whose touchscreen turns a contact into a palm (MT_TOOL_PALM), that contact's
    /// touch was never ended for the client: no wl_touch.up, no wl_touch.cancel.
    case palmLeftDown = "M22"

    /// The hold after which a held key repeats, ms: sway's and wlroots' default repeat_delay.
    public static let repeatDelay: UInt32 = 600

    /// One line for tables.
    public var title: String {
        switch self {
        case .noFrames: "no wl_touch.frame at all"
        case .framePerEvent: "frames split: fingers landing in one frame arrive in several"
        case .cancelLost: "injected cancel never reached the client"
        case .compositorCancel: "compositor cancelled the touches itself (took the gesture)"
        case .nothingArrived: "no touch event reached the client"
        case .touchToUntouchedWindow: "a window got a touch the script aimed at another window"
        case .touchedWindowGotNothing: "a touched window got no touch (it went to another client)"
        case .popupNotDismissed: "popup not dismissed by a touch on another client"
        case .dropMissed: "drop never reached its target"
        case .connectionClosed: "compositor closed our client's connection"
        case .layerTookFocus: "a layer surface that wants no keyboard got keyboard focus"
        case .fieldLostFocus: "the text field lost its focus to a tap on the on-screen keyboard"
        case .keyNotTyped: "a key typed on the on-screen keyboard never reached the text field"
        case .keyNotRepeated: "a key held on the on-screen keyboard did not repeat"
        case .x11PointerOnly: "the X11 client got only the emulated pointer"
        case .x11NothingArrived: "no event reached the X11 client"
        case .x11TouchesDiffer: "an X11 touch began, moved or ended differently from wl_touch"
        case .x11PositionOff: "an X11 position differs from the wl_touch position"
        case .x11DoubleDelivery: "the X11 client got the touch also as unmarked pointer events"
        case .globalCoordinates: "a touch on the second output arrived in global coordinates, not surface-local"
        case .touchMisplaced: "a touch arrived away from where the finger touched the glass (device mapping not applied)"
        case .palmLeftDown: "a contact that turned into a palm was never ended (no up, no cancel): a touch stuck down"
        }
    }

    /// The observations the streams of a run's windows show for `script` (the first window's stream
    /// for the single-window ones, every window's downs for M6 and M7).
    static func observed(in stream: NormalizedStream, records: [RawRecord], windows: [MatrixWindowRun],
                         for script: MatrixScript) -> [MatrixObservation] {
        var result = observed(in: stream, for: script)
        let first = script.windows.first?.name ?? MatrixWindow.main.name
        let recordsOf = { (name: String) -> [RawRecord] in
            name == first ? records : windows.first { $0.name == name }?.trace.records ?? []
        }
        for expectation in script.expectations {
            switch expectation {
            case .popupDismissed(let window):
                let kinds = recordsOf(window).compactMap(\.event.surfaceEvent?.kind)
                // Only a popup that opened can stay open: the stream shows one that never did.
                if let opened = kinds.lastIndex(of: .popupConfigure), !kinds[opened...].contains(.popupDone) {
                    result.append(.popupNotDismissed)
                }
            case .dropOn(let window):
                if !recordsOf(window).contains(where: { $0.event.surfaceEvent?.kind == .dndDrop }) {
                    result.append(.dropMissed)
                }
            case .layerWithoutFocus(let window):
                let events = recordsOf(window).compactMap(\.event.surfaceEvent)
                let layers = Set(events.filter { $0.kind == .layerConfigure }.compactMap(\.surface))
                if events.contains(where: { $0.kind == .keyboardEnter && $0.surface.map(layers.contains) == true }) {
                    result.append(.layerTookFocus)
                }
            case .fieldKeepsFocus(let window):
                // From the field's first real touch to the last text that reached it: a leave after
                // that is the end of the run (a compositor leaves the field as the clients exit).
                let events = recordsOf(window).filter {
                    if case .down = $0.event { !$0.isControl } else { $0.event.surfaceEvent != nil }
                }
                let touched = events.firstIndex { if case .down = $0.event { true } else { false } }
                let lastTyped = events.lastIndex { $0.event.surfaceEvent.map(Self.isTyped) ?? false }
                if let touched, let lastTyped, touched < lastTyped,
                   events[touched...lastTyped].contains(where: {
                       [.keyboardLeave, .textInputLeave].contains($0.event.surfaceEvent?.kind)
                   }) {
                    result.append(.fieldLostFocus)
                }
            case .typedInto(let window):
                if typed(recordsOf(window)).isEmpty { result.append(.keyNotTyped) }
            case .keyRepeated(let window):
                let keys = typed(recordsOf(window))
                let commits = keys.filter { $0.kind == .commitString }.count
                if commits < 2, !heldLongEnough(keys) { result.append(.keyNotRepeated) }
            }
        }
        guard !windows.isEmpty else { return result }
        for window in windows where !result.contains(.framePerEvent) {
            let landing = script.largestLanding(in: window.name)
            if landing > 1, window.stream.frameEventCount > 0, window.stream.largestLanding < landing {
                result.append(.framePerEvent)
            }
        }
        let aimed = script.downsPerWindow
        let received = [first: stream.downCount].merging(windows.map { ($0.name, $0.stream.downCount) }) { a, _ in a }
        let total = received.values.reduce(0, +)
        if total > 0 {
            result.removeAll { $0 == .nothingArrived }
            if received.contains(where: { $0.value > aimed[$0.key, default: 0] }) { result.append(.touchToUntouchedWindow) }
            if received.contains(where: { aimed[$0.key, default: 0] > 0 && $0.value == 0 }) {
                result.append(.touchedWindowGotNothing)
            }
        }
        return result
    }

    /// What reached a text field from a keyboard: commit_strings with text, wl_keyboard keys.
    private static func typed(_ records: [RawRecord]) -> [SurfaceEvent] {
        records.compactMap(\.event.surfaceEvent).filter(isTyped)
    }

    private static func isTyped(_ event: SurfaceEvent) -> Bool {
        (event.kind == .commitString && !(event.text ?? "").isEmpty) || event.kind == .keyPressed || event.kind == .keyReleased
    }

    /// Whether a wl_keyboard key was held from press to release at least ``repeatDelay``.
    private static func heldLongEnough(_ keys: [SurfaceEvent]) -> Bool {
        var pressed: [UInt32: UInt32] = [:]
        for key in keys {
            guard let code = key.code, let time = key.time else { continue }
            if key.kind == .keyPressed { pressed[code] = time }
            if key.kind == .keyReleased, let start = pressed.removeValue(forKey: code), time &- start >= repeatDelay {
                return true
            }
        }
        return false
    }

    /// The observations `stream` shows for `script`.
    static func observed(in stream: NormalizedStream, for script: MatrixScript) -> [MatrixObservation] {
        var result: [MatrixObservation] = []
        if stream.touchEventCount > 0, stream.frameEventCount == 0 { result.append(.noFrames) }
        let landing = script.largestLanding(in: script.windows.count > 1 ? script.windows.first?.name : nil)
        if landing > 1, stream.frameEventCount > 0, stream.touchEventCount > 0, stream.largestLanding < landing {
            result.append(.framePerEvent)
        }
        if script.hasCancel, stream.cancelCount == 0 { result.append(.cancelLost) }
        if !script.hasCancel, stream.cancelCount > 0 { result.append(.compositorCancel) }
        // A client without wl_touch: a finger that made a click is something arriving.
        if script.hasDown, stream.touchEventCount == 0, stream.pointerButtonCount == 0 { result.append(.nothingArrived) }
        return result
    }
}

/// What a window other than a script's first one recorded (its own client process), and what it means.
public struct MatrixWindowRun: Sendable {
    /// The window's name in the script.
    public var name: String
    /// Its recorded trace.
    public var trace: Trace
    /// Its live deliveries log.
    public var deliveriesLog: String
    /// The checker's findings on its trace.
    public let findings: [Finding]
    /// Its normalised stream.
    public let stream: NormalizedStream

    /// Analyses a window's recording.
    public init(name: String, trace: Trace, deliveriesLog: String) {
        self.name = name
        self.trace = trace
        self.deliveriesLog = deliveriesLog
        findings = ConformanceChecker.check(trace.records, header: trace.header)
        stream = NormalizedStream(records: trace.records)
    }
}

/// What our client recorded for one script under one compositor, and what it means.
public struct MatrixRun: Sendable {
    /// The recorded trace.
    public var trace: Trace
    /// The live deliveries log.
    public var deliveriesLog: String
    /// The scene's state at exit.
    public var snapshot: SceneSnapshot?
    /// Picture files in the run's folder (relative to the matrix folder): the compositor's output,
    /// when it allows screenshots, and our client's own rendering.
    public var outputScreenshot: String?, clientScreenshot: String?
    /// The checker's findings on the trace.
    public let findings: [Finding]
    /// The normalised stream.
    public let stream: NormalizedStream
    /// The normalised deliveries log.
    public let normalizedDeliveries: String
    /// Views and recognizers at the end.
    public let outcome: MatrixOutcome
    /// Stream behaviours seen against the script.
    public let observations: [MatrixObservation]
    /// Items the driver returned as not injected although the script passed the capability check.
    public var notInjected: [String]
    /// Things that went wrong without spoiling the run (a failed screenshot).
    public var notes: [String]
    /// The script's other windows (its first window's recording is the run's own), in script order.
    public let windows: [MatrixWindowRun]
    /// For an `x11-…` script: what our X11 window received for the same touches, compared with
    /// this run's wl_touch stream.
    public let x11: X11TouchComparison?

    /// Analyses a recorded run of `script`; `windows` are the recordings of its other windows.
    public init(script: MatrixScript, trace: Trace, deliveriesLog: String, initial: SceneSnapshot?,
                snapshot: SceneSnapshot?, outputScreenshot: String? = nil, clientScreenshot: String? = nil, notInjected: [String] = [],
                notes: [String] = [], windows: [MatrixWindowRun] = [], x11: X11TouchComparison? = nil) {
        self.trace = trace
        self.deliveriesLog = deliveriesLog
        self.snapshot = snapshot
        self.outputScreenshot = outputScreenshot
        self.clientScreenshot = clientScreenshot
        self.notInjected = notInjected
        self.notes = notes
        self.windows = windows
        self.x11 = x11
        findings = ConformanceChecker.check(trace.records, header: trace.header)
        stream = NormalizedStream(records: trace.records)
        normalizedDeliveries = NormalizedDeliveries.normalize(deliveriesLog, idMap: stream.idMap)
        var outcome = MatrixOutcome(initial: initial, final: snapshot, deliveriesLog: deliveriesLog)
        outcome.window = MatrixOutcome.window(in: trace.records)
        self.outcome = outcome
        var observed = MatrixObservation.observed(in: stream, records: trace.records, windows: windows, for: script)
        if notes.contains(where: { $0.hasPrefix(Self.connectionClosedNote) }) { observed.append(.connectionClosed) }
        if script.output.secondOutput, MatrixObservation.arrivedGlobal(in: [trace] + windows.map(\.trace)) {
            observed.append(.globalCoordinates)
        }
        if script.deviceSetup != nil, MatrixObservation.landedAway(trace.records, script: script) {
            observed.append(.touchMisplaced)
        }
        if MatrixObservation.palmLeftDown(trace.records, script: script) { observed.append(.palmLeftDown) }
        observations = observed + (x11?.observations ?? [])
    }

    /// How a note saying that the compositor closed our client's connection begins (M10).
    public static let connectionClosedNote = "the compositor closed our client's connection"

    /// The note for a client that ended with `ending` and `output`, when the compositor closed its
    /// connection (our client then exits 1 with a "Wayland protocol error" or "Wayland connection
    /// lost" line); nil for any other ending.
    static func connectionClosed(_ ending: ChildProcess.Termination, output: String, window: String? = nil) -> String? {
        guard ending == .exited(1), let line = output.split(separator: "\n").last(where: {
            $0.contains("Wayland protocol error") || $0.contains("Wayland connection lost")
        }) else { return nil }
        let text = line.split(separator: "gesture-sandbox: ").last.map(String.init) ?? String(line)
        return connectionClosedNote + (window.map { " (window \($0))" } ?? "") + ": " + text
    }

    /// Rule ids found (checker rules on every window's trace, and matrix observations), each once,
    /// in order of first finding.
    public var ruleIDs: [String] {
        var ids: [String] = []
        for id in allFindings.map(\.finding.ruleID) + observations.map(\.rawValue) where !ids.contains(id) { ids.append(id) }
        return ids
    }

    /// Every window's findings, each with its window's name (nil for the first window).
    public var allFindings: [(window: String?, finding: Finding)] {
        findings.map { (nil, $0) } + windows.flatMap { window in window.findings.map { (window.name, $0) } }
    }

    /// What two compositors must match on to agree: the first window's frames, then each other
    /// window's, prefixed with its name.
    public var signatures: [String] {
        stream.signatures + windows.flatMap { window in window.stream.signatures.map { "\(window.name): \($0)" } }
            + (x11?.signatures.map { "x11: \($0)" } ?? [])
    }

    /// ``signatures`` as text, one frame per line (a run folder's `stream.txt`).
    public var streamText: String {
        let lines = signatures
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }

    /// True when the compositor may have been left in a state of its own (it took a gesture, or
    /// kept every touch): the next script then gets a freshly started compositor.
    public var leftCompositorChanged: Bool {
        observations.contains(.compositorCancel) || observations.contains(.nothingArrived)
    }

    /// Checker violations (MUST/SHOULD rules broken), on every window.
    public var violations: [Finding] { allFindings.map(\.finding).filter { $0.category == .violation } }
}

/// What one run of one script on one compositor gave (a cell of the matrix holds one per
/// `--repeat`: ``MatrixCellRuns``).
public enum MatrixCell: Sendable {
    /// It ran; here is what arrived.
    case ran(MatrixRun)
    /// The driver cannot inject these items, so the script was not run here.
    case notInjectable([MatrixScript.Unsupported])
    /// A step failed (the message says which).
    case failed(String)
    /// Our client refused a feature the script needs, which the compositor lacks: the client's
    /// own line, "not supported by COMPOSITOR: no … global". A fact about the compositor.
    case notSupported(String)

    /// The run, when there is one.
    public var run: MatrixRun? { if case .ran(let run) = self { run } else { nil } }
}

/// One compositor's column.
public struct MatrixColumn: Sendable {
    /// Which compositor.
    public var kind: CompositorKind
    /// Its version, or why it could not run at all (not installed, failed to start).
    public var version: String?
    /// Set when the compositor could not run; every cell is then empty.
    public var unavailable: String?
    /// What the session could inject.
    public var capabilities: InjectionCapabilities
    /// The window's origin on the output (global logical px) and its size, from the calibration tap.
    public var windowOrigin: (x: Double, y: Double)?, windowSize: (width: Int, height: Int)?
    /// Script name → the cell: each of its runs. A script not run here (one of another shard's
    /// cells) has none.
    public var cells: [String: MatrixCellRuns]
    /// Where the column's time went; nil for a column read back from results.json.
    public var timing: MatrixColumnTiming?
    /// The input device touches went through (the kernel lane's touchscreen); nil when injected
    /// into the compositor's input code.
    public var device: String?

    /// Creates a column.
    public init(kind: CompositorKind, version: String? = nil, unavailable: String? = nil,
                capabilities: InjectionCapabilities = [], windowOrigin: (x: Double, y: Double)? = nil,
                windowSize: (width: Int, height: Int)? = nil, cells: [String: MatrixCellRuns] = [:]) {
        self.kind = kind
        self.version = version
        self.unavailable = unavailable
        self.capabilities = capabilities
        self.windowOrigin = windowOrigin
        self.windowSize = windowSize
        self.cells = cells
    }
}

/// A whole matrix run: scripts × compositors, each cell run `repeatCount` times.
public struct MatrixResult: Sendable {
    /// The scripts, in order (rows).
    public var scripts: [MatrixScript] { didSet { comparisonsOnce = ComparisonsOnce() } }
    /// The compositors, in order (columns).
    public var columns: [MatrixColumn] { didSet { comparisonsOnce = ComparisonsOnce() } }
    /// Scene and profile our client ran.
    public var scene: String, profile: String
    /// Wall-clock seconds the run took.
    public var seconds: Double
    /// How often each cell was run (`--repeat`).
    public var repeatCount: Int
    /// The part of the cells this run covered (`--shard`); nil for all of them.
    public var shard: MatrixShard?
    /// The findings known beforehand (`--expect`); with one, the exit status means "a new
    /// finding appeared" (``MatrixBaselineCheck``).
    public var baseline: MatrixBaseline?
    /// The comparisons of these scripts and columns, once asked for.
    private var comparisonsOnce = ComparisonsOnce()

    /// Creates a result.
    public init(scripts: [MatrixScript], columns: [MatrixColumn], scene: String, profile: String, seconds: Double = 0,
                repeatCount: Int = 1, shard: MatrixShard? = nil, baseline: MatrixBaseline? = nil) {
        self.scripts = scripts
        self.columns = columns
        self.scene = scene
        self.profile = profile
        self.seconds = seconds
        self.repeatCount = repeatCount
        self.shard = shard
        self.baseline = baseline
    }

    /// The cross-compositor comparison of each script, in script order (each cell standing as its
    /// usual run, see ``MatrixCellRuns``). Made once: the exit status, report.md, matrix.html and
    /// results.json all read them, and each comparison reads the runs' deliveries logs.
    public var comparisons: [ScriptComparison] {
        comparisonsOnce.value {
            scripts.map { script in
                ScriptComparison(script: script, cells: columns.compactMap { column in
                    column.cells[script.name].map { (column.kind, $0) }
                })
            }
        }
    }

    /// The cells this run covers (a shard's, or every one), compositor by compositor, script by script.
    public var coveredCells: [MatrixCellKey] {
        let kinds = columns.map(\.kind), names = scripts.map(\.name)
        return shard?.cells(compositors: kinds, scripts: names) ?? MatrixShard.cells(compositors: kinds, scripts: names)
    }

    /// The findings against the baseline, when there is one.
    public var baselineCheck: MatrixBaselineCheck? {
        baseline.map { MatrixBaselineCheck(result: self, baseline: $0) }
    }

    /// True when a compositor could not run at all or a run of a script failed.
    public var somethingFailed: Bool {
        columns.contains { column in
            column.unavailable != nil || column.cells.values.contains { !$0.failures.isEmpty }
        }
    }

    /// 2 when a compositor or a run of a script could not run; else, with a baseline, 1 when a
    /// finding it does not list appeared in every run and 0 otherwise (``MatrixBaselineCheck``); without one, 1 when compositors differ
    /// (their usual runs) or a rule is broken (in any run, stable or not), else 0.
    public var exitCode: Int32 {
        if somethingFailed { return 2 }
        if let check = baselineCheck { return check.failing.isEmpty ? 0 : 1 }
        let violated = columns.contains { $0.cells.values.contains(where: \.hasViolation) }
        let differ = comparisons.contains { !$0.agrees }
        return violated || differ ? 1 : 0
    }
}

extension MatrixResult {
    /// "10 scripts on 7 compositors", "1 script on 1 compositor": the first words of both reports.
    var size: String {
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        return "\(counted(scripts.count, "script")) on \(counted(columns.count, "compositor"))"
    }
}
