import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Playback
import TouchKit
import TouchStream
import WaylandClient

// MARK: - What a live session writes

/// The live session's outputs: the command's `--record`, `--log`, `--state` and `--screenshot`,
/// and the recordings and screenshots asked for by key (or the control strip).
///
/// The command's outputs are one group: all opened before the window appears (a bad path shows no
/// window and writes nothing), all put in place together on every way out (q, Escape, the close
/// button, SIGINT, SIGTERM, SIGHUP, compositor gone); until then they exist only as `.partial`.
/// The recording outranks the group: a write error cuts it to its last whole frame and it is
/// still put in place with the others; when another output fails at the end, or a crash ends the
/// process, the recording alone is put in place (the other outputs can be made again from it with
/// `replay`). Recordings started with the record key and on-demand screenshots are outputs of
/// their own, in place when each ends.
///
/// A trace opens at its first wl_touch record (or when its recording ends, for an empty one), so
/// its header describes the surface as it was when touched: its outputs and buffer scale are known
/// only after the first configure and surface.enter. Its first record is the seat's touch
/// capability, when the seat has reported one.
final class LiveOutputs {
    /// Where records go now.
    private enum Recording {
        /// Nowhere: no `--record`, or the record key or a write error stopped the recording.
        case off
        /// To `path`, whose trace the first wl_touch record (or the recording's end) opens.
        case unopened(path: String)
        /// To this trace.
        case writing(TraceWriter)
    }

    private var recording: Recording
    /// `--record`'s path: a recording there is the group's, put in place with the other outputs.
    private let commandLinePath: String?
    /// The outputs given on the command line, committed together at the end.
    private let group: OutputGroup
    /// The `--record` output, until the first recorded record opens the trace on it.
    private var recordOutput: OutputTarget?
    /// The `--record` output for good, to keep it alone when the group cannot be committed.
    private let recordTarget: OutputTarget?
    private let deliveries: OutputTarget?
    private let stateOutput: OutputTarget?
    private let screenshotOutput: OutputTarget?
    private let frameLog: OutputTarget?
    /// The first failed write to the frame log: the group is then not committed.
    private var frameLogError: Error?
    /// Frame-log lines not written yet.
    private var frameLogPending: [UInt8] = []
    /// The first failed write to the deliveries log: the group is then not committed.
    private var deliveriesError: Error?
    /// The touch bit of the latest capabilities record; every trace opened starts with it.
    private var seatHasTouch: Bool?
    /// Written before every surface name the trace holds (``LiveOptions/surfacePrefix``).
    private let surfacePrefix: String?
    /// Surface records that came before the trace was opened, written right after the seat's state.
    private var pendingSurfaceRecords: [RawRecord] = []
    /// At most this many wait for the trace to open (focus changes of a window never touched).
    static let pendingSurfaceRecordLimit = 256
    private let toolVersion: String
    private let profile: String
    /// The trace header's environment, read when a trace opens; the session points it at its
    /// window once connected (the outputs are opened before there is one).
    var environment: () -> CompositorEnvironment = { CompositorEnvironment() }

    /// Opens every output `options` names, in the order record, log, state, screenshot; throws
    /// the first that cannot be opened (the ones already open are removed).
    init(options: LiveOptions) throws {
        surfacePrefix = options.surfacePrefix
        commandLinePath = options.recordPath
        toolVersion = options.toolVersion
        profile = options.profile.name
        let group = OutputGroup()
        self.group = group
        recordTarget = try options.recordPath.map { try group.open($0) }
        recordOutput = recordTarget
        deliveries = try options.logPath.map { try group.open($0) }
        stateOutput = try options.statePath.map { try group.open($0) }
        screenshotOutput = try options.screenshotPath.map { try group.open($0) }
        frameLog = try options.frameLogPath.map { try group.open($0) }
        recording = options.recordPath.map { .unopened(path: $0) } ?? .off
    }

    /// True while records are recorded (the control strip's record button says so).
    var isRecording: Bool {
        if case .off = recording { false } else { true }
    }

    // MARK: - While the window runs

