import ArgumentParser
import Foundation
import SandboxRuntime
import TouchKit
import TouchStream

/// `gesture-sandbox minimize`: the smallest trace that still shows a finding or an outcome.
struct Minimize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Shrink a trace to the fewest records that keep a finding or an outcome.",
        discussion: """
            --keep finding:R3          the checker still reports R3 at the same event
            --keep outcome:TEXT        replaying (--scene, --profile) still logs a line containing TEXT
            Delta debugging over frames, then over single events. Prints `N records → M records`; with -o \
            FILE writes the minimal trace as JSON Lines (the original header) to FILE and its compact form to \
            FILE.txt (both or neither; -o - writes the JSON Lines to standard output), else the compact form to standard output (the count as a leading # comment).
            """)

    @Argument(help: ArgumentHelp("The trace to shrink, or - for standard input.", valueName: "trace"))
    var trace: String

    @Option(help: ArgumentHelp("finding:RULE or outcome:TEXT.", valueName: "property"))
    var keep: String

    @OptionGroup var sceneOptions: SceneOptions

    @Option(name: [.short, .long], help: ArgumentHelp("Write the minimal trace here (and its compact form to FILE.txt).",
                                                      valueName: "file"))
    var output: String?

    func run() throws {
        let parsed: Trace
        let keeps: ([RawRecord]) -> Bool
        let outputs = OutputGroup()
        var traceOutput: OutputTarget?, compactOutput: OutputTarget?
        do {
            let compactPath = output.flatMap { $0 == "-" ? nil : $0 + ".txt" }
            try prepareOutputs([output, compactPath], inputs: [trace])
            traceOutput = try output.map { try outputs.open($0) }
            compactOutput = try compactPath.map { try outputs.open($0) }
            parsed = try InputFiles.trace(trace)
            keeps = try KeepProperty(parsing: keep).predicate(for: parsed, sceneType: sceneOptions.sceneType,
                                                             profile: sceneOptions.thresholdProfile)
        } catch {
            throw fail(error, code: 2)
        }
        let minimal = Minimizer.minimize(records: parsed.records, keeps: keeps)
        let summary = "\(parsed.records.count) records → \(minimal.count) records"
        let compact = "# \(summary) (keeping \(keep))\n" + CompactTrace.write(records: minimal)
        guard let traceOutput else {
            print(compact, terminator: "")
            return
        }
        let header = parsed.header ?? TraceHeader(toolVersion: GestureSandbox.version, profile: sceneOptions.profile,
                                                  created: TraceHeader.isoTimestamp(Date()))
        do {
            let writer = try TraceWriter(target: traceOutput, header: header)
            for record in minimal { try writer.write(record) }
            try writer.flush()
            try compactOutput?.write(compact)
            try outputs.commit()
        } catch {
            throw fail(error)
        }
        print(summary)
    }
}
