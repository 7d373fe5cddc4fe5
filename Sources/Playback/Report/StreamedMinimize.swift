import Scenes
import TouchKit
import TouchStream

// MARK: - minimize --keep over a streamed trace

/// The minimal trace of a streamed trace, and how many records the trace had.
public struct StreamedMinimum: Sendable {
    /// Records in the whole trace.
    public var recordCount: Int
    /// The smallest trace found that keeps the property.
    public var records: [RawRecord]
}

extension KeepProperty {
    /// Shrinks the trace `stream` delivers, reading it once, front to back (FIFOs and standard input
    /// work).
    ///
    /// Memory: the records from the last quiescent point (no touch down) before the property first
    /// shows up to where it shows (``QuiescentWindow``; a few earlier quiescent points are held too,
    /// for a property that rests on them), plus the checker's or the replay's state; everything
    /// after is only counted. For `finding:R` the property shows at the checker's first finding of R
    /// and the window runs to the frame after the record that decided it; for `outcome:TEXT` at the
    /// first deliveries-log line containing TEXT (a TEXT spanning two lines is never found), and the
    /// window ends with the record whose delivery wrote it. Delta debugging then runs on the window only.
    /// Throws ``MinimizeError`` when the property never shows or the window cannot hold what it
    /// rests on, and the stream's ``TraceError`` for unreadable input.
    public func minimize(streaming stream: TraceStream, sceneType: any Scene.Type, profile: ThresholdProfile,
                         window: QuiescentWindow = QuiescentWindow()) throws -> StreamedMinimum {
        switch self {
        case .finding(let rule):
            var locator = FindingLocator(header: stream.header, window: window) { $0.ruleID == rule }
            var findings: [Finding] = []
            let count = try Self.records(of: stream, until: { locator.isComplete }) { record in
                locator.push(record, into: &findings)
                findings.removeAll(keepingCapacity: true)
            } end: {
                locator.finish(into: &findings)
            }
            guard locator.target != nil else {
                throw MinimizeError("the checker reports no \(rule) in this trace: nothing to keep")
            }
            return StreamedMinimum(recordCount: count, records: try locator.minimize(header: stream.header))
        case .outcome(let text):
            var located = window
            var found = false
            let recorder = DeliveryRecorder(retainsEntries: false)
            let session = ReplaySession(header: stream.header, sceneType: sceneType, profile: profile, recorder: recorder)
            recorder.onEntry = { entry in
                guard !found, entry.jsonLine.contains(text) else { return }
                found = true
                located.closeAfterLast()
            }
            let count = try Self.records(of: stream, until: { located.isComplete }) { record in
                located.push(record)
                session.push(.record(record))
            } sleep: { session.push($0) } end: {
                session.finish()
                located.finish()
            }
            guard found else {
                throw MinimizeError("no deliveries-log line of the replay contains \"\(text)\": nothing to keep")
            }
            let header = stream.header
            let records = try Minimizer.minimize(window: located, what: "outcome \"\(text)\"") { candidate in
                let trace = Trace(format: .jsonLines, header: header, items: candidate.map { .record($0) })
                return ReplaySession(trace: trace, sceneType: sceneType, profile: profile).deliveriesLog.contains(text)
            }
            return StreamedMinimum(recordCount: count, records: records)
        }
    }

    /// Feeds the records of `stream` to `body` (sleeps to `sleep`) until `done` holds, then only
    /// counts the rest; calls `end` unless `done` held first. Returns the number of records.
    private static func records(of stream: TraceStream, until done: () -> Bool, _ body: (RawRecord) -> Void,
                                sleep: (ScriptItem) -> Void = { _ in }, end: () -> Void) throws -> Int {
        var count = 0
        while let item = try stream.next() {
            guard case .record(let record) = item else {
                if !done() { sleep(item) }
                continue
            }
            count += 1
            if !done() { body(record) }
        }
        if !done() { end() }
        return count
    }
}
