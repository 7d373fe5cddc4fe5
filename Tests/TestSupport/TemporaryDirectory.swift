import Foundation
import SandboxHarness
import WaylandPlumbing

// MARK: - A folder of the test's own

/// A fresh folder under the system temporary directory, removed with everything in it when the
/// value is dropped, or earlier by `cleanUp()`.
public final class TemporaryDirectory: Sendable {
    /// The folder's absolute path.
    public let path: String

    /// Makes the folder, named `<prefix>.XXXXXX`: mode 0700 when `ownerOnly` (as an XDG_RUNTIME_DIR
    /// must be), else 0755, so that the unprivileged user a nested compositor runs clients as can
    /// reach a folder given to it inside; such a folder goes in /tmp when the system temporary
    /// directory is under a private one (a `mktemp -d`, a private home), which that user cannot pass.
    public init(prefix: String = "gesture-sandbox-test", ownerOnly: Bool = false) throws {
        let temporary = NSTemporaryDirectory()
        let base = ownerOnly || RuntimeDirectory.isReachableByOthers(temporary) ? temporary : "/tmp/"
        var template = Array((base + "\(prefix).XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw HarnessError("cannot make a folder in \(base): \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
        if !ownerOnly { chmod(path, 0o755) }
    }

    /// Makes a private runtime directory (mode 0700) for a compositor's sockets: in the system
    /// temporary directory, or in /tmp when that is too deep for a socket path
    /// (`RuntimeDirectory.make`).
    public init(runtimeDirectoryPrefix prefix: String) throws {
        path = try RuntimeDirectory.make(prefix: prefix)
    }

    deinit { cleanUp() }

    /// The path of `name` inside the folder (the file need not exist).
    public func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to a file in the folder and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        let file = file(name)
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        return file
    }

    /// Whether `name` exists in the folder.
    public func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name)) }

    /// The names in the folder, sorted (empty when it cannot be read).
    public func listing() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// Makes a FIFO in the folder and a thread that writes `text` into it and closes it, as a
    /// shell's `<(…)` would; returns its path (opening it for reading lets the writer go on).
    public func fifo(_ name: String, feeding text: String) throws -> String {
        let fifo = file(name)
        guard mkfifo(fifo, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        Thread {
            let handle = FileHandle(forWritingAtPath: fifo)
            handle?.write(Data(text.utf8))
            try? handle?.close()
        }.start()
        return fifo
    }

    /// Removes the folder and everything in it now.
    public func cleanUp() { try? FileManager.default.removeItem(atPath: path) }
}
