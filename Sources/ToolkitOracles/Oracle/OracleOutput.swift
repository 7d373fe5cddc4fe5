import Foundation
import TouchKit

// MARK: - What an oracle prints

/// The oracle's first line: its window can take input.
public struct OracleReady: Hashable, Sendable, Codable {
    /// The toolkit's name (`gtk`).
    public var toolkit: String
    /// The toolkit's own version (`4.8.3`).
    public var version: String
    /// The window's size in logical px.
    public var width: Double?
    public var height: Double?
    /// Where the page's origin is in output coordinates (Chromium), when the page can tell.
    public var offsetX: Double?
    public var offsetY: Double?
}

/// A gesture line as an oracle writes it: a ``ToolkitGesture`` whose time may be missing, with the
/// 1-based index among touch-downs and ups of the event that caused it instead (Chromium's page
/// cannot see wl_touch times), or the wall-clock time it got that event (Firefox's).
struct OracleGestureLine: Decodable {
    var kind: ToolkitGesture.Kind
    var time: Double?
    var seq: Int?
    var recognizer: String
    var count: Int?
    var x: Double?, y: Double?
    var scale: Double?, angle: Double?
    var vx: Double?, vy: Double?
    var finger: Int?, fingers: Int?
    var dx: Double?, dy: Double?
    var pressure: Double?, distance: Double?
    /// When the toolkit got the cause (ms since the Unix epoch) and which wl_touch event it was
    /// (`down`, `up`, `any`): Firefox's page names its cause so (WallClockEdges).
    var wall: Double?, edge: String?
}

/// Reads an oracle's output: the ready line, gesture lines, and Chromium's console wrapping.
enum OracleOutput {
    /// The text of each line on `channel`: lines as they are, Chromium console lines unwrapped.
    static func messages(_ text: String, channel: ToolkitOracle.GestureChannel) -> [String] {
        let lines = text.split(whereSeparator: \.isNewline).map(String.init)
        switch channel {
        case .jsonLines:
            return lines
        case .chromiumConsole:
            return lines.compactMap(unwrapConsole)
        }
    }

    /// `[…:INFO:CONSOLE(12)] "TEXT", source: file:///…/oracle.html (12)` → TEXT (JSON string escapes
    /// undone as Chromium applies none: the text is between the first `] "` and the last `", source:`).
    static func unwrapConsole(_ line: String) -> String? {
        guard line.contains(":CONSOLE"), let open = line.range(of: "] \""),
              let close = line.range(of: "\", source:", options: .backwards), open.upperBound <= close.lowerBound
        else { return nil }
        return String(line[open.upperBound..<close.lowerBound])
    }

    /// The ready line among `messages`, if it came.
    static func ready(in messages: [String]) -> OracleReady? {
        for message in messages where message.hasPrefix("{") && message.contains("\"ready\"") {
            if let ready = try? JSONDecoder().decode(OracleReady.self, from: Data(message.utf8)) { return ready }
        }
        return nil
    }

    /// The gesture lines among `messages`, in order; a `{` line that is no gesture and no ready line
    /// is counted in `malformed`.
    static func gestures(in messages: [String]) -> (gestures: [OracleGestureLine], malformed: [String]) {
        var gestures: [OracleGestureLine] = [], malformed: [String] = []
        let decoder = JSONDecoder()
        for message in messages where message.hasPrefix("{") {
            if message.contains("\"ready\"") { continue }
            if let line = try? decoder.decode(OracleGestureLine.self, from: Data(message.utf8)) {
                gestures.append(line)
            } else {
                malformed.append(message)
            }
        }
        return (gestures, malformed)
    }
}
