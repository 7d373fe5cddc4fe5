import Foundation
import SandboxHarness

/// What a client's own WAYLAND_DEBUG=client log says about its window: its main surface, where
/// the pointer last was on which surface, and the size of what it last drew.
///
/// Compositors that tell other clients nothing about windows (Mir, Enlightenment) are read this
/// way: the pointer's surface-local position, at a known global position, gives the surface's origin.
enum ClientDebugLog {
    /// The window's main surface (`wl_surface@N`): the one its last xdg_surface was made for
    /// (ours replaces an undrawn plain window with a decorated one on a new surface when the
    /// compositor offers no xdg-decoration), else the client's first surface.
    static func mainSurface(in log: String) -> String? {
        if let range = log.range(of: ".get_xdg_surface(new id ", options: .backwards),
           let comma = log[range.upperBound...].firstIndex(of: ",") {
            let surface = log[log.index(after: comma)...].drop { $0 == " " }.prefix { $0 != ")" }
            if surface.hasPrefix("wl_surface@") { return String(surface) }
        }
        guard let range = log.range(of: ".create_surface(new id ") else { return nil }
        let rest = log[range.upperBound...]
        return String(rest.prefix { $0 != ")" })
    }

    /// Every pointer position the client was told, with the surface it was on, in order.
    struct PointerPositions: LogScan {
        private(set) var all: [(surface: String, x: Double, y: Double)] = []
        /// The surface each pointer is on.
        private var entered: [String: String] = [:]

        mutating func consume(_ line: Substring) {
            guard !line.contains("->"), line.contains("wl_pointer@"), let start = line.range(of: "wl_pointer@"),
                  let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")") else { return }
            let object = String(line[start.lowerBound...].prefix { $0 != "." })
            let fields = line[line.index(after: open)..<close].split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            if line.contains(".enter("), fields.count == 4, let x = Double(fields[2]), let y = Double(fields[3]) {
                entered[object] = fields[1]
                all.append((fields[1], x, y))
            } else if line.contains(".motion("), fields.count == 3, let surface = entered[object],
                      let x = Double(fields[1]), let y = Double(fields[2]) {
                all.append((surface, x, y))
            } else if line.contains(".leave(") {
                entered[object] = nil
            }
        }
    }

    /// Where `surface` sits relative to its parent, when it is a subsurface (its last
    /// `wl_subsurface.set_position`; (0, 0) before any).
    static func subsurfaceOffset(of surface: String, in log: String) -> (x: Double, y: Double)? {
        var role: String?
        var offset = (x: 0.0, y: 0.0)
        for line in log.split(separator: "\n") where line.contains("-> ") {
            // "-> wl_subcompositor@17.get_subsurface(new id wl_subsurface@24, wl_surface@23, wl_surface@3)"
            if let values = arguments(line, request: "get_subsurface"), values.count == 3, values[1] == surface {
                role = values[0].replacingOccurrences(of: "new id ", with: "")
                offset = (0, 0)
            } else if let role, line.contains("-> \(role).set_position("),
                      let values = arguments(line, request: "set_position"), values.count == 2,
                      let x = Double(values[0]), let y = Double(values[1]) {
                offset = (x, y)
            }
        }
        return role == nil ? nil : offset
    }

    /// The logical size of the last full-buffer damage on `surface` (our client damages its
    /// whole buffer each frame), divided by the buffer scale it set.
    static func drawnSize(of surface: String, in log: String) -> (width: Double, height: Double)? {
        var scale = 1.0
        var size: (width: Double, height: Double)?
        for line in log.split(separator: "\n") where line.contains("-> \(surface).") {
            if let value = arguments(line, request: "set_buffer_scale"), let factor = Double(value.first ?? "") {
                scale = factor
            } else if let values = arguments(line, request: "damage_buffer"), values.count == 4,
                      values[0] == "0", values[1] == "0", let w = Double(values[2]), let h = Double(values[3]) {
                size = (w / scale, h / scale)
            }
        }
        return size
    }

    private static func arguments(_ line: Substring, request: String) -> [String]? {
        guard let open = line.range(of: ".\(request)("), let close = line.lastIndex(of: ")") else { return nil }
        return line[open.upperBound..<close].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