    /// Notes the seat's touch capability and writes `record` to the recording, if there is one;
    /// after a failed write returns the line saying recording stopped and what was kept.
    func record(_ received: RawRecord) -> String? {
        let record = surfacePrefix.map { received.prefixingSurfaces(with: $0) } ?? received
        if case .capabilities(let touch) = record.event { seatHasTouch = touch }
        // A capabilities record does not open the trace (the header would predate the surface's
        // scale); the trace, when a touch opens it, starts with the seat's touch state instead.
        if case .unopened = recording, record.event.isCapabilities { return nil }
        // Nor do surface records (the first configure's activation comes before the surface is on
        // an output): they wait, and follow the seat's state once a touch opens the trace. Pointer
        // records are input, and with --pointer-only the only input: they open it as a touch does.
        if case .unopened = recording, let event = record.event.surfaceEvent, !event.kind.isPointer {
            if pendingSurfaceRecords.count < Self.pendingSurfaceRecordLimit { pendingSurfaceRecords.append(record) }
            return nil
        }
        guard let path = recordingPath else { return nil }
        do { try openTrace(path).write(record) } catch { return stop(path, after: error) }
        return nil
    }

    /// Writes a frame's presentation feedback while a trace is open.
    func record(_ frame: FramePresentation) throws {
        guard case .writing(let trace) = recording else { return }
        try trace.write(PresentationRecord(frame))
    }

    /// True when `--frame-log` asked for one line per presented frame.
    var logsFrames: Bool { frameLog != nil }

    /// Appends one frame's line to the frame log; a failed write is reported at the end.
    func logFrame(_ entry: FrameLogEntry) {
        guard frameLog != nil else { return }
        entry.append(to: &frameLogPending)
        frameLogPending.append(UInt8(ascii: "\n"))
        if frameLogPending.count >= Self.frameLogChunk { flushFrameLog() }
    }

    /// Bytes of frame-log lines kept before one write: a write per frame was a system call per
    /// repaint, and the log is put in place only at the end anyway.
    static let frameLogChunk = 1 << 16

    private func flushFrameLog() {
        guard let frameLog, !frameLogPending.isEmpty else { return }
        do { try frameLog.write(frameLogPending) } catch { frameLogError = frameLogError ?? error }
        frameLogPending.removeAll(keepingCapacity: true)
    }

    /// Appends one entry to the deliveries log (`--log`); a failed write is reported at the end.
    func log(_ entry: DeliveryEntry) {
        guard let deliveries else { return }
        do { try deliveries.write(entry.jsonLine + "\n") } catch { deliveriesError = deliveriesError ?? error }
    }

    // MARK: - The keys' outputs

    /// Starts a recording into a new file in the current directory; returns its path.
    func startRecording() -> String {
        let path = Self.timestampedPath(suffix: "jsonl")
        recording = .unopened(path: path)
        return path
    }

    /// Stops the recording, finishing its file; returns the line saying where it is (or will be).
    /// Recording stops whether or not the file could be finished.
    func stopRecording() throws -> String {
        guard let path = recordingPath else { preconditionFailure("stopRecording without a recording") }
        defer { recording = .off }
        try openTrace(path).finish()
        // The command line's trace is one of the command's outputs, put in place with the others.
        return path == commandLinePath ? "recording stopped; \(path) is written at exit with the other outputs"
            : "trace saved → \(path)"
    }

    /// Writes `png()` to a new file in the current directory on its own; returns its path.
    func saveScreenshot(_ png: () throws -> [UInt8]) throws -> String {
        let path = Self.timestampedPath(suffix: "png")
        try OutputTarget.write(bytes: try png(), to: path)
        return path
    }

    // MARK: - The end

