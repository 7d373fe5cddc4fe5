// MARK: - Shrinking a trace that is streamed, not held

/// Why a streamed trace could not be shrunk: the property never showed, or it rests on more of
/// the trace than the window holds. One line, for the command's error.
public struct MinimizeError: Error, CustomStringConvertible, Sendable {
    public let description: String
    /// Creates an error with its one-line message.
    public init(_ description: String) { self.description = description }
}

/// The checker run over a stream, keeping the ``QuiescentWindow`` of the first finding `matching`
/// picks (for `minimize --keep finding:R`, the first finding of R; for a report, the first
/// violation). Memory: the checker's (touches down) plus the window.
public struct FindingLocator {
    /// The checker every record goes through.
    public private(set) var checker: ConformanceChecker
    /// The records the target can rest on.
    public private(set) var window: QuiescentWindow
    /// The first finding `matching` picked, once decided.
    public private(set) var target: Finding?
    private let matching: (Finding) -> Bool

    /// A locator for a trace with `header`, looking for the first finding `matching` accepts.
    public init(header: TraceHeader?, window: QuiescentWindow = QuiescentWindow(),
                matching: @escaping (Finding) -> Bool) {
        checker = ConformanceChecker(header: header)
        self.window = window
        self.matching = matching
    }

    /// True once the target is found and its window complete: later records cannot change it.
    public var isComplete: Bool { target != nil && window.isComplete }

    /// Checks one record, appending the findings it decides to `findings`.
    public mutating func push(_ record: RawRecord, into findings: inout [Finding]) {
        let start = findings.count
        window.push(record)
        checker.push(record, into: &findings)
        if target == nil, let hit = findings[start...].first(where: matching) {
            target = hit
            window.close(afterFrameFrom: window.count - 1)
        }
    }

    /// End of input: the findings only the end decides.
    public mutating func finish(into findings: inout [Finding]) {
        let start = findings.count
        checker.finish(into: &findings)
        if target == nil, let hit = findings[start...].first(where: matching) {
            target = hit
            window.close(afterFrameFrom: window.count)
        }
        window.finish()
    }

    /// The smallest trace found that keeps the target finding at its event (``Minimizer/keepsFinding(_:target:header:)``),
    /// shrunk from its window only. Throws when there is no target or its window cannot show it.
    public func minimize(header: TraceHeader?) throws(MinimizeError) -> [RawRecord] {
        guard let target else { throw MinimizeError("no such finding in this trace: nothing to keep") }
        let what = "\(target.ruleID) at record \(target.recordIndex)"
        guard window.isComplete, let event = window.record(at: target.recordIndex) else {
            throw Minimizer.tooLong(what, window)
        }
        let keeps = Minimizer.keepsFinding(target.ruleID, target: event, header: header)
        return try Minimizer.minimize(window: window, containing: target.recordIndex, what: what, keeps: keeps)
    }
}

// MARK: - Window to minimal trace

extension Minimizer {
    /// "The checker reports `ruleID` at a record equal to `target`": why the event and not only the
    /// rule, see ``keepsFinding(_:in:header:)``.
    public static func keepsFinding(_ ruleID: String, target: RawRecord, header: TraceHeader?) -> ([RawRecord]) -> Bool {
        { candidate in
            ConformanceChecker.check(candidate, header: header).contains {
                $0.ruleID == ruleID && $0.recordIndex < candidate.count && candidate[$0.recordIndex] == target
            }
        }
    }

    /// Shrinks a complete window: the records from its latest quiescent point that keep the property
    /// (earlier points are tried when a later cut loses it), then ``minimize(records:keeps:)`` on them.
    /// Only cuts at or before `index` are tried when given (the record the property is about);
    /// `what` names the property in errors.
    public static func minimize(window: QuiescentWindow, containing index: Int? = nil, what: String,
                                keeps: ([RawRecord]) -> Bool) throws(MinimizeError) -> [RawRecord] {
        guard window.isComplete else { throw tooLong(what, window) }
        for start in window.starts where start <= index ?? start {
            let candidate = window.records(from: start)
            if keeps(candidate) { return minimize(records: candidate, keeps: keeps) }
        }
        throw MinimizeError("\(what) rests on more than the \(window.keptStarts) touch sequences before it "
            + "(the trace from record \(window.starts.last ?? 0) on does not show it); cut the trace nearer to it and minimize that")
    }

    /// The error for a property behind a stretch with a touch down longer than the window holds.
    static func tooLong(_ what: String, _ window: QuiescentWindow) -> MinimizeError {
        MinimizeError("\(what): more than \(window.maximumRecords) records with a touch down lead up to it, "
            + "too many to hold; cut the trace nearer to it (at a moment no touch is down) and minimize that")
    }
}
