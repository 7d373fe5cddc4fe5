// MARK: - docs/rules.md, the reference every rule id resolves to

/// The rule reference (docs/rules.md, embedded at build time by scripts/generate-rules-doc.sh)
/// split into one entry per id, so tools can print the entry a finding cites.
///
/// An entry is a `### ID — title` heading and everything up to the next heading.
public enum RuleDocument {
    /// Where the reference lives in the project and in an installed copy's docs.
    public static let path = "docs/rules.md"

    /// One rule's entry.
    public struct Entry: Hashable, Sendable {
        /// The id: "R1", "S8", "A17", "H2", "P1".
        public var id: String
        /// The heading's title after the id.
        public var title: String
        /// The heading and its body, as written in the document.
        public var text: String
    }

    /// Every entry, in document order.
    public static let entries: [Entry] = parse(text)

    /// The entry for `id` (case-insensitive), or nil.
    public static func entry(for id: String) -> Entry? {
        entries.first { $0.id == id.uppercased() }
    }

    /// The ids the checker knows: those it reports and those it documents as not checkable.
    public static var checkerIDs: [String] {
        ConformanceRule.allCases.map(\.id) + UncheckedRule.allCases.map(\.rawValue)
    }

    /// The matrix's observations documented here (M…): the matrix reports them, not the checker;
    /// a test beside the matrix keeps them in step with its own list.
    public static var observationIDs: [String] {
        entries.map(\.id).filter { $0.hasPrefix("M") }
    }

    /// Splits a rules document into entries.
    public static func parse(_ document: String) -> [Entry] {
        var result: [Entry] = []
        var current: Entry?
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                if var finished = current {
                    finished.text = finished.text.trimmingTrailingNewlines()
                    result.append(finished)
                    current = nil
                }
                if line.hasPrefix("### ") { current = heading(String(line)) }
            }
            current?.text += line + "\n"
        }
        if var finished = current {
            finished.text = finished.text.trimmingTrailingNewlines()
            result.append(finished)
        }
        return result
    }

    /// `### R1 — title` as an empty entry, or nil when the heading names no id.
    private static func heading(_ line: String) -> Entry? {
        let words = line.dropFirst(4).split(separator: " ", maxSplits: 1)
        guard let id = words.first, let kind = id.first, "RSAHPM".contains(kind),
              id.dropFirst().allSatisfy(\.isNumber), id.count > 1 else { return nil }
        let rest = words.count > 1 ? words[1] : ""
        let title = rest.hasPrefix("— ") ? String(rest.dropFirst(2)) : String(rest)
        return Entry(id: String(id), title: title, text: "")
    }
}

private extension String {
    func trimmingTrailingNewlines() -> String {
        var copy = self
        while copy.hasSuffix("\n") { copy.removeLast() }
        return copy + "\n"
    }
}
