import ArgumentParser
import RunCommand
import Foundation
import KernelLane
import Playback
import TouchKit
import TouchStream

/// `gesture-sandbox import`: traces from other tools' output.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Convert another tool's touch log into a trace, or a device recording into our device form.",
        discussion: """
            `import FILE -o OUT` (the `recording` subcommand) reads a libinput record, evemu-record or \
            hid-recorder file; `import wayland-debug LOG -o TRACE` reads a WAYLAND_DEBUG=1 client log.
            """,
        subcommands: [RecordingImportCommand.self, WaylandDebug.self],
        defaultSubcommand: RecordingImportCommand.self)

    /// `gesture-sandbox import [recording] FILE -o OUT`.
    struct RecordingImportCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "recording",
            abstract: "Read a libinput record, evemu-record or hid-recorder file into our recorded-device JSON.",
            discussion: """
                The format is told from the file's first lines. OUT receives the device (name, ids, properties, \
                event codes, axes with their ranges, the HID report descriptor) and what it sent, in the form \
                docs/kernel-lane.md describes ("Recorded devices"); `gesture-sandbox guest run --recording` \
                replays the same files in the guest. For a touchscreen the command prints a summary: its axes \
                with ranges and resolution, its slots, its contacts and the recording's duration. A file that is \
                none of the three formats, or breaks its format, is one line naming FILE:LINE, exit status 1, \
                and OUT is not written; an OUT that cannot be written or is FILE is exit status 2.
                """)

        @Argument(help: ArgumentHelp("The recording: libinput record YAML, evemu-record or hid-recorder output.", valueName: "file"))
        var file: String

        @Option(name: [.short, .long], help: ArgumentHelp("The JSON file to write.", valueName: "out"))
        var output: String

        func run() throws {
            let outputs = OutputGroup()
            let recording: Recording
            let target: OutputTarget
            do {
                // An output that cannot be opened, or is the input, is a usage error (exit 2), as for every command.
                try prepareOutputs([output], inputs: [file])
                target = try outputs.open(output)
            } catch {
                throw fail(error, code: 2)
            }
            do {
                recording = try RecordingImport.read(path: file)
                try target.write(RecordingJSON.text(recording))
                try outputs.commit()
            } catch let error as KernelLaneError {
                throw fail(error, code: error.status)
            } catch {
                throw fail(error, code: 1)
            }
            switch RecordingSummary.of(recording) {
            case .success(let summary):
                summary.lines(source: recording).forEach { print($0) }
            case .failure(let reason):
                let count = recording.isHID ? "\(recording.reports.count) reports" : "\(recording.events.count) events"
                print("\(reason.description); \(count)")
            }
            print("wrote \(output)")
        }
    }

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
