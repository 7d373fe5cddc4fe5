import Foundation

// MARK: - Our own form of a recorded device

/// A recording as the JSON document `gesture-sandbox import` writes and the guest's replay
/// program reads (docs/kernel-lane.md, "Recorded devices"): the device (name, ids, properties,
/// codes, absinfo as `[min, max, fuzz, flat, resolution]`, HID report descriptor) and what it sent,
/// one event `[sec, usec, type, code, value]` or report `[sec, usec, [bytes]]` per line.
public enum RecordingJSON {
    /// The `format` value.
    public static let format = "gesture-sandbox-recording"
    /// The `version` value.
    public static let version = 1

    /// The document's text.
    public static func text(_ recording: Recording) -> String {
        func list(_ values: [Int]) -> String { "[" + values.map(String.init).joined(separator: ", ") + "]" }
        var lines = [
            "{",
            "  \"format\": \"\(format)\",",
            "  \"version\": \(version),",
            "  \"source\": \"\(recording.source.rawValue)\",",
            "  \"name\": \(quoted(recording.name)),",
            "  \"id\": {\"bustype\": \(recording.bustype), \"vendor\": \(recording.vendor), \"product\": \(recording.product), \"version\": \(recording.version)},",
            "  \"properties\": \(list(recording.properties)),",
            "  \"codes\": {" + recording.codes.keys.sorted().map { "\"\($0)\": \(list(recording.codes[$0]!))" }.joined(separator: ", ") + "},",
            "  \"absinfo\": {" + recording.absinfo.keys.sorted().map { code in
                let axis = recording.absinfo[code]!
                return "\"\(code)\": \(list([axis.minimum, axis.maximum, axis.fuzz, axis.flat, axis.resolution]))"
            }.joined(separator: ", ") + "},",
            "  \"descriptor\": \(list(recording.descriptor.map(Int.init))),",
        ]
        lines.append("  \"events\": [")
        lines += recording.events.enumerated().map { index, event in
            "    " + list([event.seconds, event.microseconds, event.type, event.code, event.value])
                + (index == recording.events.count - 1 ? "" : ",")
        }
        lines.append("  ],")
        lines.append("  \"reports\": [")
        lines += recording.reports.enumerated().map { index, report in
            "    [\(report.seconds), \(report.microseconds), \(list(report.bytes.map(Int.init)))]"
                + (index == recording.reports.count - 1 ? "" : ",")
        }
        lines.append("  ]")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A JSON string literal.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
