import Scenes
import TouchKit
import TouchStream

// MARK: - What a minimised trace must keep

/// The property `gesture-sandbox minimize --keep` names: a checker finding, or an outcome of a replay.
public enum KeepProperty: Hashable, Sendable, CustomStringConvertible {
    /// The checker still reports this rule id at the same event (see ``Minimizer/keepsFinding(_:in:header:)``).
    case finding(String)
    /// Replaying through the scene still gives a deliveries-log line containing this text.
    case outcome(String)

    /// Parses `finding:R3` or `outcome:TEXT`.
    public init(parsing text: String) throws(RuntimeError) {
        if text.hasPrefix("finding:"), text.count > "finding:".count {
            self = .finding(String(text.dropFirst("finding:".count)))
        } else if text.hasPrefix("outcome:"), text.count > "outcome:".count {
            self = .outcome(String(text.dropFirst("outcome:".count)))
        } else {
            throw RuntimeError("--keep takes finding:RULE (e.g. finding:R3) or outcome:TEXT, not \"\(text)\"")
        }
    }

    /// "finding R3" or "outcome \"TEXT\"".
    public var description: String {
        switch self {
        case .finding(let rule): "finding \(rule)"
        case .outcome(let text): "outcome \"\(text)\""
        }
    }

    /// The predicate over candidate records; an error when `trace` itself lacks the property.
    public func predicate(for trace: Trace, sceneType: any Scene.Type, profile: ThresholdProfile)
        throws(RuntimeError) -> ([RawRecord]) -> Bool {
        switch self {
        case .finding(let rule):
            guard let keeps = Minimizer.keepsFinding(rule, in: trace.records, header: trace.header) else {
                throw RuntimeError("the checker reports no \(rule) in this trace: nothing to keep")
            }
            return keeps
        case .outcome(let text):
            let header = trace.header
            let keeps: ([RawRecord]) -> Bool = { records in
                let candidate = Trace(format: .jsonLines, header: header, items: records.map { .record($0) })
                return ReplaySession(trace: candidate, sceneType: sceneType, profile: profile)
                    .deliveriesLog.contains(text)
            }
            guard keeps(trace.records) else {
                throw RuntimeError("no deliveries-log line of the replay contains \"\(text)\": nothing to keep")
            }
            return keeps
        }
    }
}
