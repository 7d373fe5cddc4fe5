// MARK: - libinput record files

/// Reads `libinput record`'s YAML (file version 1): the device's `evdev` description (name, id,
/// codes, absinfo, properties), its `hid` report descriptor when recorded, and the `evdev` frames
/// of `events` as `[sec, usec, type, code, value]` (libinput's own events are skipped).
enum LibinputRecordReader {
    static func read(_ lines: [Substring], name: String) throws -> Recording {
        let root = try RecordYAML.parse(lines, name: name)
        func fail(_ node: RecordYAML?, _ message: String) -> KernelLaneError {
            RecordingImport.error(name, node?.line ?? root.line, message)
        }
        guard case .mapping = root else { throw fail(root, "a libinput record file is a mapping (version, devices, …)") }
        guard let version = root["version"]?.text else { throw fail(root, "no `version:` (a libinput record file has one)") }
        guard version == "1" else { throw fail(root["version"], "libinput record file version \(version); this import reads version 1") }
        guard let devices = root["devices"]?.items else { throw fail(root, "no `devices:` list") }
        guard devices.count == 1 else {
            throw fail(root["devices"], "\(devices.count) devices recorded; import reads a recording of one (libinput record /dev/input/eventN)")
        }
        let device = devices[0]
        guard let evdev = device["evdev"] else { throw fail(device, "the device has no `evdev:` description") }
        func integers(_ node: RecordYAML?, count: Int? = nil, what: String) throws -> [Int] {
            guard let items = node?.items else { throw fail(node ?? evdev, "\(what): expected a [list] of numbers") }
            let values = items.compactMap(\.integer)
            guard values.count == items.count, count == nil || values.count == count else {
                throw fail(node, "\(what): expected \(count.map { "\($0) " } ?? "")whole numbers")
            }
            return values
        }
        guard let deviceName = evdev["name"]?.text else { throw fail(evdev, "the device has no `name:`") }
        let id = try integers(evdev["id"], count: 4, what: "id")
        var recording = Recording(source: .libinputRecord, name: deviceName, bustype: id[0], vendor: id[1], product: id[2], version: id[3])
        guard case .mapping(let codes, _) = evdev["codes"] ?? .scalar("", line: evdev.line) else {
            throw fail(evdev["codes"] ?? evdev, "the device has no `codes:` mapping")
        }
        for (key, value) in codes {
            guard let type = Int(key), (0..<0x20).contains(type) else { throw fail(value, "codes: \(key) is not an event type number") }
            if type != EvdevNames.syn { recording.codes[type] = try integers(value, what: "codes \(key)").sorted() }
        }
        if let absinfo = evdev["absinfo"] {
            guard case .mapping(let axes, _) = absinfo else { throw fail(absinfo, "absinfo: expected a mapping of axis numbers") }
            for (key, value) in axes {
                guard let code = Int(key), (0..<0x40).contains(code) else { throw fail(value, "absinfo: \(key) is not an axis number") }
                let numbers = try integers(value, count: 5, what: "absinfo \(key) (min, max, fuzz, flat, resolution)")
                guard numbers[0] <= numbers[1] else {
                    throw fail(value, "absinfo \(key): minimum \(numbers[0]) is above maximum \(numbers[1])")
                }
                recording.absinfo[code] = AbsInfo(minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
                                                  resolution: numbers[4])
            }
        }
        if let properties = evdev["properties"] { recording.properties = try integers(properties, what: "properties").sorted() }
        if let hid = device["hid"] {
            let bytes = try integers(hid, what: "hid (the report descriptor)")
            guard bytes.allSatisfy({ (0...255).contains($0) }) else { throw fail(hid, "hid: bytes are 0 to 255") }
            recording.descriptor = bytes.map(UInt8.init)
        }
        try RecordingImport.checkAxes(recording, name: name, line: evdev.line)
        for frame in device["events"]?.items ?? [] {
            guard let events = frame["evdev"] else {
                guard frame["libinput"] != nil else { throw fail(frame, "an event frame that is neither evdev nor libinput") }
                continue
            }
            guard let list = events.items else { throw fail(events, "evdev: expected a list of [sec, usec, type, code, value]") }
            for event in list {
                let numbers = try integers(event, count: 5, what: "an evdev event [sec, usec, type, code, value]")
                guard numbers[0] >= 0, (0..<1_000_000).contains(numbers[1]), (0..<0x20).contains(numbers[2]),
                      (0..<0x300).contains(numbers[3]), Int32(exactly: numbers[4]) != nil else {
                    throw fail(event, "an evdev event out of range: \(numbers)")
                }
                recording.events.append(RecordedEvent(seconds: numbers[0], microseconds: numbers[1], type: numbers[2],
                                                      code: numbers[3], value: numbers[4]))
            }
        }
        return recording
    }
}
