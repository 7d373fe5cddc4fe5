import Foundation

// MARK: - Swift source, read as tokens

/// A word, a string literal (its text, undecoded) or one symbol; comments are dropped.
struct Token {
    enum Kind { case word, string, symbol }
    var kind: Kind
    var text: String
    var line: Int
}

enum SwiftSource {
    static let modifiers: Set<String> = ["public", "package", "internal", "fileprivate", "private", "open"]
    static let importKinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]

    /// Modules named by import declarations: `import` first on its line after attributes and modifiers.
    static func imports(_ source: String) -> [(module: String, line: Int)] {
        let tokens = Self.tokens(source)
        var result: [(module: String, line: Int)] = []
        for (index, token) in tokens.enumerated() where token.kind == .word && token.text == "import" {
            var before = index - 1
            while before >= 0, tokens[before].line == token.line {
                if tokens[before].kind == .symbol, tokens[before].text == ")", let open = opening(tokens, before: before), open > 0 { before = open - 1 }
                if tokens[before].kind == .word, before > 0, tokens[before - 1].text == "@" { before -= 2 }
                else if tokens[before].kind == .word, modifiers.contains(tokens[before].text) { before -= 1 }
                else { break }
            }
            guard before < 0 || tokens[before].line < token.line else { continue }
            var next = index + 1
            if next < tokens.count, importKinds.contains(tokens[next].text) { next += 1 }
            if next < tokens.count, tokens[next].kind == .word, tokens[next].line == token.line {
                result.append((tokens[next].text, token.line))
            }
        }
        return result
    }

    static func tokens(_ source: String) -> [Token] {
        var lexer = Lexer(bytes: Array(source.utf8))
        lexer.run(inInterpolation: false)
        return lexer.tokens
    }

    /// The index of the bracket closing the one at `open` (or the last index).
    static func closing(_ tokens: [Token], from open: Int) -> Int {
        var depth = 0
        for index in open..<tokens.count where tokens[index].kind == .symbol {
            if "([".contains(tokens[index].text) { depth += 1 }
            if ")]".contains(tokens[index].text) { depth -= 1; if depth == 0 { return index } }
        }
        return tokens.count - 1
    }

    static func opening(_ tokens: [Token], before close: Int) -> Int? {
        var depth = 0
        for index in stride(from: close, through: 0, by: -1) where tokens[index].kind == .symbol {
            if tokens[index].text == ")" { depth += 1 }
            if tokens[index].text == "(" { depth -= 1; if depth == 0 { return index } }
        }
        return nil
    }

    /// The elements of a bracketed list, split at its top-level commas.
    static func elements(_ list: [Token]) -> [[Token]] {
        var result: [[Token]] = [[]], depth = 0
        for token in list.dropFirst().dropLast() {
            if token.kind == .symbol, "([".contains(token.text) { depth += 1 }
            if token.kind == .symbol, ")]".contains(token.text) { depth -= 1 }
            if depth == 0, token.text == ",", token.kind == .symbol { result.append([]) } else { result[result.count - 1].append(token) }
        }
        return result.filter { !$0.isEmpty }
    }

    /// A call's labelled arguments between `start` and `end` (exclusive): label → value tokens.
    static func arguments(_ tokens: [Token], from start: Int, to end: Int) -> [String: [Token]] {
        guard start <= end else { return [:] }
        var result: [String: [Token]] = [:]
        for element in elements([Token(kind: .symbol, text: "(", line: 0)] + tokens[start..<end] + [Token(kind: .symbol, text: ")", line: 0)])
        where element.count > 2 && element[0].kind == .word && element[1].text == ":" {
            result[element[0].text] = Array(element.dropFirst(2))
        }
        return result
    }

    /// Splits Swift source into tokens: comments (nested too) skipped, each string literal one token
    /// (raw and multi-line ones included; interpolations skipped), `#/…/#` regex literals skipped.
    private struct Lexer {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var tokens: [Token] = []

        func at(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
        func isWordByte(_ byte: UInt8) -> Bool { byte == 95 || (48...57).contains(byte) || (97...122).contains(byte | 0x20) || byte >= 0x80 }
        func startsWith(_ delimiter: [UInt8]) -> Bool { delimiter.indices.allSatisfy { at($0) == delimiter[$0] } }

        /// Reads tokens to the end, or (in an interpolation) to the `)` that closes it.
        mutating func run(inInterpolation: Bool) {
            var depth = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 10 { line += 1; index += 1 }
                else if byte == 32 || byte == 9 || byte == 13 { index += 1 }
                else if byte == 47, at(1) == 47 { while index < bytes.count, bytes[index] != 10 { index += 1 } }
                else if byte == 47, at(1) == 42 { skipBlockComment() }
                else if byte == 34 || byte == 35 && startsLiteral() { readLiteral() }
                else if isWordByte(byte) {
                    let start = index
                    while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
                    tokens.append(Token(kind: .word, text: String(decoding: bytes[start..<index], as: UTF8.self), line: line))
                } else {
                    if inInterpolation, byte == 40 { depth += 1 }
                    if inInterpolation, byte == 41 { if depth == 0 { index += 1; return }; depth -= 1 }
                    tokens.append(Token(kind: .symbol, text: String(UnicodeScalar(byte)), line: line))
                    index += 1
                }
            }
        }

        mutating func skipBlockComment() {
            var depth = 0
            repeat {
                if at(0) == 47, at(1) == 42 { depth += 1; index += 2 }
                else if at(0) == 42, at(1) == 47 { depth -= 1; index += 2 }
                else { if at(0) == 10 { line += 1 }; index += 1 }
            } while depth > 0 && index < bytes.count
        }

        /// `#…#"` or `#/`: a raw string or an extended regex literal starts here.
        func startsLiteral() -> Bool {
            var offset = 0
            while at(offset) == 35 { offset += 1 }
            return at(offset) == 34 || at(offset) == 47
        }

        mutating func readLiteral() {
            let startLine = line
            var hashes = 0
            while at(0) == 35 { hashes += 1; index += 1 }
            let quote = at(0)
            let multiline = quote == 34 && at(1) == 34 && at(2) == 34
            let delimiter = (multiline ? [34, 34, 34] : [quote]) + [UInt8](repeating: 35, count: hashes)
            index += multiline ? 3 : 1
            var text: [UInt8] = []
            while index < bytes.count {
                if startsWith(delimiter) { index += delimiter.count; break }
                let byte = bytes[index]
                if byte == 10 { if !multiline && quote == 34 { break }; line += 1 }
                if byte == 92, quote == 34, (0..<hashes).allSatisfy({ at(1 + $0) == 35 }) {
                    index += 1 + hashes
                    if at(0) == 40 {
                        index += 1
                        let kept = tokens.count
                        run(inInterpolation: true)
                        tokens.removeSubrange(kept...)
                    } else {
                        if at(0) == 10 { line += 1 }
                        text.append(at(0))
                        index += 1
                    }
                    continue
                }
                text.append(byte)
                index += 1
            }
            if quote == 34 { tokens.append(Token(kind: .string, text: String(decoding: text, as: UTF8.self), line: startLine)) }
        }
    }
}
