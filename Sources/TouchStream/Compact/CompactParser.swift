// MARK: - Tokens

/// A whitespace-free word of one statement, with where it starts.
struct CompactToken {
    var bytes: ArraySlice<UInt8>
    var line: Int
    var column: Int
    var text: String { String(decoding: bytes, as: UTF8.self) }
    /// The token as messages quote it (bounded, control bytes escaped).
    var shown: String { Quoted.text(bytes) }
    /// The column just after the token.
    var endColumn: Int { column + bytes.count }
}

/// The statements of the compact form and the arguments each takes.
enum CompactKeyword: String, CaseIterable {
    case down, motion, up, frame, cancel, shape, orientation, capabilities, flush, sleep

    /// Names of the positional arguments, for messages and arity.
    var arguments: [String] {
        switch self {
        case .down, .motion: ["ID", "X", "Y"]
        case .up: ["ID"]
        case .frame, .cancel, .flush: []
        case .shape: ["ID", "MAJOR", "MINOR"]
        case .orientation: ["ID", "DEGREES"]
        case .capabilities: ["touch|none"]
        case .sleep: ["MS"]
        }
    }
}

/// Options given after a statement's arguments.
struct CompactOptions {
    var time: UInt32?
    var serial: UInt32?
    var surface: String?
    var hires: UInt64?
    var emulated: Bool?
    var control: Bool?
}

// MARK: - Parser

/// Parses the compact form (grammar in ``CompactTrace``) into script items.
struct CompactParser {
    private var bytes: [UInt8] = []
    let name: String
    private var index = 0
    private var line = 0
    var cursor = ScriptCursor()
    /// Items parsed and not yet taken.
    var items: [ScriptItem] = []
    /// `presentation` statements, kept apart from the touch script.
    private(set) var presentations: [PresentationRecord] = []

    init(name: String) {
        self.name = name
    }

    /// Parses a whole text (lines split at LF, a trailing CR dropped).
    mutating func parseAll(_ text: [UInt8]) throws(TraceError) -> [ScriptItem] {
        var lineStart = 0
        var number = 0
        while lineStart <= text.count {
            let lineEnd = text[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? text.count
            number += 1
            var line = text[lineStart..<lineEnd]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            try parseLine(line, number: number)
            lineStart = lineEnd + 1
        }
        return items
    }

    /// Parses one line (without its line end) into ``items``; statements never span lines.
    mutating func parseLine(_ text: some Collection<UInt8>, number: Int) throws(TraceError) {
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: text)
        index = 0
        line = number
        while let statement = nextStatement() {
            try parseStatement(statement)
        }
    }

