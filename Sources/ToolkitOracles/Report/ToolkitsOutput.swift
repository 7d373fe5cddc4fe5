import Foundation
import TouchStream

// MARK: - The run's folder

/// Writes a toolkits run's folder: `report.md`, `toolkits.html`, `results.json`, and per toolkit
/// `gestures.jsonl` (the oracle's gesture lines as printed) and `wayland-debug.log` (what it received).
///
/// Everything is written into `DIR.partial-PID` and renamed into place at the end, so the
/// destination holds a whole run or nothing; an existing non-empty DIR is refused before anything starts.
public enum ToolkitsOutput {
    /// The report files, in the order the command lists them.
    public static let reportFiles = ["report.md", "toolkits.html", "results.json"]

    /// Refuses a destination that exists and is not an empty folder.
    public static func check(_ directory: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else { return }
        let contents = isDirectory.boolValue ? (try? FileManager.default.contentsOfDirectory(atPath: directory)) : nil
        guard contents?.isEmpty == true else { throw OracleError("\(directory): already exists; choose a new folder") }
    }

    /// Runs `produce`, then writes its result into `directory` whole; returns the result.
    public static func run(to directory: String, toolVersion: String, _ produce: () -> ToolkitsResult) throws -> ToolkitsResult {
        try check(directory)
        let manager = FileManager.default
        let target = URL(fileURLWithPath: directory).standardizedFileURL.path
        let temporary = target + ".partial-\(getpid())"
        try? manager.removeItem(atPath: temporary)
        do {
            try manager.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        } catch {
            throw OracleError("\(directory): cannot create \(temporary): \(error.localizedDescription)")
        }
        ToolkitInterruption.shared.add(folder: temporary)
        defer { ToolkitInterruption.shared.remove(folder: temporary) }
        do {
            let result = produce()
            try write(result, into: temporary, toolVersion: toolVersion)
            try check(directory)
            try ToolkitInterruption.shared.publish {
                if manager.fileExists(atPath: target) { try manager.removeItem(atPath: target) }
                guard rename(temporary, target) == 0 else {
                    throw OracleError("\(directory): cannot rename \(temporary): \(String(cString: strerror(errno)))")
                }
            }
            return result
        } catch {
            try? manager.removeItem(atPath: temporary)
            ToolkitInterruption.shared.waitIfInterrupted()
            throw error
        }
    }

    /// Writes the report files and the toolkits' logs into `folder`.
    public static func write(_ result: ToolkitsResult, into folder: String, toolVersion: String) throws {
        do {
            for toolkit in result.toolkits {
                guard let recording = toolkit.recording else { continue }
                let sub = "\(folder)/\(toolkit.oracle.toolkit)"
                try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
                try OutputTarget.write(recording.gestureLog, to: sub + "/gestures.jsonl")
                try OutputTarget.write(recording.debugLog, to: sub + "/wayland-debug.log")
            }
            try ScrollReport.writeLogs(result.scroll, into: folder)
            try OutputTarget.write(ToolkitsReport.markdown(result), to: folder + "/report.md")
            try OutputTarget.write(ToolkitsHTML.page(result), to: folder + "/toolkits.html")
            try OutputTarget.write(try ToolkitsResultsDocument(result, toolVersion: toolVersion).jsonText(),
                                   to: folder + "/results.json")
        } catch let error as OracleError {
            throw error
        } catch {
            throw OracleError("\(folder): \(error)")
        }
    }
}
