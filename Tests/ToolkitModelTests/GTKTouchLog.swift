import ToolkitOracles
import TouchKit
import TouchStream

/// The wl_touch part of a WAYLAND_DEBUG log a GTK oracle received, written line by line, and what a GTK model makes
/// of it: imported and assembled into frames as the runner does, every frame fed, then the timers run out.
enum GTKTouchLog {
    static func gestures(_ lines: [String], model: some ToolkitModel) throws -> [ToolkitGesture] {
        var model = model
        let log = (["[1589384.422]  -> wl_seat@13.get_touch(new id wl_touch@17)"] + lines).joined(separator: "\n")
        let imported = try WaylandDebugImporter.importLog(log, name: "gtk.log")
        var out: [ToolkitGesture] = []
        var last = 0.0
        for case .frame(let frame) in ReplayAssembler.assemble(imported.records.map { .record($0) }) {
            out += model.feed(frame)
            last = frame.timestamp
        }
        return out + model.advance(to: last + 3)
    }

    static func down(_ serial: Int, _ time: Int, _ id: Int, _ x: Double, _ y: Double) -> String {
        "[0.0] wl_touch@17.down(\(serial), \(time), wl_surface@18, \(id), \(fixed(x)), \(fixed(y)))"
    }
    static func motion(_ time: Int, _ id: Int, _ x: Double, _ y: Double) -> String {
        "[0.0] wl_touch@17.motion(\(time), \(id), \(fixed(x)), \(fixed(y)))"
    }
    static func up(_ serial: Int, _ time: Int, _ id: Int) -> String { "[0.0] wl_touch@17.up(\(serial), \(time), \(id))" }
    static let frame = "[0.0] wl_touch@17.frame()"
    static let cancel = "[0.0] wl_touch@17.cancel()"

    /// libwayland prints a wl_fixed with 8 decimals.
    private static func fixed(_ value: Double) -> String {
        let steps = (value * 256).rounded(.towardZero) / 256
        let whole = Int(steps.rounded(.towardZero))
        let fraction = Int(((steps - Double(whole)) * 100_000_000).rounded())
        let digits = String(abs(fraction))
        return "\(whole).\(String(repeating: "0", count: 8 - digits.count))\(digits)"
    }

    static func taps(_ gestures: [ToolkitGesture]) -> [String] {
        gestures.filter { $0.kind == .tap }.map { "\($0.count ?? 0)@\(Int($0.time))" }
    }

    static func kinds(_ gestures: [ToolkitGesture], _ recognizer: String) -> [String] {
        gestures.filter { $0.recognizer == recognizer }.map { "\($0.kind.rawValue)@\(Int($0.time))" }
    }
}
