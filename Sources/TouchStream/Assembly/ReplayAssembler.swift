import TouchKit

// MARK: - Replay: the live loop's idle points, reconstructed from the trace

/// Drives a ``FrameAssembler`` from a recorded or scripted stream as the live loop would.
///
/// The live client writes a `flush` record wherever it found the socket drained with events
/// pending and delivered them without a frame; from a trace's first flush record on, replay
/// delivers exactly at flush records and infers nothing. Before it (imports, older traces, hand
/// scripts) replay infers the idle points: before a timed event at least
/// ``FrameAssembler/replayIdleGapMilliseconds`` later than the latest time seen, at every
/// `sleep`, and at the end of input (``finish(into:)``). The live client runs through this same
/// type, so live and replay agree record for record.
///
/// Records tagged ``RawRecord/isControl`` (touches on the window's own controls) never reach the
/// assembler; a frame or flush that closes nothing but such records is dropped with them.
public struct ReplayAssembler: Sendable {
    /// The assembler being driven.
    public private(set) var assembler = FrameAssembler()
    /// True once a flush record was seen: idle points come from the trace, not from time gaps.
    public private(set) var followsFlushRecords = false
    /// True when control records were dropped since the last frame or flush that reached the assembler.
    private var droppedControlSinceFrame = false

    /// Creates a replay with no touch down.
    public init() {}

    /// Feeds one script item; frames and diagnostics it completes are appended to `out`.
    public mutating func push(_ item: ScriptItem, into out: inout [AssemblyOutput]) {
        switch item {
        case .sleep:
            assembler.flushIfIdle(into: &out)
        case .record(let record):
            push(record, into: &out)
        }
    }

    /// Feeds one record, flushing first when the time gap shows the live loop would have idled.
    public mutating func push(_ record: RawRecord, into out: inout [AssemblyOutput]) {
        if record.isControl {
            droppedControlSinceFrame = true
            return
        }
        switch record.event {
        case .frame, .flush:
            let closesOnlyControl = droppedControlSinceFrame && !assembler.hasPendingEvents
            droppedControlSinceFrame = false
            if case .flush = record.event { followsFlushRecords = true }
            if closesOnlyControl { return }
        default:
            break
        }
        if !followsFlushRecords, assembler.hasPendingEvents, let time = record.event.time,
           let latest = assembler.latestRawTime, Int32(bitPattern: time &- latest) >= FrameAssembler.replayIdleGapMilliseconds {
            assembler.flushIfIdle(into: &out)
        }
        assembler.push(record, into: &out)
    }

    /// The live loop went idle: flushes a frame the compositor never sent (see ``FrameAssembler/flushIfIdle(into:)``).
    public mutating func flushIfIdle(into out: inout [AssemblyOutput]) {
        assembler.flushIfIdle(into: &out)
    }

    /// True when a live loop that just went idle must deliver (and record) a flush: events are
    /// pending, whether or not a touch is still down.
    public var needsFlush: Bool { assembler.hasPendingEvents }

    /// End of input: flushes what is pending (see ``FrameAssembler/finish(into:)``).
    public mutating func finish(into out: inout [AssemblyOutput]) {
        assembler.finish(into: &out)
    }

    /// Replays whole script and returns everything the assembler produced.
    public static func assemble(_ items: [ScriptItem]) -> [AssemblyOutput] {
        var replay = ReplayAssembler()
        var out: [AssemblyOutput] = []
        for item in items { replay.push(item, into: &out) }
        replay.finish(into: &out)
        return out
    }

    /// Replays records and returns everything the assembler produced.
    public static func assemble(records: [RawRecord]) -> [AssemblyOutput] {
        assemble(records.map { ScriptItem.record($0) })
    }
}

// MARK: - Conveniences for tests and tools

extension Array where Element == AssemblyOutput {
    /// The frames, in order.
    public var frames: [InputFrame] {
        compactMap { if case .frame(let frame) = $0 { frame } else { nil } }
    }

    /// The diagnostics, in order.
    public var diagnostics: [AssemblyDiagnostic] {
        compactMap { if case .diagnostic(let diagnostic) = $0 { diagnostic } else { nil } }
    }
}
