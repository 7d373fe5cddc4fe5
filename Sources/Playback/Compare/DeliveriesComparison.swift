import FoundationEssentials
import TouchStream

// MARK: - Two deliveries logs side by side

/// What differs between two deliveries logs (DESIGN §1 "Compare"): the line diff, which responders
/// got different calls, which recognizers ended differently, and where the logs first part.
public struct DeliveriesComparison: Sendable {
    /// Calls one responder got in only one of the logs (the entries' JSON lines).
    public struct ResponderDifference: Hashable, Sendable {
        /// The responder's name.
        public var responder: String
        /// Its calls that only log A has, in A's order.
        public var onlyInA: [String]
        /// Its calls that only log B has, in B's order.
        public var onlyInB: [String]
    }

    /// A recognizer whose last logged state differs ("-" when a log has no entry for it).
    public struct RecognizerDifference: Hashable, Sendable {
        /// The recognizer's name.
        public var recognizer: String
        /// The state its last transition in A entered.
        public var finalStateA: String
        /// The state its last transition in B entered.
        public var finalStateB: String
    }

    /// Lines of context shown before and after the first divergence.
    public static let contextLines = 2

    /// The logs' lines.
    public let linesA: [String], linesB: [String]
    /// The edit script from A to B.
    public let steps: [DiffStep]
    /// Per responder, sorted by name; only responders with a difference.
    public let responders: [ResponderDifference]
    /// Per recognizer, sorted by name; only recognizers whose final state differs.
    public let recognizers: [RecognizerDifference]
    /// True when some entry of either log is a recognizer transition.
    public let hasRecognizerEntries: Bool

    /// Compares two logs given as JSON Lines text; `nameA`/`nameB` locate parse errors.
    public init(logA: String, nameA: String, logB: String, nameB: String) throws(ComparisonError) {
        let entriesA = try LogEntry.parse(logA, name: nameA)
        let entriesB = try LogEntry.parse(logB, name: nameB)
        linesA = entriesA.map(\.line)
        linesB = entriesB.map(\.line)
        steps = LineDiff.diff(linesA, linesB)
        responders = Self.responderDifferences(steps, entriesA, entriesB)
        let finalA = LogEntry.finalRecognizerStates(entriesA), finalB = LogEntry.finalRecognizerStates(entriesB)
        hasRecognizerEntries = !finalA.isEmpty || !finalB.isEmpty
        recognizers = Set(finalA.keys).union(finalB.keys).sorted().compactMap { name in
            let a = finalA[name] ?? "-", b = finalB[name] ?? "-"
            return a == b ? nil : RecognizerDifference(recognizer: name, finalStateA: a, finalStateB: b)
        }
    }

    /// Lines that are in only one log.
    public var differingLineCount: Int {
        steps.reduce(0) { count, step in if case .same = step { count } else { count + 1 } }
    }

    /// True when the logs are the same line for line.
    public var isEqual: Bool { differingLineCount == 0 }

    /// 1-based line numbers in A and B where the logs first part (the next line of each).
    public var firstDivergence: (a: Int, b: Int)? {
        var a = 0, b = 0
        for step in steps {
            switch step {
            case .same: a += 1; b += 1
            case .onlyA, .onlyB: return (a + 1, b + 1)
            }
        }
        return nil
    }

    /// `equal`, or `N lines differ; first divergence at A:LINE / B:LINE`.
    public var summary: String {
        guard let first = firstDivergence else { return "equal" }
        let count = differingLineCount
        return "\(count) line\(count == 1 ? "" : "s") differ\(count == 1 ? "s" : ""); first divergence at A:\(first.a) / B:\(first.b)"
    }

    // MARK: - Responders

    private static func responderDifferences(_ steps: [DiffStep], _ a: [LogEntry], _ b: [LogEntry]) -> [ResponderDifference] {
        var byName: [String: ResponderDifference] = [:]
        for step in steps {
            switch step {
            case .same: continue
            case .onlyA(let index):
                guard let name = a[index].responder else { continue }
                byName[name, default: .init(responder: name, onlyInA: [], onlyInB: [])].onlyInA.append(a[index].line)
            case .onlyB(let index):
                guard let name = b[index].responder else { continue }
                byName[name, default: .init(responder: name, onlyInA: [], onlyInB: [])].onlyInB.append(b[index].line)
            }
        }
        return byName.keys.sorted().map { byName[$0]! }
    }
}

/// A deliveries log that could not be read: `FILE:LINE:COLUMN: what is wrong`.
public struct ComparisonError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The located one-line message.
    public let description: String
    /// Creates an error with its one-line message.
    public init(_ description: String) { self.description = description }
}

// MARK: - Log lines

/// One line of a deliveries log, with the fields the comparison looks at.
struct LogEntry {
    var line: String
    var kind: String
    /// The responder of a `call` entry.
    var responder: String?
    /// Recognizer name and the state it entered, for recognizer/transition entries.
    var recognizer: String?
    var state: String?

    /// Parses every non-blank line; each must be a JSON object with a string `kind`.
    static func parse(_ text: String, name: String) throws(ComparisonError) -> [LogEntry] {
        guard !text.isEmpty else { throw ComparisonError("\(name):1:1: empty deliveries log") }
        var entries: [LogEntry] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (offset, line) in lines.enumerated() {
            let trimmed = String(line.drop(while: { $0 == " " || $0 == "\t" }).reversed()
                .drop(while: { $0 == " " || $0 == "\t" }).reversed())
            if trimmed.isEmpty { continue }
            let location = "\(name):\(offset + 1):1"
            guard let object = JSONObjectLine(trimmed) else {
                let what = offset == lines.count - 1 && !text.hasSuffix("\n") ? "truncated line (no newline at end of file)" : "not a JSON object"
                throw ComparisonError("\(location): \(what)")
            }
            guard let kind = object.string("kind") else { throw ComparisonError("\(location): entry has no \"kind\" string") }
            var entry = LogEntry(line: trimmed, kind: kind)
            if kind == "call" { entry.responder = object.string("responder") }
            if kind.contains("recognizer") || kind.contains("transition") {
                entry.recognizer = object.string("recognizer") ?? object.string("name")
                entry.state = object.string("to") ?? object.string("state")
            }
            entries.append(entry)
        }
        return entries
    }

    /// The last state each recognizer entered.
    static func finalRecognizerStates(_ entries: [LogEntry]) -> [String: String] {
        var states: [String: String] = [:]
        for entry in entries {
            if let name = entry.recognizer, let state = entry.state { states[name] = state }
        }
        return states
    }
}
