import Foundation
import TouchStream

// MARK: - Reading inputs with located errors

/// Reads the files the repro commands take, turning every problem into one located line
/// (`FILE:LINE:COLUMN: what is wrong`).
public enum InputFiles {
    /// The whole text file at `path`; missing, unreadable, non-UTF-8 and empty files are errors.
    public static func text(_ path: String) throws(TraceError) -> String {
        guard FileManager.default.fileExists(atPath: path) else {
            throw TraceError(file: path, line: 1, column: 1, message: "no such file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TraceError(file: path, line: 1, column: 1, message: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw TraceError(file: path, line: 1, column: 1, message: "not UTF-8 text")
        }
        guard !text.allSatisfy(\.isWhitespace) else {
            throw TraceError(file: path, line: 1, column: 1, message: "empty file")
        }
        return text
    }

    /// The trace at `path` (either form); a trace without records is an error.
    public static func trace(_ path: String) throws(TraceError) -> Trace {
        let trace: Trace
        do {
            _ = try text(path)
            trace = try TraceReader.read(path)
        } catch let error as TraceError {
            throw error
        } catch {
            throw TraceError(file: path, line: 1, column: 1, message: "\(error)")
        }
        guard !trace.records.isEmpty else {
            throw TraceError(file: path, line: 1, column: 1, message: "the trace has no records")
        }
        return trace
    }

    /// True when the first non-blank line of `text` is a deliveries-log entry (`"kind"`), not a trace.
    public static func looksLikeDeliveriesLog(_ text: String) -> Bool {
        guard let first = text.split(whereSeparator: \.isNewline).first(where: { !$0.allSatisfy(\.isWhitespace) }),
              let object = (try? JSONSerialization.jsonObject(with: Data(first.utf8))) as? [String: Any] else {
            return false
        }
        return object["kind"] is String && object["format"] == nil
    }
}

// MARK: - Whole files and folders

extension OutputFile {
    /// Writes `records` as a JSON Lines trace under `header`, whole or not at all.
    public static func writeTrace(_ records: [RawRecord], header: TraceHeader, to path: String) throws {
        let writer = try TraceWriter(path: path, header: header, flushEachFrame: false)
        do {
            for record in records { try writer.write(record) }
            try writer.finish()
        } catch {
            unlink(writer.temporaryPath)
            throw error
        }
    }
}
