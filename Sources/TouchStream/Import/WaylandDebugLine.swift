// MARK: - One line of WAYLAND_DEBUG=1 output

/// A message line libwayland prints with WAYLAND_DEBUG=1, split into its parts.
///
/// libwayland writes `[MS.µS] ` then, for requests, ` -> `; newer versions put `{queue name} `
/// before the message and `discarded ` before events for destroyed objects. The message is
/// `interface@id.name(arg, arg, …)`; libwayland 1.23 and later (Chromium bundles one) stamp
/// `[HH:MM:SS.µS]` and write `interface#id`, in the message and in object arguments alike. Columns are 1-based UTF-8 byte offsets into the line.
struct WaylandDebugLine {
    /// One printed argument and where it starts.
    struct Argument {
        var text: Substring
        var column: Int
    }

    /// True for requests (` -> `), false for events.
    var isRequest: Bool
    /// True for events libwayland dropped because their object was already destroyed.
    var isDiscarded: Bool
    var interface: Substring
    var objectID: Int
    var message: Substring
    /// Column of the message name.
    var messageColumn: Int
    var arguments: [Argument]
    /// Column of the closing parenthesis (where a missing argument is reported).
    var endColumn: Int

    /// Splits `line`; nil when it is not a message line at all (program output, blank lines).
    init?(_ line: Substring) {
        let bytes = Array(line.utf8)
        var cursor = ByteCursor(bytes: bytes)
        guard cursor.take(UInt8(ascii: "[")), cursor.skip(until: UInt8(ascii: "]")), cursor.take(UInt8(ascii: "]"))
        else { return nil }
        cursor.skipSpaces()
        if cursor.peek == UInt8(ascii: "{") {
            guard cursor.skip(until: UInt8(ascii: "}")), cursor.take(UInt8(ascii: "}")) else { return nil }
            cursor.skipSpaces()
        }
        isRequest = cursor.take(word: "->")
        cursor.skipSpaces()
        isDiscarded = cursor.take(word: "discarded ")
        cursor.skipSpaces()
        let interfaceStart = cursor.offset
        cursor.skip { Self.isIdentifier($0) }
        // libwayland ≥ 1.23 (Chromium's bundled copy) writes `interface#id`, older ones `interface@id`.
        guard cursor.offset > interfaceStart, cursor.take(UInt8(ascii: "@")) || cursor.take(UInt8(ascii: "#")) else { return nil }
        let idStart = cursor.offset
        cursor.skip { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard let id = Int(String(decoding: bytes[idStart..<cursor.offset], as: UTF8.self)),
              cursor.take(UInt8(ascii: ".")) else { return nil }
        let messageStart = cursor.offset
        cursor.skip { Self.isIdentifier($0) }
        guard cursor.offset > messageStart, cursor.peek == UInt8(ascii: "(") else { return nil }
        var end = bytes.count
        while end > cursor.offset, [UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains(bytes[end - 1]) {
            end -= 1
        }
        guard end > cursor.offset + 1, bytes[end - 1] == UInt8(ascii: ")") else { return nil }
        interface = Self.slice(line, interfaceStart, idStart - 1)
        objectID = id
        message = Self.slice(line, messageStart, cursor.offset)
        messageColumn = messageStart + 1
        endColumn = end
        arguments = Self.splitArguments(line, bytes: bytes, from: cursor.offset + 1, to: end - 1)
    }

    /// The argument list split at top-level `, ` (quoted strings may hold commas).
    private static func splitArguments(_ line: Substring, bytes: [UInt8], from start: Int, to end: Int) -> [Argument] {
        guard start < end else { return [] }
        var result: [Argument] = []
        var itemStart = start
        var inString = false
        var i = start
        while i < end {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                // libwayland does not escape quotes inside strings: a quote closes only before `,` or the end.
                inString = inString ? !(i + 1 == end || bytes[i + 1] == UInt8(ascii: ",")) : true
            } else if byte == UInt8(ascii: ","), !inString {
                result.append(argument(line, bytes: bytes, from: itemStart, to: i))
                itemStart = i + 1
            }
            i += 1
        }
        result.append(argument(line, bytes: bytes, from: itemStart, to: end))
        return result
    }

    private static func argument(_ line: Substring, bytes: [UInt8], from: Int, to: Int) -> Argument {
        var start = from
        while start < to, bytes[start] == UInt8(ascii: " ") { start += 1 }
        var end = to
        while end > start, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        return Argument(text: slice(line, start, end), column: start + 1)
    }

    private static func slice(_ line: Substring, _ from: Int, _ to: Int) -> Substring {
        let utf8 = line.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: from)
        let upper = utf8.index(utf8.startIndex, offsetBy: to)
        return Substring(utf8[lower..<upper])
    }

    private static func isIdentifier(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }
}

// MARK: - Byte cursor

/// A forward-only position in a line's bytes.
private struct ByteCursor {
    let bytes: [UInt8]
    var offset = 0

    var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        offset += 1
        return true
    }

    mutating func take(word: String) -> Bool {
        let utf8 = Array(word.utf8)
        guard bytes.count - offset >= utf8.count, Array(bytes[offset..<offset + utf8.count]) == utf8 else { return false }
        offset += utf8.count
        return true
    }

    /// Moves to the next `byte`; false when there is none.
    mutating func skip(until byte: UInt8) -> Bool {
        while let current = peek, current != byte { offset += 1 }
        return peek == byte
    }

    mutating func skip(while predicate: (UInt8) -> Bool) {
        while let current = peek, predicate(current) { offset += 1 }
    }

    mutating func skipSpaces() { skip { $0 == UInt8(ascii: " ") } }
}
