// MARK: - hid-recorder files

/// Reads a `hid-recorder` file (hid-tools): `R: LENGTH BYTES…` the report descriptor (hex; its
/// bytes may go on over the following lines), `N:` name, `P:` physical path, `I: BUS VENDOR
/// PRODUCT` (hex), then `E: sec.usec LENGTH BYTES…` input reports. `#` lines are hid-recorder's
/// decoding and are skipped. One device per file (`D: 0` only).
enum HIDRecorderReader {
    static func read(_ lines: [Substring], name: String) throws -> Recording {
        var descriptor: [UInt8]?, descriptorLength = 0, descriptorLine = 0
        var deviceName: String?, ids: [Int]?
        var reports: [HIDReport] = []
        var parsed: HIDDescriptor?
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            func fail(_ message: String) -> KernelLaneError { RecordingImport.error(name, number, message) }
            let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" })
            // Continuation of a long R: line.
            if let bytes = descriptor, bytes.count < descriptorLength, !trimmed.contains(":") {
                let more = words.compactMap { UInt8($0, radix: 16) }
                guard more.count == words.count else { throw fail("R: the descriptor's bytes go on in hex") }
                descriptor = bytes + more
                continue
            }
            if let bytes = descriptor, bytes.count != descriptorLength {
                throw RecordingImport.error(name, descriptorLine, "R: says \(descriptorLength) bytes but gives \(bytes.count)")
            }
            switch words[0] {
            case "D:":
                guard words.count == 2, words[1] == "0" else { throw fail("D: \(words.dropFirst().joined(separator: " ")): a recording of several devices; import reads one") }
            case "R:":
                guard descriptor == nil else { throw fail("a second R: line (one device per file)") }
                guard words.count >= 2, let length = Int(words[1]), length > 0 else { throw fail("R: wants the descriptor's length, then its bytes in hex") }
                let bytes = words.dropFirst(2).compactMap { UInt8($0, radix: 16) }
                guard bytes.count == words.count - 2 else { throw fail("R: the descriptor's bytes are hex") }
                descriptor = bytes
                descriptorLength = length
                descriptorLine = number
                if bytes.count > length { throw fail("R: says \(length) bytes but gives \(bytes.count)") }
            case "N:":
                deviceName = trimmed.dropFirst(2).trimmingCharacters(in: .whitespaces)
            case "P:":
                break
            case "I:":
                let values = words.dropFirst().compactMap { Int($0, radix: 16) }
                guard words.count == 4, values.count == 3 else { throw fail("I: wants bus, vendor and product in hex") }
                ids = values
            case "E:":
                guard let bytes = descriptor else { throw fail("E: before the R: descriptor") }
                if parsed == nil {
                    do {
                        parsed = try HIDDescriptor.parse(bytes)
                    } catch {
                        throw RecordingImport.error(name, descriptorLine, "R: the report descriptor is malformed: \(error)")
                    }
                }
                guard words.count >= 3, let time = RecordingImport.time(words[1]), let length = Int(words[2]), length > 0 else {
                    throw fail("E: wants sec.usec, the report's length, then its bytes in hex")
                }
                let report = words.dropFirst(3).compactMap { UInt8($0, radix: 16) }
                guard report.count == words.count - 3 else { throw fail("E: the report's bytes are hex") }
                guard report.count == length else { throw fail("E: says \(length) bytes but gives \(report.count)") }
                let id = parsed!.numbered ? report[0] : 0
                guard let expected = parsed!.inputReportBytes[id] else {
                    throw fail("E: report id \(id) is no input report of the descriptor")
                }
                guard report.count >= expected + (parsed!.numbered ? 1 : 0) else {
                    throw fail("E: report \(id) has \(report.count) bytes; the descriptor makes it \(expected + (parsed!.numbered ? 1 : 0))")
                }
                reports.append(HIDReport(seconds: time.seconds, microseconds: time.microseconds, bytes: report))
            default:
                throw fail("not a hid-recorder line: \(trimmed.prefix(40))")
            }
        }
        guard let bytes = descriptor else { throw RecordingImport.error(name, lines.count, "no R: report descriptor") }
        if bytes.count != descriptorLength {
            throw RecordingImport.error(name, descriptorLine, "R: says \(descriptorLength) bytes but gives \(bytes.count)")
        }
        if parsed == nil {
            do { _ = try HIDDescriptor.parse(bytes) } catch {
                throw RecordingImport.error(name, descriptorLine, "R: the report descriptor is malformed: \(error)")
            }
        }
        guard let deviceName else { throw RecordingImport.error(name, lines.count, "no N: line naming the device") }
        guard let ids else { throw RecordingImport.error(name, lines.count, "no I: line with the device's bus, vendor and product") }
        var recording = Recording(source: .hidRecorder, name: deviceName, bustype: ids[0], vendor: ids[1], product: ids[2], version: 0)
        recording.descriptor = bytes
        recording.reports = reports
        return recording
    }
}
