// MARK: - Checking a trace file: what `gesture-sandbox check` runs

/// Streams a trace file through the ``ConformanceChecker`` and writes one line per finding.
///
/// JSON Lines traces are read record by record (memory bounded by the longest line and the
/// touches down); compact-form files, which are small by nature, are parsed whole. Findings are
/// written as they are decided, so on input that turns out malformed half-way the findings
/// before the bad line have already been written when the error is thrown.
///
/// Text output, one line per finding, then the summary:
///
///     TRACE:record N t=T: violation R3: what happened; the wayland.xml text
///     N violations, N ambiguities, N heuristics in M records
///
/// JSON output (``Format/jsonLines``), one object per line, `kind` first as in traces:
///
///     {"kind":"finding","rule":"R3","category":"violation","record":N,"time":T|null,"id":ID|null,"message":"…"}
///     {"kind":"summary","violations":N,"ambiguities":N,"heuristics":N,"records":M,"unchecked":["R6",…]}
///
/// `record` is the 0-based index among records (the header line is not a record); `unchecked`
/// lists the ``UncheckedRule`` ids.
public enum TraceCheck {
    /// How findings are written.
    public enum Format: Hashable, Sendable {
        /// One human-readable line per finding, then the summary line.
        case text
        /// One JSON object per finding, then a summary object.
        case jsonLines
    }

    /// What a checked trace amounted to.
    public struct Outcome: Hashable, Sendable {
        /// Findings per category.
        public var tally: FindingTally
        /// Records checked.
        public var recordCount: Int

        /// Creates an outcome.
        public init(tally: FindingTally, recordCount: Int) {
            self.tally = tally
            self.recordCount = recordCount
        }

        /// The command's exit status: 0 without violations, 1 with (2, unreadable input, is thrown).
        public var exitCode: Int32 { tally.violations > 0 ? 1 : 0 }

        /// `N violations, N ambiguities, N heuristics in M records`.
        public var summaryLine: String {
            "\(Self.plural(tally.violations, "violation")), \(Self.plural(tally.ambiguities, "ambiguity", "ambiguities")), \(Self.plural(tally.heuristics, "heuristic")) in \(Self.plural(recordCount, "record"))"
        }

        private static func plural(_ n: Int, _ one: String, _ many: String? = nil) -> String {
            "\(n) \(n == 1 ? one : many ?? one + "s")"
        }
    }

    /// Exit status for input that cannot be read (missing, empty, truncated, malformed).
    public static let unreadableExitCode: Int32 = 2

    /// The whole `check` command: writes lines to `output`, hands an unreadable-input error (one
    /// line, `FILE:LINE:COLUMN: what is wrong`) to `failure`, and returns the exit status:
    /// 0 without violations, 1 with, 2 (``unreadableExitCode``) when the input is unreadable.
    public static func command(path: String, format: Format = .text, output: (String) -> Void,
                               failure: (any Error) -> Void) -> Int32 {
        do {
            return try run(path: path, format: format, emit: output).exitCode
        } catch {
            failure(error)
            return unreadableExitCode
        }
    }

    /// Checks the trace at `path`, passing each output line (without newline) to `emit`.
    /// Throws ``TraceError`` (with file:line:column) when unreadable.
    @discardableResult
    public static func run(path: String, format: Format = .text, emit: (String) -> Void) throws -> Outcome {
        var findings: [Finding] = []
        let stream = try TraceStream(path: path)
        var checker = ConformanceChecker(header: stream.header)
        try stream.forEach { item in
            guard case .record(let record) = item else { return }
            checker.push(record, into: &findings)
            if !findings.isEmpty { write(&findings, path: stream.name, format: format, emit: emit) }
        }
        checker.finish(into: &findings)
        write(&findings, path: stream.name, format: format, emit: emit)
        let outcome = Outcome(tally: checker.tally, recordCount: checker.recordCount)
        emit(format == .text ? outcome.summaryLine : summaryJSON(outcome))
        return outcome
    }

    // MARK: - Lines

    private static func write(_ findings: inout [Finding], path: String, format: Format, emit: (String) -> Void) {
        for finding in findings {
            emit(format == .text ? "\(path):\(finding)" : json(finding))
        }
        findings.removeAll(keepingCapacity: true)
    }

    /// A finding as one JSON object (shape in ``TraceCheck``).
    public static func json(_ finding: Finding) -> String {
        var out: [UInt8] = []
        out += Array("{\"kind\":\"finding\",\"rule\":".utf8)
        appendJSONString(finding.ruleID, to: &out)
        out += Array(",\"category\":\"\(finding.category.rawValue)\",\"record\":\(finding.recordIndex)".utf8)
        out += Array(",\"time\":\(finding.time.map(String.init) ?? "null")".utf8)
        out += Array(",\"id\":\(finding.touchID.map(String.init) ?? "null"),\"message\":".utf8)
        appendJSONString(finding.message, to: &out)
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }

    /// The summary as one JSON object (shape in ``TraceCheck``).
    public static func summaryJSON(_ outcome: Outcome) -> String {
        let unchecked = UncheckedRule.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ",")
        return "{\"kind\":\"summary\",\"violations\":\(outcome.tally.violations),\"ambiguities\":\(outcome.tally.ambiguities),\"heuristics\":\(outcome.tally.heuristics),\"records\":\(outcome.recordCount),\"unchecked\":[\(unchecked)]}"
    }
}
