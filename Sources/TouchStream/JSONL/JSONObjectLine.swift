// MARK: - One JSON object, read by key

/// The top-level members of one JSON object (a deliveries-log entry, a presentation line), for
/// readers that need a few fields of lines they did not write; parsed by the trace reader's own
/// JSON parser, so reading them needs no Foundation.
public struct JSONObjectLine {
    private let members: [String: JSONValue]

    /// The object in `text`; nil when it is not one JSON object. A repeated key keeps its first value.
    public init?(_ text: some StringProtocol) { self.init(bytes: text.utf8) }

    /// The object in UTF-8 `bytes`; nil when they are not one JSON object.
    init?(bytes: some Collection<UInt8>) {
        var parser = JSONValueParser(bytes)
        guard let root = try? parser.parseDocument(), case .object(let list, _) = root else { return nil }
        var members: [String: JSONValue] = [:]
        for member in list where members[member.key] == nil { members[member.key] = member.value }
        self.members = members
    }

    /// The value at `key` as parsed, for readers that check its form themselves.
    func value(_ key: String) -> JSONValue? { members[key] }

    /// True when the object has `key`, whatever its value.
    public func has(_ key: String) -> Bool { members[key] != nil }

    /// The string at `key`; nil when absent or not a string.
    public func string(_ key: String) -> String? {
        if case .string(let value, _)? = members[key] { return value }
        return nil
    }

    /// The number at `key`; nil when absent or not a number.
    public func number(_ key: String) -> Double? {
        if case .number(let text, _)? = members[key] { return Double(text) }
        return nil
    }

    /// The boolean at `key`; nil when absent or not a boolean.
    public func bool(_ key: String) -> Bool? {
        if case .bool(let value, _)? = members[key] { return value }
        return nil
    }
}
