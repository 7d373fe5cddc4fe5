import CDBus

/// libdbus's type codes (its macros are casts Swift does not import).
enum DBusTypeCode {
    static let invalid = Int32(0)
    static let array = code("a")
    static let variant = code("v")
    static let structure = code("r")
    static let dictEntry = code("e")

    static func code(_ character: Unicode.Scalar) -> Int32 { Int32(character.value) }
}

// MARK: - Writing

extension DBusValue {
    /// Appends the value at `iter` (an append iterator of a message or an open container).
    func append(to iter: UnsafeMutablePointer<DBusMessageIter>) throws {
        let ok: Bool
        switch self {
        case .byte(var v): ok = appendBasic(iter, "y", &v)
        case .bool(let b):
            var v = dbus_bool_t(b ? 1 : 0)
            ok = appendBasic(iter, "b", &v)
        case .int32(var v): ok = appendBasic(iter, "i", &v)
        case .uint32(var v): ok = appendBasic(iter, "u", &v)
        case .int64(var v): ok = appendBasic(iter, "x", &v)
        case .uint64(var v): ok = appendBasic(iter, "t", &v)
        case .double(var v): ok = appendBasic(iter, "d", &v)
        case .unixFD(var v): ok = appendBasic(iter, "h", &v)
        case .string(let s): ok = appendString(iter, "s", s)
        case .objectPath(let s): ok = appendString(iter, "o", s)
        case .signature(let s): ok = appendString(iter, "g", s)
        case .variant(let inner):
            ok = try appendContainer(iter, DBusTypeCode.variant, signature: inner.signature) { sub in
                try inner.append(to: sub)
            }
        case .array(let element, let elements):
            ok = try appendContainer(iter, DBusTypeCode.array, signature: element) { sub in
                for value in elements { try value.append(to: sub) }
            }
        case .dictionary(let entries):
            ok = try appendContainer(iter, DBusTypeCode.array, signature: "{sv}") { sub in
                // Sorted so a message's bytes do not depend on dictionary order.
                for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
                    guard try appendContainer(sub, DBusTypeCode.dictEntry, signature: nil, body: { inner in
                        try DBusValue.string(key).append(to: inner)
                        try DBusValue.variant(value).append(to: inner)
                    }) else { throw DBusFailure("cannot append the a{sv} entry \(key)") }
                }
            }
        case .structure(let fields):
            ok = try appendContainer(iter, DBusTypeCode.structure, signature: nil) { sub in
                for field in fields { try field.append(to: sub) }
            }
        }
        guard ok else { throw DBusFailure("cannot append a D-Bus value of type \(signature) (invalid value or out of memory)") }
    }

    private func appendBasic<T>(_ iter: UnsafeMutablePointer<DBusMessageIter>, _ type: Unicode.Scalar,
                                _ value: inout T) -> Bool {
        withUnsafeMutablePointer(to: &value) { dbus_message_iter_append_basic(iter, DBusTypeCode.code(type), $0) != 0 }
    }

    private func appendString(_ iter: UnsafeMutablePointer<DBusMessageIter>, _ type: Unicode.Scalar,
                              _ string: String) -> Bool {
        string.withCString { chars in
            var pointer: UnsafePointer<CChar>? = chars
            return dbus_message_iter_append_basic(iter, DBusTypeCode.code(type), &pointer) != 0
        }
    }

    /// Opens a container, lets `body` fill it, and closes it (abandons it when `body` throws).
    private func appendContainer(_ iter: UnsafeMutablePointer<DBusMessageIter>, _ type: Int32, signature: String?,
                                 body: (UnsafeMutablePointer<DBusMessageIter>) throws -> Void) throws -> Bool {
        let sub = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
        defer { sub.deallocate() }
        let opened: Bool = if let signature {
            signature.withCString { dbus_message_iter_open_container(iter, type, $0, sub) != 0 }
        } else {
            dbus_message_iter_open_container(iter, type, nil, sub) != 0
        }
        guard opened else { return false }
        do {
            try body(sub)
        } catch {
            dbus_message_iter_abandon_container(iter, sub)
            throw error
        }
        return dbus_message_iter_close_container(iter, sub) != 0
    }
}

// MARK: - Reading

extension DBusValue {
    /// Every value from `iter` to the end of its message or container.
    static func readAll(_ iter: UnsafeMutablePointer<DBusMessageIter>) -> [DBusValue] {
        var values: [DBusValue] = []
        while dbus_message_iter_get_arg_type(iter) != DBusTypeCode.invalid {
            if let value = read(iter) { values.append(value) }
            dbus_message_iter_next(iter)
        }
        return values
    }

    /// The value at `iter` (nil for a type this layer does not model: int16/uint16 are widened).
    static func read(_ iter: UnsafeMutablePointer<DBusMessageIter>) -> DBusValue? {
        let type = dbus_message_iter_get_arg_type(iter)
        switch Unicode.Scalar(UInt32(type)).map(Character.init) {
        case "a": return readArray(iter)
        case "v": return recurse(iter) { read($0) }.map { .variant($0) }
        case "r", "e": return recurse(iter) { .structure(readAll($0)) }
        default: return readBasic(iter, type)
        }
    }

    private static func readBasic(_ iter: UnsafeMutablePointer<DBusMessageIter>, _ type: Int32) -> DBusValue? {
        var basic = DBusBasicValue()
        dbus_message_iter_get_basic(iter, &basic)
        switch Unicode.Scalar(UInt32(type)).map(Character.init) {
        case "y": return .byte(basic.byt)
        case "b": return .bool(basic.bool_val != 0)
        case "n": return .int32(Int32(basic.i16))
        case "q": return .uint32(UInt32(basic.u16))
        case "i": return .int32(basic.i32)
        case "u": return .uint32(basic.u32)
        case "x": return .int64(Int64(basic.i64))
        case "t": return .uint64(UInt64(basic.u64))
        case "d": return .double(basic.dbl)
        case "h": return .unixFD(basic.fd)
        case "s": return basic.str.map { .string(String(cString: $0)) }
        case "o": return basic.str.map { .objectPath(String(cString: $0)) }
        case "g": return basic.str.map { .signature(String(cString: $0)) }
        default: return nil
        }
    }

    private static func readArray(_ iter: UnsafeMutablePointer<DBusMessageIter>) -> DBusValue? {
        guard let raw = dbus_message_iter_get_signature(iter) else { return nil }
        let signature = String(cString: raw)
        dbus_free(raw)
        let elementSignature = String(signature.dropFirst())
        return recurse(iter) { sub in
            let elements = readAll(sub)
            guard elementSignature == "{sv}" else { return .array(elementSignature: elementSignature, elements) }
            var entries: [String: DBusValue] = [:]
            for case .structure(let pair) in elements where pair.count == 2 {
                if let key = pair[0].stringValue, case .variant(let value) = pair[1] { entries[key] = value }
            }
            return .dictionary(entries)
        }
    }

    private static func recurse(_ iter: UnsafeMutablePointer<DBusMessageIter>,
                                _ body: (UnsafeMutablePointer<DBusMessageIter>) -> DBusValue?) -> DBusValue? {
        let sub = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
        defer { sub.deallocate() }
        dbus_message_iter_recurse(iter, sub)
        return body(sub)
    }
}
