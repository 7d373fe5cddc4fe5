import ArgumentParser
import RunCommand
import Foundation
import Playback
import TouchStream

/// `gesture-sandbox report`: a folder a compositor maintainer can act on.
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Check a trace, shrink it to its first violation and write a bug report folder.",
        discussion: """
            DIR gets report.md (environment, findings, the docs/rules.md entry of every rule cited, the \
            minimal trace, how to replay it), timeline.svg, first-finding.png and end.png (the scene with \
            each finger's path and id, down and up marks, and the first finding's event circled with its \
            rule id) and minimal.txt. The folder appears whole or not at all; it must not exist yet. The trace \
            is read as a stream (twice; a FIFO or standard input is first copied to a temporary file), and \
            the pictures of a very long trace show its first and last touch sequences, so memory does not \
            grow with the trace.
            """)

    @Argument(help: ArgumentHelp("The trace to report on, or - for standard input.", valueName: "trace"))
    var trace: String

    @Option(name: [.short, .long], help: ArgumentHelp("The folder to create.", valueName: "dir"))
    var output: String

    @OptionGroup var sceneOptions: SceneOptions

    func run() throws {
        let report: BugReport
        do {
            try prepareOutputs([], inputs: [trace])
            report = try BugReport(path: trace, sceneType: sceneOptions.sceneType, profile: sceneOptions.thresholdProfile)
            guard report.recordCount > 0 else {
                throw TraceError(file: report.traceName, line: 1, column: 1, message: "the trace has no records")
            }
        } catch {
            throw fail(error, code: 2)
        }
        do {
            try report.write(to: output)
        } catch {
            throw fail(error)
        }
        print("\(report.tally.total) findings (\(report.tally.violations) violations); report in \(output)/report.md")
    }
}
