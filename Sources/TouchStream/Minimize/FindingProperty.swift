// MARK: - "Still shows this finding" as a minimisation property

extension Minimizer {
    /// The property "the checker still reports `ruleID` at the same event" for the first finding of
    /// `ruleID` in `records`, or nil when there is none.
    ///
    /// Tying the finding to its event (an equal record: same kind, id, time, serial, coordinates),
    /// not only to its rule, stops the search from drifting to another instance of the rule that
    /// removing records creates (an up of a padding tap becoming "up after up" once its down is gone).
    public static func keepsFinding(_ ruleID: String, in records: [RawRecord], header: TraceHeader?)
        -> (([RawRecord]) -> Bool)? {
        guard let first = ConformanceChecker.check(records, header: header).first(where: { $0.ruleID == ruleID }),
              first.recordIndex < records.count else { return nil }
        return keepsFinding(ruleID, target: records[first.recordIndex], header: header)
    }
}
