import Scenes
import TouchKit
import TouchStream

// MARK: - The two passes of a report over a streamed trace

/// The first pass: every record through the checker (keeping the first violation's window), the
/// replay of the whole trace and the timeline, with the recognizer states its deliveries log gives.
final class ReportPass {
    var locator: FindingLocator
    var timeline = TouchTimeline()
    let session: ReplaySession
    private(set) var recordCount = 0
    /// The findings the report lists, and every rule id cited.
    private(set) var listed: [Finding] = []
    private(set) var cited: [String] = []
    private var citedSet: Set<String> = []
    private var decided: [Finding] = []

    init(header: TraceHeader?, sceneType: any Scene.Type, profile: ThresholdProfile) {
        locator = FindingLocator(header: header) { $0.category == .violation }
        let recorder = DeliveryRecorder(retainsEntries: false)
        session = ReplaySession(header: header, sceneType: sceneType, profile: profile, recorder: recorder)
        // Only transitions make state bands; the rest of the log is not needed (nor kept).
        recorder.onEntry = { [unowned self] entry in
            if case .transition = entry { timeline.observe(deliveryLine: Substring(entry.jsonLine)) }
        }
    }

    /// Takes one item; always asks for the next.
    func push(_ item: ScriptItem) -> Bool {
        if case .record(let record) = item {
            recordCount += 1
            timeline.push(record)
            locator.push(record, into: &decided)
            take()
        }
        session.push(item)
        return true
    }

    func finish() {
        locator.finish(into: &decided)
        take()
        session.finish()
        timeline.finish()
    }

    private func take() {
        for finding in decided {
            if listed.count < BugReport.maximumListedFindings {
                listed.append(finding)
                timeline.pin(record: finding.recordIndex)
            }
            if citedSet.insert(finding.ruleID).inserted { cited.append(finding.ruleID) }
        }
        decided.removeAll(keepingCapacity: true)
    }
}

/// The second pass: the records up to and including the first finding's (sleeps left out, as the
/// picture has always been made), replayed and laid out, then settled; the finding's mark.
final class FindingPass {
    let finding: Finding
    let session: ReplaySession
    private(set) var timeline = TouchTimeline()
    private(set) var mark: TouchOverlay.Mark?
    private var index = 0
    private var record: RawRecord?

    init(finding: Finding, header: TraceHeader?, sceneType: any Scene.Type, profile: ThresholdProfile) {
        self.finding = finding
        session = ReplaySession(header: header, sceneType: sceneType, profile: profile,
                                recorder: DeliveryRecorder(retainsEntries: false))
    }

    /// Takes one item; false once the finding's record is in.
    func push(_ item: ScriptItem) -> Bool {
        guard case .record(let next) = item else { return true }
        guard index <= finding.recordIndex else { return false }
        timeline.push(next)
        session.push(item)
        if index == finding.recordIndex { record = next }
        index += 1
        return index <= finding.recordIndex
    }

    func finish() {
        session.finish()
        timeline.finish()
        mark = TouchOverlay.Mark(ruleID: finding.ruleID, recordIndex: finding.recordIndex,
                                 point: record.flatMap { TouchOverlay.position(of: finding, record: $0, before: timeline) })
    }
}
