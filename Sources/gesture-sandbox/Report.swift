import ArgumentParser
import Foundation
import SandboxRuntime
import TouchStream

/// `gesture-sandbox report`: a folder a compositor maintainer can act on.
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a trace, shrink it to its first violation and write a bug report folder.",
        discussion: """
            DIR gets report.md (environment, findings, the docs/rules.md entry of every rule cited, the \
            minimal trace, how to replay it), timeline.svg, first-finding.png and end.png (the scene with \
            each finger's path and id, down and up marks, and the first finding's event circled with its \
            rule id) and minimal.txt. The folder appears whole or not at all; it must not exist yet.
            """)

    @Argument(help: ArgumentHelp("The trace to report on, or - for standard input.", valueName: "trace"))
    var trace: String

    @Option(name: [.short, .long], help: ArgumentHelp("The folder to create.", valueName: "dir"))
    var output: String

    @OptionGroup var sceneOptions: SceneOptions

    func run() throws {
        let parsed: Trace
        do {
            try prepareOutputs([], inputs: [trace])
            parsed = try InputFiles.trace(trace)
        } catch {
            throw fail(error, code: 2)
        }
        let report = BugReport(trace: parsed, traceName: InputPath.displayName(trace), sceneType: sceneOptions.sceneType,
                               profile: sceneOptions.thresholdProfile)
        do {
            try report.write(to: output)
        } catch {
            throw fail(error)
        }
        let violations = report.findings.filter { $0.category == .violation }.count
        print("\(report.findings.count) findings (\(violations) violations); report in \(output)/report.md")
    }
}