    /// Ends the recording, writes `state()` and `screenshot()` where asked, then commits the
    /// group; see the type's doc for what happens when something fails.
    func finish(state: () throws -> String, screenshot: () throws -> [UInt8]) throws {
        let recordingFailure = finishRecording()
        flushFrameLog()
        do {
            if let deliveriesError { throw deliveriesError }
            if let frameLogError { throw frameLogError }
            if let stateOutput { try stateOutput.write(try state()) }
            if let screenshotOutput { try screenshotOutput.write(try screenshot()) }
            try group.commit()
        } catch {
            // Another output is incomplete: the recording is kept, nothing else of the group is.
            throw RuntimeError("\(error)" + (keepRecordingAlone().map {
                "; kept the recording \($0), wrote none of the other outputs"
            } ?? "; wrote none of the outputs"))
        }
        if let recordingFailure { throw recordingFailure }
    }

    /// Ends the recording at exit; the error to report when it could not be ended whole.
    private func finishRecording() -> Error? {
        guard let path = recordingPath else { return nil }
        do {
            try openTrace(path).finish()
            return nil
        } catch {
            // Cut to its last whole frame (TraceWriter) and still put in place with the group.
            return RuntimeError("recording stopped: \(error); the trace up to its last whole frame is in \(path)")
        }
    }

    /// Puts the command line's recording in place on its own (the rest of the group is discarded);
    /// returns its path when it is in place.
    private func keepRecordingAlone() -> String? {
        defer { group.discard() }
        guard let recordTarget, recordOutput == nil else { return nil }  // never opened: nothing recorded
        if !recordTarget.isFinished { try? recordTarget.commit() }
        return recordTarget.isCommitted ? recordTarget.path : nil
    }

    // MARK: - The trace

    /// The path records go to; nil when not recording.
    private var recordingPath: String? {
        switch recording {
        case .off: nil
        case .unopened(let path): path
        case .writing(let trace): trace.path
        }
    }

    /// The recording's trace, opened on `path` if it is not open yet (see the type's doc).
    private func openTrace(_ path: String) throws -> TraceWriter {
        if case .writing(let trace) = recording { return trace }
        let header = TraceHeader(toolVersion: toolVersion, environment: environment(), profile: profile,
                                 created: TraceHeader.isoTimestamp(Date()))
        let writer: TraceWriter
        if let recordOutput, path == commandLinePath {
            // The command line's recording: committed with the other outputs at the end.
            self.recordOutput = nil
            do {
                writer = try TraceWriter(target: recordOutput, header: header, flushEachFrame: true)
            } catch {
                recordOutput.discard()  // not even its header is whole: nothing to keep
                throw error
            }
        } else {
            writer = try TraceWriter(path: path, header: header)
        }
        recording = .writing(writer)
        if let seatHasTouch { try writer.write(RawRecord(.capabilities(touch: seatHasTouch))) }
        for pending in pendingSurfaceRecords { try writer.write(pending) }
        pendingSurfaceRecords = []
        return writer
    }

    /// A write to the trace failed (a full disk): recording stops, and the records that reached
    /// the disk whole stay usable under the trace's name. Returns the line saying so.
    private func stop(_ path: String, after error: Error) -> String {
        var saved = ""
        if case .writing(let trace) = recording {
            trace.finishAfterError()
            saved = path == commandLinePath
                ? "; the trace up to its last whole frame goes to \(path) with the other outputs at exit"
                : "; the trace up to its last whole frame is in \(path)"
        }
        recording = .off
        return "recording stopped: \(error)\(saved)"
    }

    /// A new file in the current directory named for this instant: gesture-sandbox-<UTC time>.<suffix>.
    private static func timestampedPath(suffix: String) -> String {
        return FileManager.default.currentDirectoryPath + "/gesture-sandbox-\(utcStamp(Date())).\(suffix)"
    }

    /// `date` as yyyyMMdd-HHmmss-SSS in UTC (a file name's time: sortable, no separators a shell quotes).
    static func utcStamp(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func digits(_ value: Int32, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        return digits(parts.tm_year + 1900, 4) + digits(parts.tm_mon + 1, 2) + digits(parts.tm_mday, 2) + "-"
            + digits(parts.tm_hour, 2) + digits(parts.tm_min, 2) + digits(parts.tm_sec, 2) + "-"
            + digits(Int32(milliseconds % 1000), 3)
    }
}
