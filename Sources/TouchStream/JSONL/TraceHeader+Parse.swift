// MARK: - Reading and checking a header line

extension TraceHeader {
    /// The ranges header values must lie in (docs/command-line.md); a value outside is an error on read.
    public enum Limits {
        /// Surface width and height, logical px.
        public static let surfaceSize = 1...16384
        /// wl_surface buffer scale and wl_output scale.
        public static let scale = 1...16
        /// wp_fractional_scale_v1's preferred scale (exclusive of 0).
        public static let fractionalScale = 0.0...16.0
        /// Output mode width and height, device px.
        public static let outputSize = 0...65536
        /// Interface versions (globals, seat, wl_touch) and mode refresh (mHz): wire values are int32.
        public static let protocolInteger = 0...Int(Int32.max)
    }

    /// Decodes and checks a header line at `line` of `file`; problems are located at the offending value.
    public static func parse(_ bytes: some Collection<UInt8>, file: String, line: Int = 1) throws(TraceError) -> TraceHeader {
        let root: JSONValue
        do {
            var parser = JSONValueParser(bytes)
            root = try parser.parseDocument()
        } catch {
            throw TraceError(file: file, line: line, column: error.column, message: "header: \(error.message)")
        }
        let reader = HeaderFields(file: file, line: line)
        let header = try reader.header(root)
        return header
    }
}

/// Walks the header's JSON tree, checking each field's type and range.
private struct HeaderFields {
    let file: String
    let line: Int

    func fail(_ value: JSONValue?, _ message: String) -> TraceError {
        TraceError(file: file, line: line, column: value?.column ?? 1, message: message)
    }

    func header(_ root: JSONValue) throws(TraceError) -> TraceHeader {
        guard case .object = root else { throw fail(root, "the header must be a JSON object") }
        let format = try string(root, "format")
        guard format == TraceHeader.formatName else {
            throw fail(member(root, "format"),
                       "not a gesture-sandbox trace (format \"\(Quoted.text(format))\", expected \"\(TraceHeader.formatName)\")")
        }
        let versionValue = member(root, "version")
        let version = try integer(root, "version", in: Int.min...Int.max)
        guard TraceHeader.readableVersions.contains(version) else {
            let readable = TraceHeader.readableVersions
            throw fail(versionValue, "unsupported trace version \(version) (this tool reads versions \(readable.lowerBound) to \(readable.upperBound))")
        }
        var header = TraceHeader(toolVersion: try string(root, "toolVersion"),
                                 environment: try environment(try required(root, "environment", path: "environment")),
                                 profile: try string(root, "profile"), created: try string(root, "created"))
        header.version = version
        return header
    }

