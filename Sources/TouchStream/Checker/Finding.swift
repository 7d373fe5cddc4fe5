// MARK: - What the conformance checker reports

/// One problem the conformance checker found in a trace, citing a DESIGN §4 rule id.
public struct Finding: Hashable, Sendable, CustomStringConvertible {
    /// How strongly the protocol speaks: MUST rules, ambiguities compositors differ on, heuristics.
    public enum Category: String, Hashable, Sendable, Codable, CaseIterable {
        /// A MUST or SHOULD of wayland.xml broken (R…, S…).
        case violation
        /// Behaviour the protocol leaves open and compositors differ on (A…).
        case ambiguity
        /// Not a rule: a pattern that usually means a bug (µs timestamps, surface switch).
        case heuristic
    }

    /// The rule id: "R3", "S8", "A1", or "H1" for heuristics.
    public var ruleID: String
    public var category: Category
    /// One sentence: what happened, quoting the rule.
    public var message: String
    /// The 0-based index of the record that shows it (records only; the header is not counted).
    public var recordIndex: Int
    /// The record's wl_touch time in ms, when it has one.
    public var time: UInt32?
    /// The touch id concerned, if any.
    public var touchID: Int32?

    /// Creates a finding.
    public init(ruleID: String, category: Category, message: String, recordIndex: Int, time: UInt32? = nil,
                touchID: Int32? = nil) {
        self.ruleID = ruleID
        self.category = category
        self.message = message
        self.recordIndex = recordIndex
        self.time = time
        self.touchID = touchID
    }

    public var description: String {
        let at = time.map { " t=\($0)" } ?? ""
        return "record \(recordIndex)\(at): \(category.rawValue) \(ruleID): \(message)"
    }
}
