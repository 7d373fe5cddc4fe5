import Foundation

// MARK: - Reading a recording of any of the three formats

/// Reads a device recording: `libinput record` YAML, an `evemu-record` file or a `hid-recorder`
/// file, told apart by their first lines. Every problem is one line naming FILE:LINE (exit status 1).
public enum RecordingImport {
    /// The recording in `text`; `name` is the file's name for errors.
    public static func read(_ text: String, name: String) throws -> Recording {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        guard let first = lines.firstIndex(where: { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return !trimmed.isEmpty && !trimmed.hasPrefix("#")
        }) else {
            throw error(name, 1, "empty: not a libinput record, evemu or hid-recorder file")
        }
        let line = lines[first]
        if line.hasPrefix("version:") || line.hasPrefix("ndevices:") || line.hasPrefix("libinput:") || line.hasPrefix("devices:") {
            return try LibinputRecordReader.read(lines, name: name)
        }
        if line.hasPrefix("R:") || line.hasPrefix("D:") {
            return try HIDRecorderReader.read(lines, name: name)
        }
        if line.hasPrefix("N:") || line.hasPrefix("I:") {
            // Both tools begin with N:; only hid-recorder has a report descriptor (R:).
            let isHID = lines.contains { $0.hasPrefix("R:") }
            return isHID ? try HIDRecorderReader.read(lines, name: name) : try EvemuReader.read(lines, name: name)
        }
        throw error(name, first + 1, "not a libinput record, evemu or hid-recorder file (it begins with \"\(line.prefix(30))\")")
    }

    /// Reads the file at `path` (its errors name `path`).
    public static func read(path: String) throws -> Recording {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw KernelLaneError("\(path): cannot read the recording", status: 1)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw error(path, 1, "not UTF-8 text: not a libinput record, evemu or hid-recorder file")
        }
        return try read(text, name: path)
    }

    /// `FILE:LINE: message`, exit status 1.
    static func error(_ name: String, _ line: Int, _ message: String) -> KernelLaneError {
        KernelLaneError("\(name):\(line): \(message)", status: 1)
    }

    /// `sec.usec` with six digits of microseconds, as evemu and hid-recorder print them.
    static func time(_ word: Substring) -> (seconds: Int, microseconds: Int)? {
        let parts = word.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 6, let seconds = Int(parts[0]), let microseconds = Int(parts[1]),
              seconds >= 0, microseconds >= 0 else { return nil }
        return (seconds, microseconds)
    }

    /// Every absolute axis the device declares has its range, and every range belongs to a declared axis.
    static func checkAxes(_ device: Recording, name: String, line: Int) throws {
        let declared = Set(device.codes[EvdevNames.abs] ?? [])
        if let missing = declared.sorted().first(where: { device.absinfo[$0] == nil }) {
            throw error(name, line, "the device declares \(EvdevNames.code(EvdevNames.abs, missing)) but gives no range for it")
        }
        if let stray = device.absinfo.keys.sorted().first(where: { !declared.contains($0) }) {
            throw error(name, line, "a range for \(EvdevNames.code(EvdevNames.abs, stray)), which the device does not declare")
        }
    }
}
