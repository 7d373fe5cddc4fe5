// MARK: - Typed arguments of a WAYLAND_DEBUG line

/// Reads a message's printed arguments as the wayland.xml types libwayland printed them from,
/// failing with the argument's location.
struct ArgumentReader {
    let line: WaylandDebugLine
    let file: String
    let lineNumber: Int

    /// Fails unless the message has exactly `count` arguments.
    func expectCount(_ count: Int) throws(TraceError) {
        let found = line.arguments.count
        guard found != count else { return }
        let column = found > count ? line.arguments[count].column : line.endColumn
        throw error(column, "wl_touch.\(line.message) takes \(count) argument\(count == 1 ? "" : "s"), found \(found)")
    }

    /// A `uint` argument (`%u`).
    func uint(_ index: Int) throws(TraceError) -> UInt32 {
        let argument = try self.argument(index)
        guard let value = UInt32(argument.text) else {
            throw error(argument.column, "expected an unsigned integer, found \"\(Quoted.text(argument.text))\"")
        }
        return value
    }

    /// An `int` argument (`%d`).
    func int(_ index: Int) throws(TraceError) -> Int32 {
        let argument = try self.argument(index)
        guard let value = Int32(argument.text) else {
            throw error(argument.column, "expected an integer, found \"\(Quoted.text(argument.text))\"")
        }
        return value
    }

    /// A `fixed` argument (`%f` of the exact value), back to wl_fixed.
    func fixed(_ index: Int) throws(TraceError) -> WLFixed {
        let argument = try self.argument(index)
        guard Self.isDecimal(argument.text), let value = Double(argument.text) else {
            throw error(argument.column, "expected a fixed-point number, found \"\(Quoted.text(argument.text))\"")
        }
        guard value * 256 >= Double(Int32.min), value * 256 <= Double(Int32.max) else {
            throw error(argument.column, "\(Quoted.text(argument.text)) is outside wl_fixed's range")
        }
        return WLFixed(value)
    }

    /// An object argument: `wl_surface@3` as that name, `nil` as nil.
    func object(_ index: Int) throws(TraceError) -> String? {
        let argument = try self.argument(index)
        if argument.text == "nil" { return nil }
        guard objectID(index) != nil else {
            throw error(argument.column, "expected an object (interface@id or nil), found \"\(Quoted.text(argument.text))\"")
        }
        // One spelling whatever the libwayland: `wl_surface#3` (1.23 and later) is written `wl_surface@3`,
        // as traces and the compact form (where `#` starts a comment) name objects.
        var text = String(argument.text)
        if let hash = text.lastIndex(of: "#"), !text.contains("@") { text.replaceSubrange(hash...hash, with: "@") }
        return text
    }

    /// A `"string"` argument.
    func string(_ index: Int) throws(TraceError) -> String {
        let argument = try self.argument(index)
        guard argument.text.count >= 2, argument.text.first == "\"", argument.text.last == "\"" else {
            throw error(argument.column, "expected a quoted string, found \"\(Quoted.text(argument.text))\"")
        }
        return String(argument.text.dropFirst().dropLast())
    }

    /// The id of a `new id interface@N` (or `new id [unknown]@N`) argument.
    func newID(_ index: Int) -> Int? {
        guard index < line.arguments.count, line.arguments[index].text.hasPrefix("new id ") else { return nil }
        return objectID(index)
    }

    /// The N of an `interface@N` (libwayland ≥ 1.23: `interface#N`) argument.
    func objectID(_ index: Int) -> Int? {
        guard index < line.arguments.count,
              let at = line.arguments[index].text.lastIndex(where: { $0 == "@" || $0 == "#" }) else { return nil }
        let text = line.arguments[index].text
        guard text[..<at].last.map({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "]" }) == true else { return nil }
        return Int(text[text.index(after: at)...])
    }

    private func argument(_ index: Int) throws(TraceError) -> WaylandDebugLine.Argument {
        guard index < line.arguments.count else { throw error(line.endColumn, "missing argument \(index + 1)") }
        return line.arguments[index]
    }

    private func error(_ column: Int, _ message: String) -> TraceError {
        TraceError(file: file, line: lineNumber, column: column, message: message)
    }

    /// `-?digits(.digits)?`: what `%f` prints (no exponent, no inf/nan).
    private static func isDecimal(_ text: Substring) -> Bool {
        var body = text[...]
        if body.first == "-" { body = body.dropFirst() }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return false }
        return true
    }
}
