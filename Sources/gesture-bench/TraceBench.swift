import ArgumentParser
import Foundation
import TouchStream

/// `gesture-bench trace`: a large valid trace for memory and speed measurements of the commands.
struct TraceBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Write a large valid trace (JSON Lines or the compact form) of about N megabytes.",
        discussion: """
            The stream is SyntheticTouchStream's (fingers stroking back and forth on a 1920×1080 \
            surface, no finding of any kind), so `check` and `replay` of the file measure reading, \
            checking and delivering, with memory bounded by the fingers down at once. Measure with \
            /usr/bin/time -v gesture-sandbox check|replay FILE and delete the file afterwards.
            """)

    enum Form: String, ExpressibleByArgument { case jsonl, compact }

    @Option(help: "Approximate size of the file in megabytes.") var megabytes = 1024
    @Option(help: "jsonl or compact.") var form = Form.jsonl
    @Option(help: "Fingers down at once (1…10).") var fingers = 10
    @Argument(help: "The file to write.") var output: String

    func validate() throws {
        guard megabytes > 0 else { throw ValidationError("--megabytes must be positive") }
        guard (1...10).contains(fingers) else { throw ValidationError("--fingers must be 1…10") }
    }

    func run() throws {
        let limit = megabytes * 1_000_000
        var stream = SyntheticTouchStream(count: Int.max, fingers: fingers)
        var count = 0
        // Stop at a frame boundary once the size is reached, after a stroke's ups, so every touch ends.
        var strokeEnded = false
        func note(_ record: RawRecord) -> Bool {
            switch record.event {
            case .up: strokeEnded = true
            case .down, .motion: strokeEnded = false
            default: break
            }
            guard case .frame = record.event else { return false }
            return strokeEnded
        }
        switch form {
        case .jsonl:
            let writer = try TraceWriter(path: output, header: SyntheticTouchStream.header(), flushEachFrame: false)
            var bytes = 0
            while let record = stream.next() {
                try writer.write(record)
                bytes += TraceWriter.line(for: record).utf8.count + 1
                count += 1
                if note(record), bytes >= limit { break }
            }
            try writer.finish()
        case .compact:
            let target = try OutputTarget(path: output)
            var buffer = ""
            while let record = stream.next() {
                buffer += Self.statement(record)
                count += 1
                if buffer.utf8.count >= 1 << 16 {
                    try target.write(buffer)
                    buffer = ""
                }
                if note(record), target.byteCount + buffer.utf8.count >= limit { break }
            }
            try target.write(buffer)
            try target.commit()
        }
        print("\(output): \(count) records")
    }

    /// One record as a compact statement with explicit time and serial, so chunks need no shared clock.
    private static func statement(_ record: RawRecord) -> String {
        switch record.event {
        case .down(let serial, let time, _, let id, let x, let y): "down \(id) \(x) \(y) t=\(time) serial=\(serial)\n"
        case .motion(let time, let id, let x, let y): "motion \(id) \(x) \(y) t=\(time)\n"
        case .up(let serial, let time, let id): "up \(id) t=\(time) serial=\(serial)\n"
        case .frame: "frame\n"
        default: "# \(record.event.name)\n"
        }
    }
}
