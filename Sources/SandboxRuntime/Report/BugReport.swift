import Foundation
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
/// Everything is written into a temporary folder next to the destination and renamed into place,
/// so the destination holds a whole report or nothing.
public struct BugReport {
    /// What the report is about.
    public let trace: Trace
    /// How the trace was named on the command line.
    public let traceName: String
    /// The scene the trace is replayed through.
    public let sceneType: any Scene.Type
    /// The threshold profile of the replay.
    public let profile: ThresholdProfile
    /// Every checker finding.
    public let findings: [Finding]
    /// The minimal trace keeping the first violation, when there is one.
    public let minimalTrace: [RawRecord]?
    /// The deliveries log of replaying the whole trace.
    public var deliveriesLog: String { endSession.deliveriesLog }
    /// The replay of the whole trace (its log, and the picture at the end).
    private let endSession: ReplaySession

    /// Checks, replays and (when a violation is found) minimises `trace`.
    public init(trace: Trace, traceName: String, sceneType: any Scene.Type, profile: ThresholdProfile) {
        self.trace = trace
        self.traceName = traceName
        self.sceneType = sceneType
        self.profile = profile
        findings = ConformanceChecker.check(trace.records, header: trace.header)
        endSession = ReplaySession(trace: trace, sceneType: sceneType, profile: profile)
        minimalTrace = findings.first { $0.category == .violation }.flatMap { first in
            Minimizer.keepsFinding(first.ruleID, in: trace.records, header: trace.header).map {
                Minimizer.minimize(records: trace.records, keeps: $0)
            }
        }
    }

    /// The surface the trace ran on (header), else the replay's default window size.
    var surfaceSize: (width: Double, height: Double) {
        if let surface = trace.header?.environment.surface { return (Double(surface.width), Double(surface.height)) }
        return (ReplaySession.defaultSize.width, ReplaySession.defaultSize.height)
    }

    /// Writes the report folder at `directory`, which must not exist yet (or be empty).
    ///
    /// Every file is made in memory first (so a picture that cannot be drawn fails before
    /// anything is on disk), then written into a temporary folder that is renamed into place.
    public func write(to directory: String) throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: directory, isDirectory: &isDirectory) {
            let contents = isDirectory.boolValue ? (try? manager.contentsOfDirectory(atPath: directory)) : nil
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
        let timeline = TouchTimeline(records: trace.records, deliveriesLog: deliveriesLog)
        out.append(("timeline.svg", Array(TimelineSVG.svg(timeline, findings: findings, surface: surfaceSize).utf8)))
        if let first = findings.first {
            let prefix = Array(trace.records.prefix(first.recordIndex + 1))
            let session = ReplaySession(trace: Trace(format: trace.format, header: trace.header,
                                                     items: prefix.map { .record($0) }),
                                        sceneType: sceneType, profile: profile)
            out.append(("first-finding.png", try picture(of: session, records: prefix)))
        }
        out.append(("end.png", try picture(of: endSession, records: trace.records)))
        if let minimalTrace {
            out.append(("minimal.txt", Array(CompactTrace.write(records: minimalTrace).utf8)))
        }
        out.append(("report.md", Array(markdown().utf8)))
        return out
    }

    /// The scene as `session` left it, with the touches of `records` and the first finding over it.
    /// The scene as the replay left it, with the touches drawn over it, as PNG bytes.
    private func picture(of session: ReplaySession, records: [RawRecord]) throws -> [UInt8] {
        let overlay = TouchOverlay(records: records, finding: findings.first)
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
