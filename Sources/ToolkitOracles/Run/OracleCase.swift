import TouchStream

// MARK: - One case to run through a toolkit

/// One touch script run through a real toolkit and its model: a script file or a corpus case.
public struct OracleCase: Sendable {
    /// Unique within a run (the file's name, or the corpus case's name).
    public var name: String
    /// What it probes, one line.
    public var summary: String
    /// The compact script, window-relative.
    public var script: String
    /// Where it came from (`file taps.txt`, `corpus of gtk-4.8`).
    public var source: String
    /// The script parsed.
    public let items: [ScriptItem]

    /// Parses `script`; errors are located at `source`.
    public init(name: String, summary: String, script: String, source: String) throws {
        self.name = name
        self.summary = summary
        self.script = script
        self.source = source
        do {
            items = try CompactTrace.parse(script, name: source)
        } catch {
            throw OracleError("\(error)")
        }
        guard items.contains(where: { if case .record = $0 { true } else { false } }) else {
            throw OracleError("\(source): the script has no touch events")
        }
        try Self.checkInsideWindow(script, source: source)
    }

    /// Refuses a script with a touch outside the window every toolkit gets, naming its line: the
    /// toolkit would never see that touch while its model would, so the case could only disagree.
    static func checkInsideWindow(_ script: String, source: String) throws {
        let size = OracleSession.outputSize
        // Statements never span lines, so each line parses alone and its number locates the point.
        for (index, line) in script.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let items = try? CompactTrace.parse(String(line), name: source) else { continue }
            for case .record(let record) in items {
                let point: (x: Double, y: Double)
                switch record.event {
                case .down(_, _, _, _, let x, let y), .motion(_, _, let x, let y): point = (x.doubleValue, y.doubleValue)
                default: continue
                }
                guard point.x >= 0, point.y >= 0, point.x < Double(size.width), point.y < Double(size.height) else {
                    throw OracleError("\(source):\(index + 1): the touch at \(Self.text(point.x)),\(Self.text(point.y)) is "
                        + "outside the \(size.width)×\(size.height) window every toolkit gets (window-relative logical px)")
                }
            }
        }
    }

    private static func text(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// True for a case of a model's corpus (not a script file).
    public var isCorpus: Bool { source.hasPrefix(Self.corpusSourcePrefix) }
    /// How a corpus case's `source` starts.
    public static let corpusSourcePrefix = "corpus of "

    /// The script moved by (`dx`, `dy`): window-relative points to output points.
    func items(offsetBy dx: Double, _ dy: Double) -> [ScriptItem] {
        guard dx != 0 || dy != 0 else { return items }
        return items.map { item in
            guard case .record(var record) = item else { return item }
            record.event = record.event.translated(dx, dy)
            return .record(record)
        }
    }

    /// The first down's point, window-relative.
    var firstDown: (x: Double, y: Double)? {
        for case .record(let record) in items {
            if case .down(_, _, _, _, let x, let y) = record.event { return (x.doubleValue, y.doubleValue) }
        }
        return nil
    }
}

extension RawEvent {
    /// The event with its point (if any) moved by (`dx`, `dy`).
    func translated(_ dx: Double, _ dy: Double) -> RawEvent {
        switch self {
        case .down(let serial, let time, let surface, let id, let x, let y):
            .down(serial: serial, time: time, surface: surface, id: id,
                  x: WLFixed(x.doubleValue + dx), y: WLFixed(y.doubleValue + dy))
        case .motion(let time, let id, let x, let y):
            .motion(time: time, id: id, x: WLFixed(x.doubleValue + dx), y: WLFixed(y.doubleValue + dy))
        default:
            self
        }
    }
}
