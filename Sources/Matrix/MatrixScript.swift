import CompositorDrivers
import Foundation
import TouchStream

// MARK: - A script the matrix runs on every compositor

/// One touch script of a matrix run, in window-relative logical coordinates.
///
/// Scripts name points in our client's window, not on the output: each compositor places the
/// window elsewhere (KWin adds a title bar, sway tiles, kiosk shells fill the output), so the
/// matrix measures the window's origin on each compositor (a calibration tap) and adds it before
/// injecting. A down above the window (y < 0) is aimed at the server-side title bar. A down with
/// `surface=output` names a point of the output itself (global logical px), where a layer surface
/// anchored to the output's edges sits whatever the compositor did with the window; it belongs to
/// the script's first window, whose client shows that layer surface.
public struct MatrixScript: Sendable {
    /// Short name: the row heading in reports and the folder name.
    public var name: String
    /// One line on what the script asks of the compositor.
    public var summary: String
    /// The items, window-relative.
    public var items: [ScriptItem]
    /// The windows it touches, each a client process of its own (the first is where a down
    /// without `surface=` goes); one for most scripts.
    public var windows: [MatrixWindow]
    /// The output the compositor is started with for this script.
    public var output: MatrixOutputSetup
    /// What its windows' surface records must show (M8, M9).
    public var expectations: [MatrixExpectation] = []
    /// Where the mouse pointer is moved (window-relative, in the first window) once the clients
    /// show and before the first touch, and left: one seat with a mouse and a touchscreen.
    public var pointerParkedAt: (x: Double, y: Double)?
    /// The outputs and devices below the compositor a kernel-lane-only script needs; its points
    /// are where fingers touch the glass of the window's output.
    public var deviceSetup: DeviceSetup?

    /// Creates a script from parsed items.
    public init(name: String, summary: String, items: [ScriptItem], windows: [MatrixWindow] = [.main],
                output: MatrixOutputSetup = .plain) {
        self.name = name
        self.summary = summary
        self.items = items
        self.windows = windows
        self.output = output
    }

    /// Parses compact text; errors are located in `source` (FILE:LINE:COL; default: the name). A
    /// `surface=NAME` on a down must name one of `windows`.
    public init(name: String, summary: String = "", text: String, source: String? = nil,
                windows: [MatrixWindow] = [.main], output: MatrixOutputSetup = .plain) throws(TraceError) {
        self.init(name: name, summary: summary, items: try CompactTrace.parse(text, name: source ?? name),
                  windows: windows, output: output)
        if let stray = targets.first(where: { target in !windows.contains { $0.name == target.window } }) {
            throw TraceError(file: source ?? name, line: 1, column: 1, message: "statement \(stray.statement): surface="
                + "\(stray.window) names no window of this script (\(windows.map(\.name).joined(separator: ", "))) "
                + "nor the output (surface=\(Self.outputTarget))")
        }
    }

    /// The `surface=` name of a point on the output itself rather than in a window.
    public static let outputTarget = "output"

    /// The window each down aims at, by statement (1-based), and its touch id; a down on the
    /// output is aimed at the first window, whose layer surface is there.
    var targets: [(statement: Int, id: Int32, window: String)] {
        let first = windows.first?.name ?? MatrixWindow.main.name
        return items.enumerated().compactMap { index, item in
            guard case .record(let record) = item, case .down(_, _, let surface, let id, _, _) = record.event else { return nil }
            return (index + 1, id, surface.map { $0 == Self.outputTarget ? first : $0 } ?? first)
        }
    }

    /// How many downs the script aims at each window.
    var downsPerWindow: [String: Int] {
        var counts = Dictionary(uniqueKeysWithValues: windows.map { ($0.name, 0) })
        for target in targets { counts[target.window, default: 0] += 1 }
        return counts
    }

    /// Seconds the script sleeps between its items: the least a run of it takes.
    public var sleepSeconds: Double {
        items.reduce(0) { total, item in
            if case .sleep(let milliseconds) = item { total + Double(milliseconds) / 1000 } else { total }
        }
    }

    /// The script as compact text (window-relative).
    public var text: String { CompactTrace.write(items) }

    // MARK: - What it needs

    /// An item the session cannot put into the compositor's input path.
    public struct Unsupported: Hashable, Sendable, CustomStringConvertible {
        /// 1-based statement number among the script's items.
        public var statement: Int
        /// The item as compact text.
        public var item: String
        /// The capability it needs (its name in `compositors`).
        public var needs: String

        public var description: String { "\(item) (statement \(statement)) needs \(needs)" }
    }

    /// What an item needs: its driver capability (frames excepted: a compositor that frames on
    /// its own is what the matrix measures), and the title bar for a down above the window.
    static func needs(_ event: RawEvent) -> InjectionCapabilities {
        var needs = InjectionCapabilities.required(for: event).subtracting(.frame)
        if case .down(_, _, _, _, _, let y) = event, y.doubleValue < 0 { needs.insert(.serverTitleBar) }
        return needs
    }

    /// What the whole script needs beyond its items: two windows side by side, a scaled or rotated
    /// output, a pointer to park.
    var setupNeeds: InjectionCapabilities {
        var needs: InjectionCapabilities = []
        if needsXwayland { needs.insert(.xwayland) }
        if pointerParkedAt != nil { needs.insert(.pointer) }
        if windows.count > 1 { needs.insert(.sideBySide) }
        if output.scale != 1 { needs.insert(output.scale == output.scale.rounded() ? .outputScale : .fractionalOutputScale) }
        if output.rotation != 0 { needs.insert(.outputRotation) }
        if output.touchOnlySeat { needs.insert(.touchOnlySeat) }
        if output.secondOutput { needs.insert(.secondOutput) }
        if let deviceSetup {
            needs.insert(.deviceSetup)
            if deviceSetup.outputs.count > 1 || deviceSetup.mapsTouchToOutput { needs.insert(.outputMapping) }
        }
        return needs
    }