    private func environment(_ object: JSONValue) throws(TraceError) -> CompositorEnvironment {
        let p = "environment."
        var environment = CompositorEnvironment()
        environment.compositor = try optionalString(object, "compositor", path: p + "compositor")
        for (index, global) in try array(object, "globals", path: p + "globals").enumerated() {
            let q = p + "globals[\(index)]."
            environment.globals.append(.init(interface: try string(global, "interface", path: q + "interface"),
                                             version: try integer(global, "version", path: q + "version",
                                                                  in: TraceHeader.Limits.protocolInteger)))
        }
        if let seat = try optional(object, "seat", path: p + "seat") {
            environment.seat = .init(name: try string(seat, "name", path: p + "seat.name"),
                                     version: try integer(seat, "version", path: p + "seat.version",
                                                          in: TraceHeader.Limits.protocolInteger))
        }
        if try optional(object, "touchVersion", path: p + "touchVersion") != nil {
            environment.touchVersion = try integer(object, "touchVersion", path: p + "touchVersion",
                                                   in: TraceHeader.Limits.protocolInteger)
        }
        for (index, output) in try array(object, "outputs", path: p + "outputs").enumerated() {
            let q = p + "outputs[\(index)]."
            environment.outputs.append(.init(
                name: try string(output, "name", path: q + "name"),
                scale: try integer(output, "scale", path: q + "scale", in: TraceHeader.Limits.scale),
                transform: try string(output, "transform", path: q + "transform"),
                width: try integer(output, "width", path: q + "width", in: TraceHeader.Limits.outputSize),
                height: try integer(output, "height", path: q + "height", in: TraceHeader.Limits.outputSize),
                refresh: try integer(output, "refresh", path: q + "refresh", in: TraceHeader.Limits.protocolInteger)))
        }
        if let surface = try optional(object, "surface", path: p + "surface") {
            let q = p + "surface."
            var fractional: Double?
            if let value = try optional(surface, "fractionalScale", path: q + "fractionalScale") {
                guard case .number(let text, _) = value, let scale = Double(text), scale.isFinite,
                      scale > 0, TraceHeader.Limits.fractionalScale.contains(scale) else {
                    throw fail(value, "header field \"\(q)fractionalScale\" must be a number in (0, 16], found \(shown(value))")
                }
                fractional = scale
            }
            environment.surface = .init(
                width: try integer(surface, "width", path: q + "width", in: TraceHeader.Limits.surfaceSize),
                height: try integer(surface, "height", path: q + "height", in: TraceHeader.Limits.surfaceSize),
                bufferScale: try integer(surface, "bufferScale", path: q + "bufferScale", in: TraceHeader.Limits.scale),
                fractionalScale: fractional)
        }
        return environment
    }

    // MARK: - Fields

    private func member(_ object: JSONValue, _ key: String) -> JSONValue? {
        guard case .object(let members, _) = object else { return nil }
        return members.last { $0.key == key }?.value
    }

    private func optional(_ object: JSONValue, _ key: String, path: String) throws(TraceError) -> JSONValue? {
        guard let value = member(object, key) else { return nil }
        if case .null = value { return nil }
        return value
    }

    private func required(_ object: JSONValue, _ key: String, path: String) throws(TraceError) -> JSONValue {
        guard let value = member(object, key) else { throw fail(object, "header is missing \"\(path)\"") }
        if case .null = value { throw fail(value, "header field \"\(path)\" is null") }
        return value
    }

    private func string(_ object: JSONValue, _ key: String, path: String? = nil) throws(TraceError) -> String {
        let value = try required(object, key, path: path ?? key)
        guard case .string(let text, _) = value else { throw wrongType(value, path ?? key, "a string") }
        return text
    }

    private func optionalString(_ object: JSONValue, _ key: String, path: String) throws(TraceError) -> String? {
        guard let value = try optional(object, key, path: path) else { return nil }
        guard case .string(let text, _) = value else { throw wrongType(value, path, "a string") }
        return text
    }

    private func array(_ object: JSONValue, _ key: String, path: String) throws(TraceError) -> [JSONValue] {
        let value = try required(object, key, path: path)
        guard case .array(let elements, _) = value else { throw wrongType(value, path, "an array") }
        return elements
    }

    private func integer(_ object: JSONValue, _ key: String, path: String? = nil,
                         in range: ClosedRange<Int>) throws(TraceError) -> Int {
        let path = path ?? key
        let value = try required(object, key, path: path)
        guard case .number(let text, _) = value else { throw wrongType(value, path, "an integer") }
        guard text.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || ($0 >= 48 && $0 <= 57) }) else {
            throw fail(value, "header field \"\(path)\" must be an integer, found \(shown(value))")
        }
        guard let number = Int(text), range.contains(number) else {
            throw fail(value, "header field \"\(path)\" is out of range \(range.lowerBound)...\(range.upperBound), found \(shown(value))")
        }
        return number
    }

    private func wrongType(_ value: JSONValue, _ path: String, _ expected: String) -> TraceError {
        fail(value, "header field \"\(path)\" has the wrong type (expected \(expected), found \(value.typeName))")
    }

    private func shown(_ value: JSONValue) -> String {
        switch value {
        case .number(let text, _): Quoted.text(text)
        default: value.typeName
        }
    }
}
