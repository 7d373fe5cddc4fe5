// MARK: - Writer

/// Writes script items in the compact form, one frame per line, with `t=` and `serial=`
/// only where the implicit rules (``CompactTrace``) would give a different value.
struct CompactWriter {
    var cursor = ScriptCursor()
    private var output = ""
    private var lineHasStatement = false

    mutating func append(_ item: ScriptItem) {
        switch item {
        case .sleep(let milliseconds):
            statement("sleep \(milliseconds)")
            cursor.sleep(milliseconds)
            endLine()
        case .record(let record):
            append(record)
        }
    }

    mutating func finish() -> String {
        endLine()
        return output
    }

    private mutating func append(_ record: RawRecord) {
        let event = record.event
        if case .surface(let surfaceEvent) = event {
            // Each on a line of its own: they belong to no frame.
            endLine()
            statement(Self.words(surfaceEvent, cursor: &cursor).joined(separator: " "))
            return endLine()
        }
        var words = [event.name]
        switch event {
        case .down(_, _, _, let id, let x, let y), .motion(_, let id, let x, let y):
            words += [String(id), x.description, y.description]
        case .up(_, _, let id):
            words.append(String(id))
        case .frame, .cancel, .flush:
            break
        case .shape(let id, let major, let minor):
            words += [String(id), major.description, minor.description]
        case .orientation(let id, let degrees):
            words += [String(id), degrees.description]
        case .capabilities(let touch):
            words.append(touch ? "touch" : "none")
        case .surface:
            preconditionFailure("surface records are written above")
        }
        if let time = event.time, time != cursor.time {
            words.append("t=\(time)")
            cursor.time = time
        }
        if let serial = Self.serial(of: event) {
            if serial != cursor.nextSerial { words.append("serial=\(serial)") }
            cursor.lastSerial = serial
        }
        if case .down(_, _, let surface?, _, _, _) = event {
            words.append("surface=\(SurfaceName.escape(surface))")
        }
        if let hires = record.hiResTimeNanoseconds { words.append("hires=\(hires)") }
        if record.isEmulated { words.append("emulated=true") }
        if record.isControl { words.append("control=true") }
        statement(words.joined(separator: " "))
        cursor.advance(after: event)
        switch event {
        case .frame, .cancel, .capabilities, .flush: endLine()
        default: break
        }
    }

    private static func serial(of event: RawEvent) -> UInt32? {
        switch event {
        case .down(let serial, _, _, _, _, _), .up(let serial, _, _): serial
        default: nil
        }
    }

    private mutating func statement(_ text: String) {
        if lineHasStatement { output += "; " }
        output += text
        lineHasStatement = true
    }

    private mutating func endLine() {
        if lineHasStatement { output += "\n" }
        lineHasStatement = false
    }
}
