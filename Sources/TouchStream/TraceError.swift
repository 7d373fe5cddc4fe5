// MARK: - Errors with a location

/// A problem in a trace or script, located by file, line and column (1-based; columns count UTF-8 bytes).
///
/// Its description is the single line `NAME:LINE:COLUMN: what is wrong`, the form
/// compilers use, so editors and terminals can jump to it.
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file path or script name the error refers to.
    public var file: String
    /// 1-based line number.
    public var line: Int
    /// 1-based column, in UTF-8 bytes.
    public var column: Int
    /// What is wrong, without the location.
    public var message: String

    /// Creates an error at a location.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// One line: `NAME:LINE:COLUMN: message`.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}

// MARK: - Quoting input in messages

/// Input text as error messages show it: at most ``limit`` bytes (then `…`), control bytes and
/// invalid UTF-8 escaped as `\xNN`, so one bad token never makes a long or terminal-garbling message.
public enum Quoted {
    /// The most bytes of a token a message quotes.
    public static let limit = 60

    /// `bytes` shortened and escaped for a one-line message.
    public static func text(_ bytes: some Collection<UInt8>) -> String {
        let head = Array(bytes.prefix(limit + 4))
        var cut = min(head.count, limit)
        // Cut at a character boundary so a multi-byte character is not split into escapes.
        while cut > 0, cut < head.count, head[cut] & 0xC0 == 0x80 { cut -= 1 }
        var out = ""
        var decoder = UTF8()
        var iterator = head[..<cut].makeIterator()
        var offset = 0
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += escape(UInt8(scalar.value))
                } else {
                    out.unicodeScalars.append(scalar)
                }
                offset += String(scalar).utf8.count
            case .error:
                // Resynchronise one byte after the bad one.
                out += escape(head[offset])
                offset += 1
                iterator = head[offset..<cut].makeIterator()
                decoder = UTF8()
            case .emptyInput:
                break loop
            }
        }
        return cut < head.count ? out + "…" : out
    }

    private static func escape(_ byte: UInt8) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        return String(decoding: [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]],
                      as: UTF8.self)
    }

    /// `string` shortened and escaped for a one-line message.
    public static func text(_ string: some StringProtocol) -> String { text(Array(string.utf8)) }
}
