import FoundationEssentials
import Render
import Scenes
import TouchStream

// MARK: - Writing outputs (every command writes through OutputTarget)

extension OutputGroup {
    /// Opens `path` in the group and writes `text` to it; visible at the group's commit.
    public func write(_ text: String, to path: String) throws {
        try open(path).write(text)
    }

    /// Opens `path` in the group and writes `bytes` to it; visible at the group's commit.
    public func write(_ bytes: [UInt8], to path: String) throws {
        try open(path).write(bytes)
    }

    /// Writes `records` as a JSON Lines trace under `header`.
    public func writeTrace(_ records: [RawRecord], header: TraceHeader, to path: String) throws {
        let writer = try TraceWriter(target: try open(path), header: header)
        for record in records { try writer.write(record) }
        try writer.flush()
    }
}

/// A one-line error from the runtime layer.
public struct RuntimeError: Error, CustomStringConvertible {
    public let description: String
    /// Creates an error with its one-line message.
    public init(_ description: String) { self.description = description }
}

extension SceneSnapshot {
    /// The snapshot as pretty JSON with sorted keys (stable for diffs), newline-terminated.
    public func jsonText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// Writes the snapshot to `path` on its own, whole or not at all.
    public func write(to path: String) throws {
        try OutputTarget.write(try jsonText(), to: path)
    }
}

extension PixelTarget {
    /// The target's pixels as PNG file bytes.
    public func pngBytes() throws -> [UInt8] { try PNGFile.encode(RGBAImage(self)) }
}
