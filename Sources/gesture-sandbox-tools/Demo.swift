import ArgumentParser
import RunCommand
import Foundation
import Matrix

/// `gesture-sandbox demo`: the scripted session under a private headless weston.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run a scripted four-finger session in TouchDemo under a private headless weston.",
        discussion: "Writes trace.jsonl (raw wl_touch records), deliveries.jsonl, state.json and before/after PNG screenshots to the output folder, all five together or none, and prints its path. Needs weston and the harness module (installed next to the binary in ../lib/gesture-sandbox/, or built with make -C harness in the source tree).")

    @Option(help: ArgumentHelp("Folder for the outputs.", valueName: "dir"))
    var output: String = "out/demo"

    func run() throws {
        do {
            try prepareOutputs([], inputs: [])
            let runner = DemoRunner(outputDirectory: output, clientExecutable: try windowProgram())
            let result = try runner.run()
            print("""
                demo: \(result.recordCount) wl_touch records recorded
                  trace       \(result.trace)
                  deliveries  \(result.deliveries)
                  state       \(result.state)
                  before      \(result.before)
                  after       \(result.after)
                  module      \(result.module)
                \(result.directory)
                """)
        } catch {
            throw fail(error)
        }
    }
}
