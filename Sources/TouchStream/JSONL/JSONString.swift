// MARK: - JSON strings (surface names): reading and writing

extension RecordLineParser {
    /// The surface (or another string field, `key`): a JSON string or null.
    mutating func readSurface(_ key: RecordKey = .surface) throws(LineError) -> String? {
        if matchLiteralNull() { return nil }
        let column = i + 1
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
            throw LineError(column: column, message: "\"\(key.name)\" must be a string or null")
        }
        i += 1
        let start = i
        while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20 {
            i += 1
        }
        guard i < bytes.count else { throw LineError(column: column, message: "unterminated string") }
        if bytes[i] == UInt8(ascii: "\"") {
            let raw = UnsafeBufferPointer(rebasing: bytes[start..<i])
            i += 1
            return cachedSurface(raw)
        }
        i = start
        return try decodeEscapedString(column: column)
    }

    private mutating func matchLiteralNull() -> Bool {
        guard bytes.count - i >= 4, bytes[i] == UInt8(ascii: "n"), bytes[i + 1] == UInt8(ascii: "u"),
              bytes[i + 2] == UInt8(ascii: "l"), bytes[i + 3] == UInt8(ascii: "l") else { return false }
        i += 4
        return true
    }

    /// Slow path: a string with escapes, starting after its opening quote.
    private mutating func decodeEscapedString(column: Int) throws(LineError) -> String {
        var scalars = String.UnicodeScalarView()
        var utf8: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
            utf8.removeAll()
        }
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                i += 1
                flush()
                return String(scalars)
            }
            guard byte >= 0x20 else { throw LineError(column: i + 1, message: "control character in string") }
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                i += 1
                continue
            }
            guard i + 1 < bytes.count else { break }
            let escape = bytes[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                flush()
                scalars.append(try readUnicodeEscape())
            default:
                throw LineError(column: i - 1, message: "invalid escape in string")
            }
        }
        throw LineError(column: column, message: "unterminated string")
    }

    /// The scalar of a \uXXXX escape (after `\u`), joining a surrogate pair.
    private mutating func readUnicodeEscape() throws(LineError) -> Unicode.Scalar {
        let column = i - 1
        let invalid = LineError(column: column, message: "invalid \\u escape")
        guard let high = readHex4() else { throw invalid }
        if (0xD800..<0xDC00).contains(high) {
            guard bytes.count - i >= 2, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                throw invalid
            }
            i += 2
            guard let low = readHex4(), (0xDC00..<0xE000).contains(low) else { throw invalid }
            let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            guard let scalar = Unicode.Scalar(value) else { throw invalid }
            return scalar
        }
        guard let scalar = Unicode.Scalar(high) else { throw invalid }
        return scalar
    }

    private mutating func readHex4() -> UInt32? {
        guard bytes.count - i >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[i] | 0x20
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            i += 1
        }
        return value
    }
}

/// Appends `text` to `out` as a JSON string literal.
func appendJSONString(_ text: String, to out: inout [UInt8]) {
    let hex = Array("0123456789abcdef".utf8)
    out.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
            out += [UInt8(ascii: "\\"), byte]
        case 0..<0x20:
            out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
        default:
            out.append(byte)
        }
    }
    out.append(UInt8(ascii: "\""))
}
