import Foundation
import Playback
import TouchStream

// MARK: - Where a run's files go

/// The matrix folder's layout: `COMPOSITOR/SCRIPT/` per cell, holding the run's files when each
/// cell runs once (the layout single runs always had), or one `run-K/` folder per run (K from 1)
/// with `--repeat` N > 1. results.json names every run's folder, so readers need not guess.
public enum MatrixLayout {
    /// "weston/tap".
    public static func cellFolder(_ key: MatrixCellKey) -> String { key.description }

    /// A run's folder inside its compositor's folder: "tap", or "tap/run-2" with repeats.
    public static func runFolder(script: String, run: Int, of count: Int) -> String {
        count > 1 ? "\(script)/run-\(run)" : script
    }
}

// MARK: - The matrix folder

/// What a matrix command writes besides its folder, and how.
public struct MatrixOutputOptions {
    /// The version written into results.json and the baseline's header.
    public var toolVersion: String
    /// The baseline read with `--expect`.
    public var baseline: MatrixBaseline?
    /// `--write-expect`: where to write this run's baseline.
    public var writeBaseline: String?
    /// `--junit`: where to write the JUnit XML.
    public var junit: String?

    /// Options writing only the folder.
    public init(toolVersion: String, baseline: MatrixBaseline? = nil, writeBaseline: String? = nil, junit: String? = nil) {
        self.toolVersion = toolVersion
        self.baseline = baseline
        self.writeBaseline = writeBaseline
        self.junit = junit
    }
}

/// Writes a matrix run's folder: `report.md`, `matrix.html`, `results.json`, and per compositor a
/// folder with a sub-folder per script (``MatrixLayout``; trace.jsonl, deliveries.jsonl,
/// state.json, screenshots, injected.txt, stream.txt: the normalised frames, findings.txt: the
/// checker's findings).
///
/// Everything is written into `DIR.partial-PID` and renamed into place at the end, so the
/// destination holds a whole matrix or nothing. The JUnit file and the baseline
/// (``MatrixOutputOptions``) are opened before the run (a bad path fails before any compositor
/// starts), each written whole to a `.partial` file, and put in place right after the folder.
public enum MatrixOutput {
    /// Runs `runner` and writes the folder at `directory`, which must not exist yet (or be empty).
    public static func run(_ runner: MatrixRunner, to directory: String, options: MatrixOutputOptions) throws -> MatrixResult {
        try staged(directory, options: options) { temporary in
            var result = runner.run(into: temporary)
            result.baseline = options.baseline
            return result
        }
    }

    /// Runs `produce` on a fresh temporary folder beside `directory`, writes the reports of the
    /// result it returns into it, then puts the folder and the side outputs in place.
    static func staged(_ directory: String, options: MatrixOutputOptions,
                       _ produce: (String) throws -> MatrixResult) throws -> MatrixResult {
        let manager = FileManager.default
        let target = URL(fileURLWithPath: directory).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: target, isDirectory: &isDirectory) {
            let contents = isDirectory.boolValue ? (try? manager.contentsOfDirectory(atPath: target)) : nil
            guard contents?.isEmpty == true else { throw RuntimeError("\(directory): already exists; choose a new folder") }
        }
        let side = try SideOutputs(options)
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
            let result = try produce(temporary)
            try write(result, into: temporary, toolVersion: options.toolVersion)
            try side.write(result, folder: directory, options: options)
            try MatrixInterruption.shared.publish {
                if manager.fileExists(atPath: target) { try manager.removeItem(atPath: target) }
                guard rename(temporary, target) == 0 else {
                    throw RuntimeError("\(directory): cannot rename \(temporary): \(String(cString: strerror(errno)))")
                }
                try side.commit()
            }
            return result
        } catch {
            side.discard()
            try? manager.removeItem(atPath: temporary)
            MatrixInterruption.shared.waitIfInterrupted()
            throw error
        }
    }

    /// Writes the report files of `result` into `folder` (run folders already hold the recordings).
    public static func write(_ result: MatrixResult, into folder: String, toolVersion: String) throws {
        for column in result.columns {
            for (name, cell) in column.cells {
                for (number, run) in cell.ran {
                    let runFolder = "\(folder)/\(column.kind.rawValue)/"
                        + MatrixLayout.runFolder(script: name, run: number, of: result.repeatCount)
                    guard FileManager.default.fileExists(atPath: runFolder) else { continue }
                    try OutputTarget.write(run.streamText, to: runFolder + "/stream.txt")
                    try OutputTarget.write(run.allFindings.map { ($0.window.map { "\($0): " } ?? "") + $0.finding.description + "\n" }
                                               .joined(), to: runFolder + "/findings.txt")
                }
            }
        }
        try OutputTarget.write(MatrixReport.markdown(result), to: folder + "/report.md")
        try OutputTarget.write(MatrixHTML.page(result), to: folder + "/matrix.html")
        try OutputTarget.write(try MatrixResultsDocument(result: result, toolVersion: toolVersion).jsonText(),
                               to: folder + "/results.json")
    }

    // MARK: - Outputs beside the folder

    /// `--junit` and `--write-expect`: opened first, written after the run, committed together.
    private struct SideOutputs {
        let group = OutputGroup()
        let junit: OutputTarget?
        let baseline: OutputTarget?

        init(_ options: MatrixOutputOptions) throws {
            if let path = options.writeBaseline { try Self.refuseOverwriting(path, unlessReading: options.baseline?.source) }
            let group = self.group
            junit = try options.junit.map { try group.open($0) }
            baseline = try options.writeBaseline.map { try group.open($0) }
        }

        /// --write-expect writes a new file, or replaces the baseline --expect reads (the update
        /// of a committed baseline); any other existing file is refused before the run.
        static func refuseOverwriting(_ path: String, unlessReading expect: String?) throws {
            var info = stat(), other = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
            if let expect, stat(expect, &other) == 0, other.st_dev == info.st_dev, other.st_ino == info.st_ino { return }
            throw RuntimeError("\(path): already exists; --write-expect writes a new baseline, or replaces the one "
                + "--expect reads when given the same file")
        }

        func write(_ result: MatrixResult, folder: String, options: MatrixOutputOptions) throws {
            if let junit { try junit.write(MatrixJUnit.xml(result, folder: folder)) }
            if let baseline, let path = options.writeBaseline {
                let written = MatrixBaseline(result: result, keeping: options.baseline, source: path)
                try baseline.write(written.text(header: MatrixBaseline.header(result, toolVersion: options.toolVersion)))
            }
        }

        func commit() throws { try group.commit() }
        func discard() { group.discard() }
    }
}

extension MatrixBaseline {
    /// The comment lines at the top of a baseline written from `result`.
    static func header(_ result: MatrixResult, toolVersion: String) -> [String] {
        let runs = result.repeatCount == 1 ? "one run per cell" : "\(result.repeatCount) runs per cell"
        return [
            "Findings expected from `gesture-sandbox matrix` (read with --expect; the format is in docs/ci.md).",
            "One per line: COMPOSITOR SCRIPT RULE [unstable]; `unstable`: seen in some runs only, tolerated either way.",
            "Written by gesture-sandbox \(toolVersion) from \(runs) (scene \(result.scene), profile \(result.profile));"
                + " after each line, the runs that showed it.",
        ]
    }
}
