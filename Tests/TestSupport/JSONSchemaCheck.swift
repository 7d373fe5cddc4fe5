import Foundation

// MARK: - A small JSON Schema validator for the project's own schemas

/// A JSON value, decoded exactly: booleans, integers and other numbers stay apart.
public indirect enum JSONValue: Decodable, Equatable, Sendable {
    case null, bool(Bool), integer(Int), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null; return }
        if let value = try? container.decode(Bool.self) { self = .bool(value); return }
        if let value = try? container.decode(Int.self) { self = .integer(value); return }
        if let value = try? container.decode(Double.self) { self = .number(value); return }
        if let value = try? container.decode(String.self) { self = .string(value); return }
        if let value = try? container.decode([JSONValue].self) { self = .array(value); return }
        self = .object(try container.decode([String: JSONValue].self))
    }

    /// Parses JSON text.
    public static func parse(_ data: Data) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: data) }
}

/// Checks a JSON document against a JSON Schema (draft 2020-12), for the keywords the project's
/// schemas use: `type`, `const`, `enum`, `properties`, `required`, `additionalProperties`,
/// `propertyNames`, `items`, `minimum`, `pattern`, `$ref` into `#/$defs/`. Any other keyword is
/// reported as a problem, so a schema cannot lean on a rule this checker would silently skip.
public struct JSONSchemaCheck {
    private let root: JSONValue
    private static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]
    private static let keywords: Set<String> = ["type", "const", "enum", "properties", "required", "additionalProperties",
                                                "propertyNames", "items", "minimum", "pattern", "$ref"]

    /// A checker for `schema`.
    public init(schema: JSONValue) { root = schema }

    /// Every place `document` breaks the schema, as "PATH: what"; empty when it conforms.
    public func problems(in document: JSONValue) -> [String] {
        var problems: [String] = []
        check(document, against: root, at: "$", into: &problems)
        return problems
    }

    private func check(_ value: JSONValue, against schema: JSONValue, at path: String, into problems: inout [String]) {
        guard case .object(let rules) = schema else {
            if schema == .bool(false) { problems.append("\(path): not allowed here") }
            return
        }
        for key in rules.keys where !Self.keywords.contains(key) && !Self.annotations.contains(key) {
            problems.append("\(path): the schema uses \"\(key)\", which this checker does not know")
        }
        if case .string(let reference)? = rules["$ref"] {
            guard let target = resolve(reference) else { return problems.append("\(path): cannot resolve \(reference)") }
            check(value, against: target, at: path, into: &problems)
        }
        if let type = rules["type"], !matches(value, type) { problems.append("\(path): \(describe(value)) is not \(describe(type))") }
        if let constant = rules["const"], !same(constant, value) { problems.append("\(path): \(describe(value)) is not \(describe(constant))") }
        if case .array(let options)? = rules["enum"], !options.contains(where: { same($0, value) }) {
            problems.append("\(path): \(describe(value)) is none of \(describe(.array(options)))")
        }
        if let minimum = rules["minimum"].flatMap(number), let actual = number(value), actual < minimum {
            problems.append("\(path): \(actual) is below \(minimum)")
        }
        if case .string(let pattern)? = rules["pattern"], case .string(let text) = value, !Self.matches(text, pattern) {
            problems.append("\(path): \"\(text)\" does not match \(pattern)")
        }
        if case .array(let items) = value, let itemSchema = rules["items"] {
            for (index, item) in items.enumerated() { check(item, against: itemSchema, at: "\(path)[\(index)]", into: &problems) }
        }
        guard case .object(let members) = value else { return }
        if case .array(let required)? = rules["required"] {
            for case .string(let name) in required where members[name] == nil { problems.append("\(path): \"\(name)\" is missing") }
        }
        let properties: [String: JSONValue]
        if case .object(let declared)? = rules["properties"] { properties = declared } else { properties = [:] }
        for (name, member) in members.sorted(by: { $0.key < $1.key }) {
            if let names = rules["propertyNames"] { check(.string(name), against: names, at: "\(path) key \(name)", into: &problems) }
            if let property = properties[name] {
                check(member, against: property, at: "\(path).\(name)", into: &problems)
            } else if let additional = rules["additionalProperties"] {
                if additional == .bool(false) {
                    problems.append("\(path): \"\(name)\" is not in the schema")
                } else {
                    check(member, against: additional, at: "\(path).\(name)", into: &problems)
                }
            }
        }
    }

    private func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#/$defs/"), case .object(let top) = root, case .object(let definitions)? = top["$defs"] else {
            return nil
        }
        return definitions[String(reference.dropFirst("#/$defs/".count))]
    }

    private func matches(_ value: JSONValue, _ type: JSONValue) -> Bool {
        switch type {
        case .array(let types): return types.contains { matches(value, $0) }
        case .string("null"): return value == .null
        case .string("boolean"): if case .bool = value { return true }
        case .string("integer"): if case .integer = value { return true }
        case .string("number"): return number(value) != nil
        case .string("string"): if case .string = value { return true }
        case .string("array"): if case .array = value { return true }
        case .string("object"): if case .object = value { return true }
        default: break
        }
        return false
    }

    private func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if let x = number(a), let y = number(b) { return x == y }
        return a == b
    }

    private func number(_ value: JSONValue) -> Double? {
        switch value {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    private static func matches(_ text: String, _ pattern: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) != nil
    }

    private func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let value): String(value)
        case .integer(let value): String(value)
        case .number(let value): String(value)
        case .string(let value): "\"\(value)\""
        case .array(let values): "[" + values.map(describe).joined(separator: ", ") + "]"
        case .object: "an object"
        }
    }
}
