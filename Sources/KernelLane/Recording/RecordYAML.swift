import Foundation

// MARK: - The YAML that libinput record writes

/// A node of the YAML subset `libinput record` writes: block mappings and sequences by
/// indentation (a mapping's sequence may sit at the key's own indentation), `- key: value` items,
/// flow sequences (`[1, 2, [3]]`, also over several lines: libinput 1.22 writes `hid: [` and the
/// descriptor's bytes below it), double-quoted and plain scalars, `#` comments. Flow mappings
/// (`{time: …}`, its libinput events) are kept as their text. Anchors, tags, multi-line scalars
/// and documents are not part of it and are errors.
indirect enum RecordYAML {
    case scalar(String, line: Int)
    case sequence([RecordYAML], line: Int)
    case mapping([(key: String, value: RecordYAML)], line: Int)

    /// The line the node starts on.
    var line: Int {
        switch self {
        case .scalar(_, let line), .sequence(_, let line), .mapping(_, let line): line
        }
    }

    /// The value of `key` in a mapping (nil: not a mapping, or no such key).
    subscript(key: String) -> RecordYAML? {
        guard case .mapping(let entries, _) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The items of a sequence (nil: not a sequence).
    var items: [RecordYAML]? {
        if case .sequence(let items, _) = self { return items }
        return nil
    }

    /// The text of a scalar (nil: not a scalar).
    var text: String? {
        if case .scalar(let text, _) = self { return text }
        return nil
    }

    /// A scalar's whole number, decimal or YAML 1.1 hex (`0x05`, as libinput writes HID bytes).
    var integer: Int? {
        guard let text else { return nil }
        let negative = text.hasPrefix("-")
        let digits = negative ? text.dropFirst() : Substring(text)
        let magnitude = digits.hasPrefix("0x") ? Int(digits.dropFirst(2), radix: 16) : Int(digits)
        return magnitude.map { negative ? -$0 : $0 }
    }

    /// Parses `lines` (the file's lines, numbered from 1); errors name `name`:LINE.
    static func parse(_ lines: [Substring], name: String) throws -> RecordYAML {
        var parser = Parser(name: name)
        for (index, raw) in lines.enumerated() {
            let text = try parser.stripComment(raw, line: index + 1)
            let content = text.drop(while: { $0 == " " })
            guard !content.isEmpty else { continue }
            if content.first == "\t" || text.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t") {
                throw RecordingImport.error(name, index + 1, "a tab in the indentation (YAML indents with spaces)")
            }
            parser.lines.append(Parser.Line(number: index + 1, indent: text.count - content.count, text: content))
        }
        guard let first = parser.lines.first else { throw RecordingImport.error(name, 1, "empty YAML document") }
        let root = try parser.block(indent: first.indent)
        if parser.position < parser.lines.count {
            let line = parser.lines[parser.position]
            throw RecordingImport.error(name, line.number, "unexpected indentation or item: \(line.text.prefix(40))")
        }
        return root
    }

    private struct Parser {
        struct Line {
            var number: Int
            var indent: Int
            var text: Substring
        }

        let name: String
        var lines: [Line] = []
        var position = 0

        init(name: String) { self.name = name }

        func fail(_ line: Int, _ message: String) -> KernelLaneError { RecordingImport.error(name, line, message) }

        /// The line without its comment (a `#` at its start or after a space, outside quotes) and trailing spaces.
        func stripComment(_ raw: Substring, line: Int) throws -> Substring {
            var quoted = false, escaped = false
            var previous: Character = " "
            for index in raw.indices {
                let character = raw[index]
                if quoted {
                    if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { quoted = false }
                } else if character == "\"" {
                    quoted = true
                } else if character == "#", previous == " " || previous == "\t" {
                    return trimmedEnd(raw[..<index])
                }
                previous = character
            }
            guard !quoted else { throw fail(line, "a quoted string does not end on its line") }
            return trimmedEnd(raw)
        }

        func trimmedEnd(_ text: Substring) -> Substring {
            var end = text.endIndex
            while end > text.startIndex, text[text.index(before: end)] == " " || text[text.index(before: end)] == "\t" {
                end = text.index(before: end)
            }
            return text[..<end]
        }

        static func isItem(_ text: Substring) -> Bool { text == "-" || text.hasPrefix("- ") }

        mutating func block(indent: Int) throws -> RecordYAML {
            Self.isItem(lines[position].text) ? try sequence(indent: indent) : try mapping(indent: indent)
        }

        mutating func sequence(indent: Int) throws -> RecordYAML {
            var items: [RecordYAML] = []
            let start = lines[position].number
            while position < lines.count, lines[position].indent == indent, Self.isItem(lines[position].text) {
                let line = lines[position]
                let content = line.text.dropFirst().drop(while: { $0 == " " })
                if content.isEmpty {
                    position += 1
                    items.append(try nested(after: line, indent: indent))
                } else if keyAndValue(content) != nil {
                    // `- key: value`: a mapping whose keys line up with this first one.
                    let column = line.indent + (line.text.count - content.count)
                    lines[position] = Line(number: line.number, indent: column, text: content)
                    items.append(try mapping(indent: column))
                } else {
                    position += 1
                    items.append(try value(joined(content, indent: line.indent), line: line.number))
                }
            }
            return .sequence(items, line: start)
        }

        mutating func mapping(indent: Int) throws -> RecordYAML {
            var entries: [(key: String, value: RecordYAML)] = []
            let start = lines[position].number
            while position < lines.count, lines[position].indent == indent, !Self.isItem(lines[position].text) {
                let line = lines[position]
                guard let (key, rest) = keyAndValue(line.text) else {
                    throw fail(line.number, "expected `key: value`, found \(line.text.prefix(40))")
                }
                guard !entries.contains(where: { $0.key == key }) else { throw fail(line.number, "the key \(key) twice") }
                position += 1
                if rest.isEmpty {
                    entries.append((key, try nested(after: line, indent: indent, sequenceAtSameIndent: true)))
                } else {
                    entries.append((key, try value(joined(rest, indent: indent), line: line.number)))
                }
            }
            return .mapping(entries, line: start)
        }

        /// A flow list or mapping that goes on over the following lines (deeper than `indent`, or its
        /// closing bracket at `indent`), joined into one; other text as it is.
        mutating func joined(_ text: Substring, indent: Int) -> Substring {
            var depth = Self.depth(text)
            guard depth > 0 else { return text }
            var whole = String(text)
            while depth > 0, position < lines.count {
                let next = lines[position]
                guard next.indent > indent || next.text.first == "]" || next.text.first == "}" else { break }
                whole += " " + next.text
                depth += Self.depth(next.text)
                position += 1
            }
            return Substring(whole)
        }

        /// Open brackets minus closed ones, outside double quotes.
        static func depth(_ text: Substring) -> Int {
            var depth = 0, quoted = false, escaped = false
            for character in text {
                if quoted {
                    if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { quoted = false }
                } else if character == "\"" {
                    quoted = true
                } else if character == "[" || character == "{" {
                    depth += 1
                } else if character == "]" || character == "}" {
                    depth -= 1
                }
            }
            return depth
        }

        /// The block under `line`: deeper lines, or (for a key) items at its own indentation; else an empty scalar.
        mutating func nested(after line: Line, indent: Int, sequenceAtSameIndent: Bool = false) throws -> RecordYAML {
            guard position < lines.count else { return .scalar("", line: line.number) }
            let next = lines[position]
            if next.indent > indent { return try block(indent: next.indent) }
            if sequenceAtSameIndent, next.indent == indent, Self.isItem(next.text) { return try sequence(indent: indent) }
            return .scalar("", line: line.number)
        }

        /// `key: rest` (rest may be empty), the key plain or double-quoted; nil when the text is no mapping entry.
        func keyAndValue(_ text: Substring) -> (String, Substring)? {
            guard let first = text.first, first != "[", first != "{", first != "\"", first != "'" else { return nil }
            var index = text.startIndex
            while index < text.endIndex {
                if text[index] == ":" {
                    let after = text.index(after: index)
                    if after == text.endIndex || text[after] == " " {
                        let key = text[..<index].trimmingCharacters(in: .whitespaces)
                        return key.isEmpty ? nil : (key, text[after...].drop(while: { $0 == " " }))
                    }
                }
                index = text.index(after: index)
            }
            return nil
        }

        func value(_ text: Substring, line: Int) throws -> RecordYAML {
            var characters = Array(text)
            var index = 0
            let node = try flowValue(&characters, &index, line: line, inFlow: false)
            while index < characters.count, characters[index] == " " { index += 1 }
            guard index == characters.count else { throw fail(line, "unexpected text after a value: \(String(characters[index...]).prefix(30))") }
            return node
        }

        func flowValue(_ characters: inout [Character], _ index: inout Int, line: Int, inFlow: Bool) throws -> RecordYAML {
            while index < characters.count, characters[index] == " " { index += 1 }
            guard index < characters.count else { return .scalar("", line: line) }
            switch characters[index] {
            case "[":
                index += 1
                var items: [RecordYAML] = []
                while true {
                    while index < characters.count, characters[index] == " " { index += 1 }
                    guard index < characters.count else { throw fail(line, "a [ list is not closed") }
                    if characters[index] == "]", items.isEmpty { index += 1; break }
                    items.append(try flowValue(&characters, &index, line: line, inFlow: true))
                    while index < characters.count, characters[index] == " " { index += 1 }
                    guard index < characters.count else { throw fail(line, "a [ list is not closed") }
                    if characters[index] == "," { index += 1; continue }
                    if characters[index] == "]" { index += 1; break }
                    throw fail(line, "expected , or ] in a list, found \(characters[index])")
                }
                return .sequence(items, line: line)
            case "{":
                // Kept as text: the only flow mappings are libinput's own events, which the import skips.
                var depth = 0
                let start = index
                repeat {
                    if characters[index] == "{" { depth += 1 } else if characters[index] == "}" { depth -= 1 }
                    index += 1
                } while depth > 0 && index < characters.count
                guard depth == 0 else { throw fail(line, "a { mapping does not end on its line") }
                return .scalar(String(characters[start..<index]), line: line)
            case "\"":
                index += 1
                var text = ""
                while index < characters.count, characters[index] != "\"" {
                    if characters[index] == "\\", index + 1 < characters.count {
                        index += 1
                        switch characters[index] {
                        case "n": text.append("\n")
                        case "t": text.append("\t")
                        default: text.append(characters[index])
                        }
                    } else {
                        text.append(characters[index])
                    }
                    index += 1
                }
                guard index < characters.count else { throw fail(line, "a quoted string does not end on its line") }
                index += 1
                return .scalar(text, line: line)
            case "&", "*", "!", "|", ">", "'":
                throw fail(line, "YAML \(characters[index]) is not part of what libinput record writes")
            default:
                let start = index
                while index < characters.count, !(inFlow && (characters[index] == "," || characters[index] == "]")) { index += 1 }
                return .scalar(String(characters[start..<index]).trimmingCharacters(in: .whitespaces), line: line)
            }
        }
    }
}
