// MARK: - A small located JSON tree (for the header line)

/// A JSON value with the 1-based byte column where it starts, so header problems can be located.
///
/// Numbers keep their source text: the header's fields are integers or decimals within documented
/// ranges, and the text lets a message quote exactly what was written (`1.5`, `1e400`).
indirect enum JSONValue {
    case object([(key: String, keyColumn: Int, value: JSONValue)], column: Int)
    case array([JSONValue], column: Int)
    case string(String, column: Int)
    case number(String, column: Int)
    case bool(Bool, column: Int)
    case null(column: Int)

    var column: Int {
        switch self {
        case .object(_, let column), .array(_, let column), .string(_, let column), .number(_, let column),
             .bool(_, let column), .null(let column):
            column
        }
    }

    /// What kind of value this is, for messages.
    var typeName: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// Parses one JSON text (RFC 8259, nesting limited) into a ``JSONValue``.
struct JSONValueParser {
    /// Deeper nesting is refused rather than risking the stack.
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var i = 0

    init(_ bytes: some Collection<UInt8>) { self.bytes = Array(bytes) }

    /// The whole text as one value; trailing non-space text is an error.
    mutating func parseDocument() throws(LineError) -> JSONValue {
        skipSpace()
        let value = try parseValue(depth: 0)
        skipSpace()
        guard i == bytes.count else { throw LineError(column: i + 1, message: "unexpected text after the JSON object") }
        return value
    }

    private mutating func parseValue(depth: Int) throws(LineError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw LineError(column: i + 1, message: "nested too deeply") }
        guard i < bytes.count else { throw LineError(column: i + 1, message: "expected a value (line ends early)") }
        let column = i + 1
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var members: [(key: String, keyColumn: Int, value: JSONValue)] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members, column: column) }
            while true {
                skipSpace()
                let keyColumn = i + 1
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                    throw LineError(column: keyColumn, message: "expected a key string")
                }
                let key = try parseString()
                skipSpace()
                try expect(UInt8(ascii: ":"), "expected ':' after the key")
                skipSpace()
                members.append((key, keyColumn, try parseValue(depth: depth + 1)))
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                try expect(UInt8(ascii: "}"), "expected ',' or '}'")
                return .object(members, column: column)
            }
        case UInt8(ascii: "["):
            i += 1
            var elements: [JSONValue] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(elements, column: column) }
            while true {
                skipSpace()
                elements.append(try parseValue(depth: depth + 1))
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                try expect(UInt8(ascii: "]"), "expected ',' or ']'")
                return .array(elements, column: column)
            }
        case UInt8(ascii: "\""):
            return .string(try parseString(), column: column)
        case UInt8(ascii: "t") where literal("true"): return .bool(true, column: column)
        case UInt8(ascii: "f") where literal("false"): return .bool(false, column: column)
        case UInt8(ascii: "n") where literal("null"): return .null(column: column)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try parseNumber(), column: column)
        default:
            throw LineError(column: column, message: "expected a value, found '\(Quoted.text(bytes[i...].prefix(12)))'")
        }
    }

    /// A string starting at its opening quote; reuses the record parser's escape rules.
    private mutating func parseString() throws(LineError) -> String {
        let start = i
        i += 1
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
            guard bytes[i] >= 0x20 else { throw LineError(column: i + 1, message: "control character in string") }
            i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard i < bytes.count else { throw LineError(column: start + 1, message: "unterminated string") }
        i += 1
        let literal = bytes[start..<i]
        var failure: LineError?
        let text = literal.withUnsafeBufferPointer { buffer -> String in
            var parser = RecordLineParser()
            parser.bytes = buffer
            do throws(LineError) {
                return try parser.readSurface() ?? ""
            } catch {
                failure = LineError(column: start + error.column, message: error.message)
                return ""
            }
        }
        if let failure { throw failure }
        return text
    }

    private mutating func parseNumber() throws(LineError) -> String {
        let start = i
        let end = bytes.withUnsafeBufferPointer { buffer -> Int? in
            var parser = RecordLineParser()
            parser.bytes = buffer
            parser.i = start
            do {
                try parser.skipNumber(.x)
                return parser.i
            } catch {
                return nil
            }
        }
        guard let end else { throw LineError(column: start + 1, message: "malformed number") }
        i = end
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - i >= count else { return false }
        for k in 0..<count where bytes[i + k] != word.utf8Start[k] { return false }
        i += count
        return true
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t")
            || bytes[i] == UInt8(ascii: "\r") || bytes[i] == UInt8(ascii: "\n") {
            i += 1
        }
    }

    private mutating func expect(_ byte: UInt8, _ message: String) throws(LineError) {
        guard i < bytes.count, bytes[i] == byte else {
            throw LineError(column: i + 1, message: i < bytes.count ? message : message + " (line ends early)")
        }
        i += 1
    }
}
