import ArgumentParser
import Foundation
import SandboxRuntime
import TouchStream

/// `gesture-sandbox replay`: a trace through a scene, headless.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a trace through a scene headless and write the deliveries log.",
        discussion: "TRACE is a JSON Lines trace (from `run --record`) or the compact form, e.g. 'down 0 10 10; frame; up 0; frame'. Time comes only from the trace, so every run gives the same log.")

    @Argument(help: ArgumentHelp("The trace file.", valueName: "trace"))
    var trace: String

    @OptionGroup var sceneOptions: SceneOptions

    @Option(help: ArgumentHelp("Write the deliveries log here instead of standard output.", valueName: "file"))
    var log: String?

    @Option(help: ArgumentHelp("Write the scene's final state (view frames, facts) as JSON here.", valueName: "file"))
    var state: String?

    @Option(help: ArgumentHelp("Write a PNG of the scene's final frame here.", valueName: "file"))
    var png: String?

    func run() throws {
        let parsed: Trace
        do {
            parsed = try TraceReader.read(trace)
        } catch {
            throw fail(error, code: 2)
        }
        let session = ReplaySession(trace: parsed, sceneType: sceneOptions.sceneType,
                                    profile: sceneOptions.thresholdProfile)
        if sceneOptions.traceArena { ArenaTrace.print(session.recorder.entries) }
        do {
            if let log {
                try OutputFile.write(session.deliveriesLog, to: log)
            } else {
                FileHandle.standardOutput.write(Data(session.deliveriesLog.utf8))
            }
            if let state { try session.snapshot.write(to: state) }
            if let png { try session.writePNG(to: png) }
        } catch {
            throw fail(error)
        }
    }
}
