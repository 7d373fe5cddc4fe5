// MARK: - Bounded histories of recent samples

extension Array {
    /// Appends `element` and drops the oldest elements beyond the newest `length`.
    mutating func append(_ element: Element, keepingLast length: Int) {
        append(element)
        if count > length { removeFirst(count - length) }
    }
}
