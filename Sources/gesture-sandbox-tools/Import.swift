import ArgumentParser
import RunCommand
import Foundation
import Playback
import TouchKit
import TouchStream

/// `gesture-sandbox import`: traces from other tools' output.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Convert another tool's touch log into a trace.",
        subcommands: [WaylandDebug.self])

    /// `gesture-sandbox import wayland-debug LOG -o TRACE`.
    struct WaylandDebug: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "wayland-debug",
            abstract: "Convert a WAYLAND_DEBUG=1 client log into a JSON Lines trace.",
            discussion: """
                Every wl_touch event of the log becomes a record, wl_fixed values exactly (libwayland prints \
                them with %f; they are rounded back to 1/256). Events of all wl_touch objects are imported in \
                log order (a client with two wl_touch objects on one seat sees every event twice: choose one \
                with --touch-object). wl_registry globals, the seat's name and version and the wl_touch \
                version go into the header. Lines that are not libwayland messages are skipped and counted; \
                a malformed wl_touch line is an error (LOG:LINE:COLUMN, exit 2) and writes nothing. A log with no \
                wl_touch events is an error that says why: the client never bound wl_touch (no \
                wl_seat.get_touch: it takes no touch input), or bound it but was never touched.
                """)

        @Argument(help: ArgumentHelp("The client's stderr with WAYLAND_DEBUG=1 (- for standard input).", valueName: "log"))
        var log: String

        @Option(name: [.short, .long], help: ArgumentHelp("The trace to write.", valueName: "trace"))
        var output: String

        @Option(help: ArgumentHelp("Import only the events of wl_touch@N.", valueName: "n"))
        var touchObject: Int?

        @Option(help: ArgumentHelp("Profile name written into the header.", valueName: "name"))
        var profile: String = ThresholdProfile.uikit.name

        func run() throws {
            let result: WaylandDebugImport
            let outputs = OutputGroup()
            let traceOutput: OutputTarget
            do {
                try prepareOutputs([output], inputs: [log])
                traceOutput = try outputs.open(output)
                result = try WaylandDebugImporter.importLog(try InputFiles.text(log), name: InputPath.displayName(log),
                                                            touchObject: touchObject)
            } catch {
                throw fail(error, code: 2)
            }
            if let reason = result.emptyReason {
                throw fail(TraceError(file: InputPath.displayName(log), line: 1, column: 1, message: reason), code: 2)
            }
            let header = TraceHeader(toolVersion: GestureSandbox.version, environment: result.environment,
                                     profile: profile, created: TraceHeader.isoTimestamp(Date()))
            do {
                let writer = try TraceWriter(target: traceOutput, header: header)
                for record in result.records { try writer.write(record) }
                try writer.flush()
                try outputs.commit()
            } catch {
                throw fail(error)
            }
            let objects = result.touchObjects.map { "wl_touch@\($0)" }.joined(separator: ", ")
            print("\(result.records.count) records from \(objects); \(result.unrecognisedLines) unrecognised lines skipped")
        }
    }
}
