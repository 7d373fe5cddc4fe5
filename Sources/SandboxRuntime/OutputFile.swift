import Foundation
import Scenes

// MARK: - Files that appear whole or not at all

/// A text file written under a temporary name and renamed into place by `finish()`.
///
/// An interrupted run leaves only `<path>.partial`, never a half-written file under the final name.
public final class OutputFile {
    /// Where the finished file goes.
    public let path: String
    private let temporaryPath: String
    private let handle: FileHandle

    /// Creates `<path>.partial` (replacing any earlier one).
    public init(path: String) throws {
        self.path = path
        temporaryPath = path + ".partial"
        guard FileManager.default.createFile(atPath: temporaryPath, contents: nil) else {
            throw RuntimeError("\(path): cannot create \(temporaryPath)")
        }
        guard let handle = FileHandle(forWritingAtPath: temporaryPath) else {
            throw RuntimeError("\(path): cannot open \(temporaryPath) for writing")
        }
        self.handle = handle
    }

    /// Appends `text` as UTF-8.
    public func write(_ text: String) throws {
        do {
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw RuntimeError("\(temporaryPath): write failed: \(error.localizedDescription)")
        }
    }

    /// Closes the file and renames it to `path`.
    public func finish() throws {
        try? handle.close()
        if rename(temporaryPath, path) != 0 {
            throw RuntimeError("\(path): cannot rename \(temporaryPath): \(String(cString: strerror(errno)))")
        }
    }

    /// Writes `text` to `path` in one go (temporary name, then rename).
    public static func write(_ text: String, to path: String) throws {
        let file = try OutputFile(path: path)
        try file.write(text)
        try file.finish()
    }
}

/// A one-line error from the runtime layer.
public struct RuntimeError: Error, CustomStringConvertible {
    public let description: String
    /// Creates an error with its one-line message.
    public init(_ description: String) { self.description = description }
}

extension SceneSnapshot {
    /// Writes the snapshot as pretty JSON with sorted keys (stable for diffs), whole or not at all.
    public func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try OutputFile.write(String(decoding: try encoder.encode(self), as: UTF8.self) + "\n", to: path)
    }
}
