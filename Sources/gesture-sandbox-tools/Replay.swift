import ArgumentParser
import RunCommand
import Foundation
import Playback
import TouchKit
import TouchStream

/// `gesture-sandbox replay`: a trace through a scene, headless.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run a trace through a scene headless and write the deliveries log.",
        discussion: """
            TRACE is a JSON Lines trace (from `run --record`) or the compact form, e.g. 'down 0 10 10; frame; up 0; frame'; \
            a FIFO, `<(…)` or - for standard input work too. The trace is read as a stream and the log written as it is \
            made, so memory does not grow with the trace. Time comes only from the trace, so every run gives the same log. \
            The outputs appear together when the run succeeds, or not at all (see docs/command-line.md).
            """)

    @Argument(help: ArgumentHelp("The trace file, or - for standard input.", valueName: "trace"))
    var trace: String

    @OptionGroup var sceneOptions: SceneOptions

    @Option(help: ArgumentHelp("Write the deliveries log here instead of standard output.", valueName: "file"))
    var log: String?

    @Option(help: ArgumentHelp("Write the scene's final state (view frames, facts) as JSON here.", valueName: "file"))
    var state: String?

    @Option(help: ArgumentHelp("Write a PNG of the scene's final frame here.", valueName: "file"))
    var png: String?

    func run() throws {
        let outputs = OutputGroup()
        let logOutput: OutputTarget, stateOutput: OutputTarget?, pngOutput: OutputTarget?
        let stream: TraceStream
        do {
            try prepareOutputs([log, state, png], inputs: [trace])
            logOutput = try outputs.open(log ?? "-")
            stateOutput = try state.map { try outputs.open($0) }
            pngOutput = try png.map { try outputs.open($0) }
            stream = try TraceStream(path: trace)
        } catch {
            throw fail(error, code: 2)
        }
        let recorder = DeliveryRecorder(retainsEntries: false)
        let session = ReplaySession(header: stream.header, sceneType: sceneOptions.sceneType,
                                    profile: sceneOptions.thresholdProfile, recorder: recorder)
        let log = StreamedLog(logOutput, traceArena: sceneOptions.traceArena)
        recorder.onEntry = { log.append($0) }
        do {
            try stream.forEach { session.push($0) }
        } catch {
            throw fail(error, code: 2)
        }
        session.finish()
        do {
            try log.finish()
            if let stateOutput { try stateOutput.write(try session.snapshot.jsonText()) }
            if let pngOutput { try pngOutput.write(try session.pngBytes()) }
            try outputs.commit()
        } catch {
            throw fail(error)
        }
    }
}

/// The deliveries log written as entries are made, in 64 KiB writes.
private final class StreamedLog {
    private let output: OutputTarget
    private let traceArena: Bool
    private var buffer: [UInt8] = []
    private var failure: Error?

    init(_ output: OutputTarget, traceArena: Bool) {
        self.output = output
        self.traceArena = traceArena
    }

    func append(_ entry: DeliveryEntry) {
        if traceArena, case .transition(let step) = entry { ArenaTrace.print(step) }
        buffer += entry.jsonLine.utf8
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= 1 << 16 { write() }
    }

    /// Writes what is buffered; throws the first write error of the run.
    func finish() throws {
        write()
        if let failure { throw failure }
    }

    private func write() {
        guard failure == nil else { return buffer.removeAll() }
        do { try output.write(buffer) } catch { failure = error }
        buffer.removeAll(keepingCapacity: true)
    }
}
