import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Render
import Scenes
import TouchKit
import TouchStream

// MARK: - A report a compositor maintainer can act on 

/// Builds and writes a bug report folder for a trace:
///
/// - `report.md`: environment, findings with the rules' wayland.xml text, the minimal trace (when
///   there are violations: shrunk keeping the first one), and how to replay it;
/// - `timeline.svg`: the stream over time (``TimelineSVG``);
/// - `first-finding.png` (when there is a finding): the scene replayed up to that record, with the
///   fingers' paths so far and the finding's event circled (``TouchOverlay``);
/// - `end.png`: the scene after the whole trace, with every path and the first finding circled;
/// - `minimal.txt` (when there are violations): the minimal trace in compact form.
///
/// The trace is streamed, never held: one pass checks, replays and lays out the timeline, and
/// keeps the first violation's window for shrinking (``FindingLocator``); a second pass, cut at the
/// first finding, replays the scene for its picture. Memory is the scene, the touches down, the
/// window and bounded summaries (``TouchTimeline``'s limits, ``maximumListedFindings``), not the trace.
///
/// Everything is written into a temporary folder next to the destination and renamed into place,
/// so the destination holds a whole report or nothing.
public struct BugReport {
    /// Findings listed in the report at most (the first ones); `check` lists them all.
    public static let maximumListedFindings = 1000

    /// The trace's header (nil for the compact form).
    public let header: TraceHeader?
    /// How the trace was named on the command line.
    public let traceName: String
    /// The scene the trace is replayed through.
    public let sceneType: any Scene.Type
    /// The threshold profile of the replay.
    public let profile: ThresholdProfile
    /// Records in the trace.
    public let recordCount: Int
    /// The checker's findings, in the order decided (the first ``maximumListedFindings``).
    public let findings: [Finding]
    /// Every finding counted.
    public let tally: FindingTally
    /// The rule ids of every finding, in order of first appearance.
    public let citedRules: [String]
    /// The minimal trace keeping the first violation, when there is one.
    public let minimalTrace: [RawRecord]?
    /// Why the first violation could not be shrunk, when it could not (see ``FindingLocator/minimize(header:)``).
    public let minimalProblem: String?
    /// The first violation.
    let firstViolation: Finding?
    /// The timeline of the whole trace, with recognizer states.
    let timeline: TouchTimeline
    /// The replay of the whole trace (the picture at the end).
    private let endSession: ReplaySession
    /// The replay up to the first finding, and the paths up to it.
    private let firstFinding: (session: ReplaySession, timeline: TouchTimeline)?
    /// The first finding's mark on both pictures.
    private let mark: TouchOverlay.Mark?

    /// Checks, replays and (when a violation is found) minimises `trace`, held in memory.
    public init(trace: Trace, traceName: String, sceneType: any Scene.Type, profile: ThresholdProfile) {
        self.init(header: trace.header, traceName: traceName, sceneType: sceneType, profile: profile) { body in
            for item in trace.items where !body(item) { break }
        }
    }

    /// Checks, replays and minimises the trace at `path` (a file, FIFO or `-`) as a stream; an input
    /// that can be read only once is copied to a temporary file for the second pass.
    public init(path: String, sceneType: any Scene.Type, profile: ThresholdProfile) throws {
        let input = try RereadableInput(path)
        var first: TraceStream? = try input.stream()
        try self.init(header: first?.header, traceName: input.name, sceneType: sceneType, profile: profile) { body in
            let stream = try first ?? input.stream()
            first = nil
            while let item = try stream.next(), body(item) {}
        }
    }

    /// The report of a trace read by `read`, which feeds items to its argument until it returns false
    /// and may be called twice.
    init(header: TraceHeader?, traceName: String, sceneType: any Scene.Type, profile: ThresholdProfile,
         read: (_ body: (ScriptItem) -> Bool) throws -> Void) rethrows {
        self.header = header
        self.traceName = traceName
        self.sceneType = sceneType
        self.profile = profile
        let pass = ReportPass(header: header, sceneType: sceneType, profile: profile)
        try read { pass.push($0) }
        pass.finish()
        recordCount = pass.recordCount
        findings = pass.listed
        tally = pass.locator.checker.tally
        citedRules = pass.cited
        timeline = pass.timeline
        endSession = pass.session
        firstViolation = pass.locator.target
        do {
            minimalTrace = firstViolation == nil ? nil : try pass.locator.minimize(header: header)
            minimalProblem = nil
        } catch {
            minimalTrace = nil
            minimalProblem = error.description
        }
        if let first = findings.first {
            let prefix = FindingPass(finding: first, header: header, sceneType: sceneType, profile: profile)
            try read { prefix.push($0) }
            prefix.finish()
            firstFinding = (prefix.session, prefix.timeline)
            mark = prefix.mark
        } else {
            firstFinding = nil
            mark = nil
        }
    }

