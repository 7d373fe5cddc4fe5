import ArgumentParser
import RunCommand
import Foundation
import Playback
import TouchKit
import TouchStream

/// `gesture-sandbox minimize`: the smallest trace that still shows a finding or an outcome.
struct Minimize: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "minimize",
        abstract: "Shrink a trace to the fewest records that keep a finding or an outcome.",
        discussion: """
            --keep finding:R3          the checker still reports R3 at the same event
            --keep outcome:TEXT        replaying (--scene, --profile) still logs a line containing TEXT
            The trace is read once as a stream: only the records from the last moment no touch was down \
            before the property first shows, up to the frame that shows it, are kept and shrunk (delta \
            debugging over frames, then over single events), so memory does not grow with the trace. Prints `N records → M records`; with -o \
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
        let minimum: StreamedMinimum
        let header: TraceHeader?
        let outputs = OutputGroup()
        var traceOutput: OutputTarget?, compactOutput: OutputTarget?
        do {
            let compactPath = output.flatMap { $0 == "-" ? nil : $0 + ".txt" }
            try prepareOutputs([output, compactPath], inputs: [trace])
            traceOutput = try output.map { try outputs.open($0) }
            compactOutput = try compactPath.map { try outputs.open($0) }
            let property = try KeepProperty(parsing: keep)
            let stream = try TraceStream(path: trace)
            header = stream.header
            minimum = try property.minimize(streaming: stream, sceneType: sceneOptions.sceneType,
                                            profile: sceneOptions.thresholdProfile)
            guard minimum.recordCount > 0 else {
                throw TraceError(file: stream.name, line: 1, column: 1, message: "the trace has no records")
            }
        } catch {
            throw fail(error, code: 2)
        }
        let minimal = minimum.records
        let summary = "\(minimum.recordCount) records → \(minimal.count) records"
        let compact = "# \(summary) (keeping \(keep))\n" + CompactTrace.write(records: minimal)
        guard let traceOutput else {
            print(compact, terminator: "")
            return
        }
        let written = header ?? TraceHeader(toolVersion: GestureSandbox.version, profile: sceneOptions.profile,
                                                  created: TraceHeader.isoTimestamp(Date()))
        do {
            let writer = try TraceWriter(target: traceOutput, header: written)
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