    /// The items `capabilities` cannot inject, and the script's setup as statement 0 when the
    /// compositor cannot give it (each missing capability with its measured reason from `reasons`,
    /// where there is one); empty when the whole script can run.
    public func unsupported(by capabilities: InjectionCapabilities,
                            reasons: [InjectionCapabilities: String] = [:]) -> [Unsupported] {
        var result: [Unsupported] = []
        let setup = setupNeeds.subtracting(capabilities)
        if !setup.isEmpty {
            let what = [windows.count > 1 ? "windows \(windows.map(\.name).joined(separator: ", "))" : nil,
                        needsXwayland ? "an X11 window" : nil,
                        output == .plain ? nil : output == MatrixOutputSetup(touchOnlySeat: true) ? "a touch-only seat"
                            : "output \(output)",
                        pointerParkedAt == nil ? nil : "the pointer parked on the window",
                        deviceSetup.map { "devices: \($0)" }].compactMap { $0 }.joined(separator: ", ")
            let needs = setup.names.map { name in
                let reason = reasons.first { $0.key.names == [name] }?.value
                return reason.map { "\(name) (\($0))" } ?? name
            }
            result.append(Unsupported(statement: 0, item: what, needs: needs.joined(separator: ", ")))
        }
        for (index, item) in items.enumerated() {
            guard case .record(let record) = item else { continue }
            let missing = Self.needs(record.event).subtracting(capabilities)
            guard !missing.isEmpty else { continue }
            let text = CompactTrace.write([item]).trimmingCharacters(in: .whitespacesAndNewlines)
            result.append(Unsupported(statement: index + 1, item: Self.bare(text),
                                      needs: missing.names.joined(separator: ", ")))
        }
        return result
    }

    /// The most downs any one frame of the script holds (fingers landing together).
    var largestLanding: Int { largestLanding(in: nil) }

    /// The most downs any one frame of the script aims at `window` (nil: at any window). Each
    /// client gets its own wl_touch.frame, so fingers landing on two windows are one landing per window.
    func largestLanding(in window: String?) -> Int {
        let first = windows.first?.name ?? MatrixWindow.main.name
        var downs = 0, largest = 0
        for item in items {
            guard case .record(let record) = item else { continue }
            switch record.event {
            case .frame:
                largest = max(largest, downs)
                downs = 0
            case .down(_, _, let surface, _, _, _)
                where window == nil || (surface.map { $0 == Self.outputTarget ? first : $0 } ?? first) == window:
                downs += 1
            default: break
            }
        }
        return max(largest, downs)
    }

    /// True when a window of the script is an X11 one: the compositor is started with its Xwayland.
    public var needsXwayland: Bool { windows.contains(where: \.x11) }

    /// True when the script puts a finger down.
    var hasDown: Bool {
        items.contains { if case .record(let r) = $0, case .down = r.event { true } else { false } }
    }

    /// True when the script injects a cancel.
    var hasCancel: Bool {
        items.contains { if case .record(let r) = $0, case .cancel = r.event { true } else { false } }
    }

    // MARK: - Placing it on a compositor

    /// The items in global logical coordinates for a window whose origin is at `origin`, on an
    /// output whose origin is `output`.
    public func placed(at origin: (x: Double, y: Double), output: (x: Double, y: Double) = (0, 0)) -> [ScriptItem] {
        placed(at: [windows.first?.name ?? MatrixWindow.main.name: origin], output: output)
    }

    /// The items in global logical coordinates, each finger relative to the window its down names
    /// (`origins` by window name; a window missing there counts as at 0, 0), or to the touched
    /// output (at `output`: the second output's origin, else 0, 0). Surface names stay (in
    /// `injected.txt`, for the reader): drivers inject points, and the compositor picks the surface.
    public func placed(at origins: [String: (x: Double, y: Double)],
                       output: (x: Double, y: Double) = (0, 0)) -> [ScriptItem] {
        let first = windows.first?.name ?? MatrixWindow.main.name
        var fingerOrigin: [Int32: (x: Double, y: Double)] = [:]
        return items.map { item in
            guard case .record(var record) = item else { return item }
            switch record.event {
            case .down(let serial, let time, let surface, let id, let x, let y):
                let origin: (x: Double, y: Double) = surface == Self.outputTarget ? output : origins[surface ?? first] ?? (0, 0)
                fingerOrigin[id] = origin
                record.event = .down(serial: serial, time: time, surface: surface, id: id,
                                     x: WLFixed(x.doubleValue + origin.x), y: WLFixed(y.doubleValue + origin.y))
            case .motion(let time, let id, let x, let y):
                let origin = fingerOrigin[id] ?? origins[first] ?? (0, 0)
                record.event = .motion(time: time, id: id, x: WLFixed(x.doubleValue + origin.x),
                                       y: WLFixed(y.doubleValue + origin.y))
            default:
                break
            }
            return .record(record)
        }
    }

    /// A statement without the `t=`/`serial=` options the writer adds.
    private static func bare(_ text: String) -> String {
        text.split(separator: " ").filter { !$0.hasPrefix("t=") && !$0.hasPrefix("serial=") }.joined(separator: " ")
    }
}
