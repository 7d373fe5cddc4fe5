import Foundation
import TouchStream

// MARK: - Temporary files for the trace-file suites

/// A fresh directory under the system temporary directory, removed by `cleanUp()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "touchstream-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to a file in the directory and returns its path.
    func write(_ name: String, _ text: String) throws -> String {
        let file = file(name)
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        return file
    }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name)) }

    /// Makes a FIFO in the directory and a thread that writes `text` into it and closes it, as a
    /// shell's `<(…)` would; returns its path (opening it for reading lets the writer go on).
    func fifo(_ name: String, feeding text: String) throws -> String {
        let fifo = file(name)
        guard mkfifo(fifo, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        Thread {
            let handle = FileHandle(forWritingAtPath: fifo)
            handle?.write(Data(text.utf8))
            try? handle?.close()
        }.start()
        return fifo
    }

    func cleanUp() { try? FileManager.default.removeItem(atPath: path) }
}

/// A header with every field filled.
let sampleHeader = TraceHeader(
    toolVersion: "0.1.0",
    environment: CompositorEnvironment(
        compositor: "weston 10.0.1",
        globals: [.init(interface: "wl_compositor", version: 4), .init(interface: "wl_seat", version: 7)],
        seat: .init(name: "default", version: 7), touchVersion: 7,
        outputs: [.init(name: "headless", scale: 1, transform: "normal", width: 1024, height: 640, refresh: 60000)],
        surface: .init(width: 1024, height: 640, bufferScale: 1)),
    profile: "uikit", created: "2026-11-22T05:00:00.000Z")

/// Reads every record of a JSON Lines file.
func readAll(_ path: String) throws -> (TraceHeader, [RawRecord]) {
    let reader = try JSONLTraceReader(path: path)
    var records: [RawRecord] = []
    try reader.forEach { records.append($0) }
    return (reader.header, records)
}

/// The description of the error `body` throws, or nil.
func errorText(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch {
        return "\(error)"
    }
}
