import Foundation
import Playback
import TouchStream

// MARK: - The matrix folder

/// Writes a matrix run's folder: `report.md`, `matrix.html`, and per compositor a folder with a
/// sub-folder per script (trace.jsonl, deliveries.jsonl, state.json, screenshots, injected.txt,
/// stream.txt: the normalised frames, findings.txt: the checker's findings).
///
/// Everything is written into `DIR.partial-PID` and renamed into place at the end, so the
/// destination holds a whole matrix or nothing.
public enum MatrixOutput {
    /// Runs `runner` and writes the folder at `directory`, which must not exist yet (or be empty).
    public static func run(_ runner: MatrixRunner, to directory: String) throws -> MatrixResult {
        let manager = FileManager.default
        let target = URL(fileURLWithPath: directory).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: target, isDirectory: &isDirectory) {
            let contents = isDirectory.boolValue ? (try? manager.contentsOfDirectory(atPath: target)) : nil
            guard contents?.isEmpty == true else { throw RuntimeError("\(directory): already exists; choose a new folder") }
        }
        let temporary = target + ".partial-\(getpid())"
        try? manager.removeItem(atPath: temporary)
        do {
            try manager.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        } catch {
            throw RuntimeError("\(directory): cannot create \(temporary): \(error.localizedDescription)")
        }
        chmod(temporary, 0o755)
        MatrixInterruption.shared.add(folder: temporary)
        defer { MatrixInterruption.shared.remove(folder: temporary) }
        do {
            let result = runner.run(into: temporary)
            try write(result, into: temporary)
            if manager.fileExists(atPath: target) { try manager.removeItem(atPath: target) }
            guard rename(temporary, target) == 0 else {
                throw RuntimeError("\(directory): cannot rename \(temporary): \(String(cString: strerror(errno)))")
            }
            return result
        } catch {
            try? manager.removeItem(atPath: temporary)
            throw error
        }
    }

    /// Writes the report files of `result` into `folder` (run folders already hold the recordings).
    public static func write(_ result: MatrixResult, into folder: String) throws {
        for column in result.columns {
            for (name, cell) in column.cells {
                guard let run = cell.run else { continue }
                let runFolder = "\(folder)/\(column.kind.rawValue)/\(name)"
                guard FileManager.default.fileExists(atPath: runFolder) else { continue }
                try OutputTarget.write(run.stream.text, to: runFolder + "/stream.txt")
                try OutputTarget.write(run.findings.map { $0.description + "\n" }.joined(), to: runFolder + "/findings.txt")
            }
        }
        try OutputTarget.write(MatrixReport.markdown(result), to: folder + "/report.md")
        try OutputTarget.write(MatrixHTML.page(result), to: folder + "/matrix.html")
    }
}