    /// The tokens up to the next `;` or the end of the line (comments skipped); nil at the end.
    private mutating func nextStatement() -> [CompactToken]? {
        guard index < bytes.count else { return nil }
        var tokens: [CompactToken] = []
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: ";"):
                index += 1
                return tokens
            case UInt8(ascii: "#"):
                index = bytes.count
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            default:
                let start = index
                while index < bytes.count, !Self.endsToken(bytes[index]) { index += 1 }
                tokens.append(CompactToken(bytes: bytes[start..<index], line: line, column: start + 1))
            }
        }
        return tokens
    }

    private static func endsToken(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ";"), UInt8(ascii: "#"), UInt8(ascii: " "),
             UInt8(ascii: "\t"), UInt8(ascii: "\r"):
            true
        default:
            false
        }
    }

    // MARK: - Statements

    private mutating func parseStatement(_ tokens: [CompactToken]) throws(TraceError) {
        guard let head = tokens.first else { return }
        if head.text == PresentationRecord.kind { return try parsePresentation(tokens) }
        if let kind = SurfaceEventKind(rawValue: head.text) { return try parseSurfaceStatement(kind, tokens) }
        guard let keyword = CompactKeyword(rawValue: head.text) else {
            let names = CompactKeyword.allCases.map(\.rawValue).joined(separator: ", ")
            throw error(at: head, "unknown statement '\(head.shown)' (expected one of: \(names), or a surface record such as keyboard-enter)")
        }
        let rest = tokens.dropFirst()
        let positional = Array(rest.prefix { !$0.bytes.contains(UInt8(ascii: "=")) })
        let optionTokens = Array(rest.dropFirst(positional.count))
        let usage = ([keyword.rawValue] + keyword.arguments).joined(separator: " ")
        if positional.count < keyword.arguments.count {
            let missing = keyword.arguments[positional.count]
            let at = positional.last ?? head
            throw TraceError(file: name, line: at.line, column: at.endColumn,
                             message: "missing \(missing): expected '\(usage)'")
        }
        if positional.count > keyword.arguments.count {
            let extra = positional[keyword.arguments.count]
            throw error(at: extra, "unexpected argument '\(extra.shown)': expected '\(usage)'")
        }
        if keyword == .sleep {
            if let option = optionTokens.first { throw error(at: option, "sleep takes no options") }
            let milliseconds = try unsigned(positional[0], "sleep MS", max: UInt64(UInt32.max))
            items.append(.sleep(milliseconds: UInt32(milliseconds)))
            cursor.sleep(UInt32(milliseconds))
            return
        }
        let options = try parseOptions(optionTokens, keyword: keyword)
        if let time = options.time { cursor.time = time }
        let event = try makeEvent(keyword, positional, options)
        items.append(.record(RawRecord(event, hiResTimeNanoseconds: options.hires, isEmulated: options.emulated ?? false,
                                       isControl: options.control ?? false)))
        cursor.advance(after: event)
    }

    private mutating func parsePresentation(_ tokens: [CompactToken]) throws(TraceError) {
        let words = tokens.dropFirst()
        switch PresentationRecord.parse(compactOptions: words.map(\.text)) {
        case .success(let record): presentations.append(record)
        case .failure(let failure):
            let at = failure.index.map { words[words.startIndex + $0] } ?? tokens[0]
            throw error(at: at, failure.message)
        }
    }

    private mutating func makeEvent(_ keyword: CompactKeyword, _ args: [CompactToken],
                                    _ options: CompactOptions) throws(TraceError) -> RawEvent {
        switch keyword {
        case .down:
            let serial = options.serial ?? cursor.nextSerial
            cursor.lastSerial = serial
            return .down(serial: serial, time: cursor.time, surface: options.surface,
                         id: try touchID(args[0]), x: try fixed(args[1], "X"), y: try fixed(args[2], "Y"))
        case .up:
            let serial = options.serial ?? cursor.nextSerial
            cursor.lastSerial = serial
            return .up(serial: serial, time: cursor.time, id: try touchID(args[0]))
        case .motion:
            return .motion(time: cursor.time, id: try touchID(args[0]),
                           x: try fixed(args[1], "X"), y: try fixed(args[2], "Y"))
        case .frame:
            return .frame
        case .cancel:
            return .cancel
        case .flush:
            return .flush
        case .shape:
            return .shape(id: try touchID(args[0]), major: try fixed(args[1], "MAJOR"),
                          minor: try fixed(args[2], "MINOR"))
        case .orientation:
            return .orientation(id: try touchID(args[0]), orientation: try fixed(args[1], "DEGREES"))
        case .capabilities:
            switch args[0].text {
            case "touch": return .capabilities(touch: true)
            case "none": return .capabilities(touch: false)
            default: throw error(at: args[0], "expected 'touch' or 'none' after capabilities, found '\(args[0].shown)'")
            }
        case .sleep:
            preconditionFailure("sleep is handled before events are built")
        }
    }

    // MARK: - Options

    private func parseOptions(_ tokens: [CompactToken], keyword: CompactKeyword) throws(TraceError) -> CompactOptions {
        var options = CompactOptions()
        var seen: Set<String> = []
        for token in tokens {
            guard let equals = token.bytes.firstIndex(of: UInt8(ascii: "=")) else {
                throw error(at: token, "expected an option (t=, serial=, surface=, hires=, emulated=, control=), found '\(token.shown)'")
            }
            let key = String(decoding: token.bytes[..<equals], as: UTF8.self)
            var value = token
            value.bytes = token.bytes[(equals + 1)...]
            value.column += equals - token.bytes.startIndex + 1
            guard seen.insert(key).inserted else { throw error(at: token, "option '\(Quoted.text(key))=' given twice") }
            switch key {
            case "t":
                options.time = UInt32(try unsigned(value, "t=MS", max: UInt64(UInt32.max)))
            case "serial":
                guard keyword == .down || keyword == .up else {
                    throw error(at: token, "'serial=' applies only to down and up (wl_touch.\(keyword.rawValue) has no serial)")
                }
                options.serial = UInt32(try unsigned(value, "serial=N", max: UInt64(UInt32.max)))
            case "surface":
                guard keyword == .down else {
                    throw error(at: token, "'surface=' applies only to down (the surface is fixed at down)")
                }
                switch SurfaceName.unescape(value.bytes) {
                case .name(let surface): options.surface = surface
                case .malformed(let offset):
                    throw TraceError(file: name, line: value.line, column: value.column + offset,
                                     message: "malformed %XX escape in surface name")
                }
            case "hires":
                options.hires = try unsigned(value, "hires=NS", max: UInt64.max)
            case "emulated":
                switch value.text {
                case "true": options.emulated = true
                case "false": options.emulated = false
                default: throw error(at: value, "emulated= must be true or false, found '\(value.shown)'")
                }
            case "control":
                switch value.text {
                case "true": options.control = true
                case "false": options.control = false
                default: throw error(at: value, "control= must be true or false, found '\(value.shown)'")
                }
            default:
                throw error(at: token, "unknown option '\(Quoted.text(key))=' (expected t=, serial=, surface=, hires=, emulated= or control=)")
            }
        }
        return options
    }

    // MARK: - Numbers

    private func touchID(_ token: CompactToken) throws(TraceError) -> Int32 {
        var digits = token.bytes
        let negative = digits.first == UInt8(ascii: "-")
        if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy(Self.isDigit) else {
            throw error(at: token, "touch ID must be an integer, found '\(token.shown)'")
        }
        guard let magnitude = Self.decimal(digits, max: UInt64(Int32.max) + 1),
              let id = Int32(exactly: negative ? -Int64(magnitude) : Int64(magnitude)) else {
            throw error(at: token, "touch ID '\(token.shown)' is outside Int32")
        }
        return id
    }

    func unsigned(_ token: CompactToken, _ what: String, max: UInt64) throws(TraceError) -> UInt64 {
        guard !token.bytes.isEmpty, token.bytes.allSatisfy(Self.isDigit) else {
            throw error(at: token, "\(what) needs a non-negative integer, found '\(token.shown)'")
        }
        guard let value = Self.decimal(token.bytes, max: max) else {
            throw error(at: token, "\(what): '\(token.shown)' is larger than \(max)")
        }
        return value
    }

    /// A decimal value, rounded to the nearest wl_fixed (ties away from zero).
    func fixed(_ token: CompactToken, _ what: String) throws(TraceError) -> WLFixed {
        let allowed = token.bytes.allSatisfy {
            Self.isDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
                || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
        }
        guard allowed, token.bytes.contains(where: Self.isDigit), let value = Double(token.text), value.isFinite else {
            throw error(at: token, "\(what) must be a decimal number, found '\(token.shown)'")
        }
        let scaled = (value * 256).rounded()
        guard scaled >= Double(Int32.min), scaled <= Double(Int32.max) else {
            throw error(at: token, "\(what) \(token.shown) is outside wl_fixed's range (±8388608)")
        }
        return WLFixed(rawValue: Int32(scaled))
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// The value of an all-digit slice, or nil when it exceeds `max`.
    private static func decimal(_ digits: ArraySlice<UInt8>, max: UInt64) -> UInt64? {
        var value: UInt64 = 0
        for digit in digits {
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
            guard !o1, !o2, sum <= max else { return nil }
            value = sum
        }
        return value
    }

    func error(at token: CompactToken, _ message: String) -> TraceError {
        TraceError(file: name, line: token.line, column: token.column, message: message)
    }
}
