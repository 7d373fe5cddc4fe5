// MARK: - Seat capability: R14 and A8

extension ConformanceChecker {
    /// A capabilities record: records whether the seat has touch; removing it while touches are
    /// down is the ambiguity A8, and those touches end there (their wl_touch is gone).
    ///
    /// The record is not a wl_touch event: it neither settles an open A1 question nor joins a frame.
    mutating func capabilities(touch: Bool, index: Int, into findings: inout [Finding]) {
        defer { touchCapability = touch }
        guard !touch, touchCapability != false else { return }
        let active = touches.removeAll()
        guard !active.isEmpty else { return }
        let ids = active.map { String($0.id) }.joined(separator: ", ")
        findings.append(ConformanceRule.a8.finding(
            "touch capability removed while id\(active.count == 1 ? "" : "s") \(ids) \(active.count == 1 ? "is" : "are") down",
            record: index, time: nil, id: active.count == 1 ? active[0].id : nil))
    }

    /// R14: a wl_touch event while the latest capabilities record says the seat has no touch.
    /// Returns true when it reported one; the event is then judged by no other rule (it should not exist).
    mutating func eventWithoutTouchCapability(_ event: RawEvent, index: Int, into findings: inout [Finding]) -> Bool {
        guard touchCapability == false else { return false }
        let idText = event.touchID.map { " for id \($0)" } ?? ""
        findings.append(ConformanceRule.r14.finding(
            "wl_touch.\(event.name)\(idText) after the seat's touch capability was removed",
            record: index, time: event.time, id: event.touchID))
        return true
    }
}
