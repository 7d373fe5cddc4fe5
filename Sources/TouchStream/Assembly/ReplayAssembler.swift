import TouchKit

// MARK: - Replay: the live loop's idle points, reconstructed from the trace

/// Drives a ``FrameAssembler`` from a recorded or scripted stream as the live loop would.
///
/// The live loop calls `flushIfIdle()` whenever it runs out of events. A trace has no idle
/// points, so replay infers them: before a timed event at least
/// ``FrameAssembler/replayIdleGapMilliseconds`` later than the latest time seen, at every
/// `sleep`, and at the end of input (``finish(into:)``).
public struct ReplayAssembler: Sendable {
    /// The assembler being driven.
    public private(set) var assembler = FrameAssembler()

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
        if assembler.hasPendingEvents, let time = record.event.time, let latest = assembler.latestRawTime,
           Int32(bitPattern: time &- latest) >= FrameAssembler.replayIdleGapMilliseconds {
            assembler.flushIfIdle(into: &out)
        }
        assembler.push(record, into: &out)
    }

    /// The live loop went idle: flushes a frame the compositor never sent (see ``FrameAssembler/flushIfIdle(into:)``).
    public mutating func flushIfIdle(into out: inout [AssemblyOutput]) {
        assembler.flushIfIdle(into: &out)
    }

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
