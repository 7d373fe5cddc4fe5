// MARK: - Values

/// One D-Bus value with its type: what method arguments, replies, properties and signals carry.
///
/// `a{sv}` (the vardict every GNOME and KDE interface takes) is `.dictionary`; its values are
/// wrapped in variants on the wire. Other arrays carry their element signature so an empty one
/// still has a type. A `.unixFD` read from a message is a new descriptor the reader must close.
public enum DBusValue: Equatable, Sendable {
    case byte(UInt8)
    case bool(Bool)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// A file descriptor passed over the socket (the sender's is duplicated; it keeps its own).
    case unixFD(Int32)
    indirect case variant(DBusValue)
    /// An array whose elements all have `elementSignature`.
    case array(elementSignature: String, [DBusValue])
    /// An `a{sv}` dictionary; each value goes on the wire inside a variant.
    case dictionary([String: DBusValue])
    /// A struct (`(...)`), and also one `{key value}` entry of a non-`a{sv}` dictionary.
    case structure([DBusValue])

    /// The value's D-Bus type signature (`s`, `a{sv}`, `(ud)` …).
    public var signature: String {
        switch self {
        case .byte: "y"
        case .bool: "b"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .unixFD: "h"
        case .variant: "v"
        case .array(let element, _): "a" + element
        case .dictionary: "a{sv}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        }
    }
}

// MARK: - Reading values back

extension DBusValue {
    /// The string of a `.string`, `.objectPath` or `.signature` (also inside a variant).
    public var stringValue: String? {
        switch self {
        case .string(let s), .objectPath(let s), .signature(let s): s
        case .variant(let inner): inner.stringValue
        default: nil
        }
    }

    /// The number of any integer or double value (also inside a variant).
    public var doubleValue: Double? {
        switch self {
        case .byte(let v): Double(v)
        case .int32(let v): Double(v)
        case .uint32(let v): Double(v)
        case .int64(let v): Double(v)
        case .uint64(let v): Double(v)
        case .double(let v): v
        case .variant(let inner): inner.doubleValue
        default: nil
        }
    }

    /// The value of a `.uint32` (also inside a variant).
    public var uint32Value: UInt32? {
        switch self {
        case .uint32(let v): v
        case .variant(let inner): inner.uint32Value
        default: nil
        }
    }

    /// The elements of an array (strings of `as`, entries of `a(...)`), also inside a variant.
    public var arrayValue: [DBusValue]? {
        switch self {
        case .array(_, let elements): elements
        case .variant(let inner): inner.arrayValue
        default: nil
        }
    }

    /// The entries of an `a{sv}` dictionary (also inside a variant).
    public var dictionaryValue: [String: DBusValue]? {
        switch self {
        case .dictionary(let entries): entries
        case .variant(let inner): inner.dictionaryValue
        default: nil
        }
    }

    /// The value itself with every enclosing variant removed.
    public var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }
}
