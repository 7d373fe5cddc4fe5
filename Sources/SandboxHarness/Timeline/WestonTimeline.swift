import Foundation

// MARK: - weston's timeline debug scope

/// One output repaint as weston's `timeline` debug scope reports it (weston --debug, read with
/// `weston-debug timeline`): `core_repaint_begin` when weston starts composing the output and
/// `core_repaint_posted` when the composed frame went to the backend. A client commit that
/// weston handled before `begin` is in this repaint; `posted` is when it is on screen in the
/// headless backend (which has no scanout delay).
public struct WestonRepaint: Hashable, Sendable {
    /// CLOCK_MONOTONIC seconds of core_repaint_begin.
    public var begin: Double
    /// CLOCK_MONOTONIC seconds of core_repaint_posted.
    public var posted: Double

    /// Creates a repaint.
    public init(begin: Double, posted: Double) {
        self.begin = begin
        self.posted = posted
    }
}

/// Parses the text `weston-debug timeline` prints: one JSON object per line, either an object
/// description (`{"id":…}`) or a time point (`{"T":[sec, nsec], "N":"name", …}`).
public enum WestonTimeline {
    /// The repaints in `text`, oldest first; a begin without its posted (the run ended) is left out.
    public static func repaints(in text: String) -> [WestonRepaint] {
        var result: [WestonRepaint] = []
        var openBegin: Double?
        for line in text.split(whereSeparator: \.isNewline) {
            guard let (name, time) = point(line) else { continue }
            switch name {
            case "core_repaint_begin": openBegin = time
            case "core_repaint_posted":
                if let begin = openBegin { result.append(WestonRepaint(begin: begin, posted: time)) }
                openBegin = nil
            default: break
            }
        }
        return result
    }

    /// The name and time of a time-point line; nil for other lines.
    static func point(_ line: Substring) -> (String, Double)? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let name = object["N"] as? String, let stamp = object["T"] as? [NSNumber], stamp.count == 2 else {
            return nil
        }
        return (name, stamp[0].doubleValue + stamp[1].doubleValue / 1e9)
    }
}
