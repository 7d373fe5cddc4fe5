import Foundation
import SandboxHarness

/// A PNG of one frame of a PipeWire video node (mutter's screen-cast stream), via GStreamer.
enum PipeWireScreenshot {
    /// Seconds gst-launch gets for one frame.
    static let timeout = 15.0

    /// Writes one frame of `node` to `path` as PNG; nothing is left at `path` on failure.
    static func capture(node: UInt32, to path: String, environment: [String: String], logPath: String) throws {
        let partial = path + ".partial"
        let process = try ChildProcess(executable: "gst-launch-1.0", arguments: [
            "-q", "pipewiresrc", "path=\(node)", "num-buffers=1", "!", "videoconvert", "!", "pngenc", "!",
            "filesink", "location=\(partial)",
        ], environment: environment, logPath: logPath)
        let termination = process.wait(timeout: timeout) ?? process.terminate()
        let tail = process.output().split(whereSeparator: \.isNewline).suffix(3).joined(separator: " | ")
        let size = (try? FileManager.default.attributesOfItem(atPath: partial)[.size] as? Int) ?? 0
        guard termination == .exited(0), size > 0 else {
            try? FileManager.default.removeItem(atPath: partial)
            throw DriverError("no screenshot from PipeWire node \(node) (gst-launch-1.0 \(termination)); log \(logPath): \(tail)")
        }
        if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
        try FileManager.default.moveItem(atPath: partial, toPath: path)
    }
}
