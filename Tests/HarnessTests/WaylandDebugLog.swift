import Foundation
import SandboxHarness

/// One incoming event from a client's WAYLAND_DEBUG=1 output, e.g.
/// `[1234.567] wl_touch@7.down(12, 3456, wl_surface@3, 0, 10.000000, 20.000000)`.
struct DebugEvent: Equatable, CustomStringConvertible {
    var interface: String
    var objectID: Int
    var name: String
    var arguments: [String]

    var description: String { "\(interface)@\(objectID).\(name)(\(arguments.joined(separator: ", ")))" }

    /// Parses an incoming-event line; requests (` -> `) and other output give nil.
    init?(line: Substring) {
        guard line.hasPrefix("["), !line.contains(" -> "),
              let close = line.firstIndex(of: "]") else { return nil }
        let body = line[line.index(after: close)...].trimmingCharacters(in: .whitespaces)
        guard let at = body.firstIndex(of: "@"), let dot = body[at...].firstIndex(of: "."),
              let open = body[dot...].firstIndex(of: "("), body.hasSuffix(")"),
              let id = Int(body[body.index(after: at)..<dot]) else { return nil }
        interface = String(body[..<at])
        objectID = id
        name = String(body[body.index(after: dot)..<open])
        let inner = body[body.index(after: open)..<body.index(before: body.endIndex)]
        arguments = inner.isEmpty ? [] : inner.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
}

/// Reads a client's WAYLAND_DEBUG log while the client runs.
struct WaylandDebugLog {
    let process: ChildProcess

    /// Every incoming event logged so far.
    func events() -> [DebugEvent] {
        process.output().split(whereSeparator: \.isNewline).compactMap(DebugEvent.init(line:))
    }

    /// Incoming events of one interface, as `name(args)` strings.
    func calls(on interface: String) -> [String] {
        events().filter { $0.interface == interface }.map { "\($0.name)(\($0.arguments.joined(separator: ", ")))" }
    }

    /// wl_touch events without their serial and time arguments, which weston chooses:
    /// `down(surface, id, x, y)`, `up(id)`, `motion(id, x, y)`, `frame()`, `cancel()`.
    func touchEvents() -> [String] {
        events().filter { $0.interface == "wl_touch" }.map { event in
            let dropped = ["down": 2, "up": 2, "motion": 1][event.name] ?? 0
            return "\(event.name)(\(event.arguments.dropFirst(dropped).joined(separator: ", ")))"
        }
    }

    /// wl_pointer / wl_keyboard motion, button, key and frame events without serial and time.
    func inputEvents(_ interface: String) -> [String] {
        let timeArguments = ["motion": 1, "button": 2, "key": 2, "frame": 0]
        return events().filter { $0.interface == interface }.compactMap { event in
            guard let dropped = timeArguments[event.name] else { return nil }
            return "\(event.name)(\(event.arguments.dropFirst(dropped).joined(separator: ", ")))"
        }
    }

    /// How many times the client sent `request` on an `interface` object (` -> ` lines).
    func requestCount(_ interface: String, _ request: String) -> Int {
        process.output().split(whereSeparator: \.isNewline)
            .filter { $0.contains(" -> \(interface)@") && $0.contains(".\(request)(") }.count
    }

    /// Polls until `predicate` holds over the log's events, up to `timeout` seconds.
    @discardableResult
    func waitUntil(timeout: Double = 5, _ predicate: (WaylandDebugLog) -> Bool) -> Bool {
        let deadline = MonotonicClock.now() + timeout
        while !predicate(self) {
            if MonotonicClock.now() >= deadline || !process.isRunning { return predicate(self) }
            usleep(2_000)
        }
        return true
    }
}