    /// The surface the trace ran on (header), else the replay's default window size.
    var surfaceSize: (width: Double, height: Double) {
        if let surface = header?.environment.surface { return (Double(surface.width), Double(surface.height)) }
        return (ReplaySession.defaultSize.width, ReplaySession.defaultSize.height)
    }

    /// Writes the report folder at `directory`, which must not exist yet (or be empty).
    ///
    /// Every file is made in memory first (so a picture that cannot be drawn fails before
    /// anything is on disk), then written into a temporary folder that is renamed into place.
    public func write(to directory: String) throws {
        let manager = FileManager.default
        var isDirectory = false
        if manager.fileExists(atPath: directory, isDirectory: &isDirectory) {
            let contents = isDirectory ? (try? manager.contentsOfDirectory(atPath: directory)) : nil
            guard contents?.isEmpty == true else { throw RuntimeError("\(directory): already exists; choose a new folder") }
        }
        let contents = try files()
        let temporary = directory + ".partial-\(getpid())"
        try? manager.removeItem(atPath: temporary)
        guard mkdir(temporary, 0o755) == 0 else {
            throw RuntimeError("\(directory): cannot create \(temporary): \(String(cString: strerror(errno)))")
        }
        var slots = [TemporaryFiles.register(directory: temporary)]
        defer { for case let slot? in slots { TemporaryFiles.unregister(slot) } }
        do {
            for (name, bytes) in contents {
                slots.append(TemporaryFiles.register(file: temporary + "/" + name))
                try OutputTarget.write(bytes: bytes, to: temporary + "/" + name)
            }
            if manager.fileExists(atPath: directory) { try manager.removeItem(atPath: directory) }
            guard rename(temporary, directory) == 0 else {
                throw RuntimeError("\(directory): cannot rename \(temporary): \(String(cString: strerror(errno)))")
            }
        } catch {
            try? manager.removeItem(atPath: temporary)
            throw error
        }
    }

    /// The report's files, name and bytes, in writing order.
    private func files() throws -> [(String, [UInt8])] {
        var out: [(String, [UInt8])] = []
        out.append(("timeline.svg", Array(TimelineSVG.svg(timeline, findings: findings, surface: surfaceSize).utf8)))
        if let firstFinding {
            out.append(("first-finding.png", try picture(of: firstFinding.session, timeline: firstFinding.timeline)))
        }
        out.append(("end.png", try picture(of: endSession, timeline: timeline)))
        if let minimalTrace {
            out.append(("minimal.txt", Array(CompactTrace.write(records: minimalTrace).utf8)))
        }
        out.append(("report.md", Array(markdown().utf8)))
        return out
    }

    /// The scene as `session` left it, with the touches of `timeline` and the first finding drawn
    /// over it, as PNG bytes.
    private func picture(of session: ReplaySession, timeline: TouchTimeline) throws -> [UInt8] {
        let overlay = TouchOverlay(timeline: timeline, mark: mark)
        let size = session.host.scene.window.bounds.size
        let limit = Double(ReplaySession.maximumRenderSide)
        guard size.width >= 1, size.height >= 1, size.width <= limit, size.height <= limit else {
            throw RuntimeError("cannot draw a \(size.width)×\(size.height) surface: each side must be 1 to \(ReplaySession.maximumRenderSide) pixels")
        }
        let buffer = try PixelBuffer(width: Int(size.width), height: Int(size.height))
        Renderer().draw(items: session.host.displayItems() + overlay.items(), background: session.host.background,
                        into: buffer)
        overlay.drawLabels(into: buffer.target, scale: 1, with: try TextRenderer())
        return try buffer.target.pngBytes()
    }
}
