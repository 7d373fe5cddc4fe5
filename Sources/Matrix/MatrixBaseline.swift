import CompositorDrivers
import TouchStream

// MARK: - The findings known per compositor and script (`--expect`, `--write-expect`)

/// A baseline: the findings a project knows its compositor shows, per script, as a plain text
/// file meant to be reviewed and committed (like wlcs's expected-failure lists per compositor).
///
/// Format, one finding per line:
///
///     # comment (from # to the end of the line, anywhere)
///     COMPOSITOR SCRIPT RULE [unstable]
///     weston tap A1            # 3/3
///     kwin idreuse A1 unstable # 1/3
///
/// COMPOSITOR is a name `--compositors` accepts, SCRIPT a script's name, RULE a rule id of
/// docs/rules.md (R, S, A, H followed by digits) or a matrix observation (M1–M22). `unstable`
/// marks a finding seen in some runs only: it is tolerated whether it shows or not. Blank lines
/// and comments are ignored; a line naming the same finding twice is an error.
public struct MatrixBaseline: Sendable, Equatable {
    /// One expected finding.
    public struct Line: Hashable, Sendable {
        /// Where the finding is expected.
        public var cell: MatrixCellKey
        /// The rule id or observation.
        public var rule: String
        /// Seen in some runs only when the baseline was written: tolerated both ways.
        public var unstable: Bool
        /// A comment to write after it (the run counts); not read back.
        public var comment: String?

        /// Creates a line.
        public init(_ cell: MatrixCellKey, _ rule: String, unstable: Bool = false, comment: String? = nil) {
            self.cell = cell
            self.rule = rule
            self.unstable = unstable
            self.comment = comment
        }

        public static func == (a: Line, b: Line) -> Bool {
            a.cell == b.cell && a.rule == b.rule && a.unstable == b.unstable
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(cell)
            hasher.combine(rule)
            hasher.combine(unstable)
        }
    }

    /// The lines, in file order.
    public var lines: [Line]
    /// The file it was read from, as given (messages and reports name it).
    public var source: String

    /// Creates a baseline.
    public init(lines: [Line], source: String = "baseline") {
        self.lines = lines
        self.source = source
    }

    /// The line expecting `rule` in `cell`, if any.
    public func line(_ cell: MatrixCellKey, _ rule: String) -> Line? {
        lines.first { $0.cell == cell && $0.rule == rule }
    }

    /// The lines for `cell`.
    public func lines(for cell: MatrixCellKey) -> [Line] { lines.filter { $0.cell == cell } }

    // MARK: - Reading

    /// Parses a baseline; errors are `SOURCE:LINE:COLUMN: message`.
    public init(parsing text: String, source: String) throws(TraceError) {
        var lines: [Line] = []
        var seen: [String: Int] = [:]
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = Self.words(content)
            guard !words.isEmpty else { continue }
            func error(_ column: Int, _ message: String) -> TraceError {
                TraceError(file: source, line: number, column: column, message: message)
            }
            guard words.count == 3 || (words.count == 4 && words[3].text == "unstable") else {
                let column = words.count > 3 ? words[3].column : words.last!.column
                throw error(column, "expected COMPOSITOR SCRIPT RULE [unstable], e.g. \"weston tap A1\"")
            }
            guard let kind = Self.compositor(named: words[0].text) else {
                throw error(words[0].column, "unknown compositor \"\(words[0].text)\"; compositors: "
                    + CompositorKind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            let rule = words[2].text
            guard Self.isRuleID(rule) else {
                throw error(words[2].column, "\"\(rule)\" is no rule id (R…, S…, A…, H… of docs/rules.md, or M1–M22)")
            }
            let line = Line(MatrixCellKey(kind, words[1].text), rule, unstable: words.count == 4)
            let key = "\(line.cell) \(rule)"
            if let earlier = seen[key] {
                throw error(words[0].column, "\(kind.rawValue) \(line.cell.script) \(rule) is already on line \(earlier)")
            }
            seen[key] = number
            lines.append(line)
        }
        self.init(lines: lines, source: source)
    }

    /// The words of a line with their 1-based columns (in characters).
    private static func words(_ line: Substring) -> [(text: String, column: Int)] {
        var result: [(String, Int)] = []
        var current = "", start = 0
        for (index, character) in line.enumerated() {
            if character == " " || character == "\t" || character == "\r" {
                if !current.isEmpty { result.append((current, start)) }
                current = ""
            } else {
                if current.isEmpty { start = index + 1 }
                current.append(character)
            }
        }
        if !current.isEmpty { result.append((current, start)) }
        return result
    }

    /// The compositor a baseline line names: a column's id, as `--write-expect` writes it
    /// (`sway-kernel`), or a `--compositors` spelling.
    static func compositor(named name: String) -> CompositorKind? {
        if let column = CompositorKind(rawValue: name.lowercased()) { return column }
        guard name.lowercased() != "all", let kinds = try? CompositorListing.kinds(name), kinds.count == 1 else { return nil }
        return kinds[0]
    }

    /// R, S, A or H followed by digits (checker rules), or M followed by digits (observations).
    static func isRuleID(_ text: String) -> Bool {
        guard let first = text.first, "RSAHM".contains(first), text.count > 1 else { return false }
        return text.dropFirst().allSatisfy(\.isASCII) && text.dropFirst().allSatisfy(\.isNumber)
    }

    // MARK: - Writing

    /// The file's text: a header saying what it is, then the lines (comments after them).
    public func text(header: [String]) -> String {
        var out = header.map { "# " + $0 + "\n" }.joined()
        let width = lines.map { Self.body($0).count }.max() ?? 0
        for line in lines {
            let body = Self.body(line)
            if let comment = line.comment {
                out += body.padding(toLength: width, withPad: " ", startingAt: 0) + "  # " + comment + "\n"
            } else {
                out += body + "\n"
            }
        }
        return out
    }

    private static func body(_ line: Line) -> String {
        "\(line.cell.compositor.rawValue) \(line.cell.script) \(line.rule)" + (line.unstable ? " unstable" : "")
    }
}
