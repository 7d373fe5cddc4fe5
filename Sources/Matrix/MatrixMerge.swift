import CompositorDrivers
import Foundation
import Playback
import Scenes
import TouchKit
import TouchStream

// MARK: - `gesture-sandbox matrix merge`

/// Puts the folders of a matrix split with `--shard I/N` back together: the cells' folders are
/// copied to the same places a single run gives them, every run is read again from its folder
/// (trace, deliveries, state, screenshots) and analysed as the run itself analysed it, and the
/// reports are written from that, so report.md, matrix.html and results.json are the ones a
/// single run over all the cells writes (times and the compositors' own log files aside).
///
/// The folders must be the N shards of one split, each once: same tool version, scripts, compositors,
/// scene, profile and `--repeat`. One folder of a run without `--shard` counts as shard 1/1: merging it
/// alone writes its reports again (with another `--expect`, for instance). Each compositor's own files
/// (calibration folders, the log's tail) go to `COMPOSITOR/shard-I/` when there are several shards.
enum MatrixMerge {
    /// One input folder and its results.json.
    private struct Input {
        var folder: String
        var document: MatrixResultsDocument
        var shard: MatrixResultsDocument.Shard { document.shard ?? .init(index: 1, count: 1) }
    }

    /// Rebuilds the result of `folders` in `destination` (an empty folder), copying their cells there.
    static func result(of folders: [String], into destination: String) throws -> MatrixResult {
        guard !folders.isEmpty else { throw RuntimeError("merge: name the folders to merge") }
        let inputs = try folders.map { folder -> Input in
            let path = folder + "/results.json"
            guard let data = FileManager.default.contents(atPath: path) else {
                throw RuntimeError("\(folder): no results.json; is this a matrix folder?")
            }
            return Input(folder: folder, document: try MatrixResultsDocument.read(data, name: path))
        }
        try checkSameSplit(inputs)
        let first = inputs[0].document
        guard let sceneType = SceneCatalog.scene(named: first.scene) else {
            throw RuntimeError("\(inputs[0].folder): unknown scene \"\(first.scene)\"")
        }
        guard ThresholdProfile.named(first.profile) != nil else {
            throw RuntimeError("\(inputs[0].folder): unknown profile \"\(first.profile)\"")
        }
        let scripts = try first.scripts.map(script(from:))
        var columns = try first.compositors.map { compositor -> MatrixColumn in
            guard let kind = CompositorKind(rawValue: compositor.name) else {
                throw RuntimeError("\(inputs[0].folder): compositor \"\(compositor.name)\" has no driver in this build")
            }
            // Every input lists the same compositors (checkSameSplit).
            return column(kind, from: inputs.compactMap { $0.document.compositors.first { $0.name == compositor.name } })
        }
        var seen: [MatrixCellKey: String] = [:]
        for input in inputs {
            for cell in input.document.cells {
                guard let index = columns.firstIndex(where: { $0.kind.rawValue == cell.compositor }),
                      let script = scripts.first(where: { $0.name == cell.script }) else {
                    throw RuntimeError("\(input.folder): cell \(cell.compositor)/\(cell.script) is of no compositor or script it lists")
                }
                let key = MatrixCellKey(columns[index].kind, script.name)
                if let other = seen[key] { throw RuntimeError("\(key) is in both \(other) and \(input.folder)") }
                seen[key] = input.folder
                guard columns[index].unavailable == nil else { continue }
                try copy(input.folder + "/" + cell.folder, to: destination + "/" + cell.folder)
                columns[index].cells[script.name] = try runs(of: cell, script: script, in: destination,
                                                              sceneType: sceneType, window: columns[index].windowSize)
            }
        }
        for input in inputs { try copyCompositorFiles(of: input, into: destination, several: inputs.count > 1) }
        return MatrixResult(scripts: scripts, columns: columns, scene: first.scene, profile: first.profile,
                            seconds: inputs.map(\.document.seconds).reduce(0, +), repeatCount: first.repeatCount)
    }

    /// A script as the run had it. results.json keeps its name and items, not its windows, output or what its
    /// windows must show: a battery script with the same items is the battery's; any other had one window on a
    /// plain output, as a script file has.
    private static func script(from saved: MatrixResultsDocument.Script) throws -> MatrixScript {
        if let battery = MatrixBattery.scripts.first(where: { $0.name == saved.name && $0.text == saved.text }) {
            return battery
        }
        return try MatrixScript(name: saved.name, summary: saved.summary, text: saved.text)
    }

    /// Refuses folders that are not the shards of one split, each once, all present.
    private static func checkSameSplit(_ inputs: [Input]) throws {
        let first = inputs[0]
        for input in inputs.dropFirst() {
            let a = first.document, b = input.document
            let differences = [
                (a.tool.version != b.tool.version, "gesture-sandbox version (\(a.tool.version), \(b.tool.version))"),
                (a.scripts != b.scripts, "scripts"), (a.compositors.map(\.name) != b.compositors.map(\.name), "compositors"),
                (a.scene != b.scene || a.profile != b.profile, "scene or profile"), (a.repeatCount != b.repeatCount, "--repeat"),
                (first.shard.count != input.shard.count, "number of shards (\(first.shard.count), \(input.shard.count))"),
            ].filter(\.0).map(\.1)
            if !differences.isEmpty {
                throw RuntimeError("\(first.folder) and \(input.folder) are not shards of one run: they differ in "
                    + differences.joined(separator: ", "))
            }
        }
        let count = first.shard.count
        var folders: [Int: String] = [:]
        for input in inputs {
            if let other = folders[input.shard.index] {
                throw RuntimeError("\(other) and \(input.folder) are both shard \(input.shard.index)/\(count)")
            }
            folders[input.shard.index] = input.folder
        }
        let missing = (1...count).filter { folders[$0] == nil }
        guard missing.isEmpty else {
            throw RuntimeError("shard " + missing.map { "\($0)/\(count)" }.joined(separator: ", ") + " missing: merge needs all \(count)")
        }
    }

    /// A column from what each input says of the compositor: the first input that ran it gives
    /// its version, capabilities and window; when every input that tried it could not run it,
    /// the column could not run.
    private static func column(_ kind: CompositorKind, from entries: [MatrixResultsDocument.Compositor]) -> MatrixColumn {
        let tried = entries.filter { $0.status != "not-run" }
        let base = tried.first { $0.status == "ran" } ?? tried.first ?? entries[0]
        var column = MatrixColumn(kind: kind, version: base.version, capabilities: capabilities(named: base.injects))
        column.device = base.device
        if let window = base.window {
            column.windowOrigin = (window.x, window.y)
            column.windowSize = (window.width, window.height)
        }
        if !tried.isEmpty, tried.allSatisfy({ $0.status == "could-not-run" }) { column.unavailable = tried[0].reason ?? "could not run" }
        return column
    }

    /// The capabilities whose names `gesture-sandbox compositors` prints.
    private static func capabilities(named names: [String]) -> InjectionCapabilities {
        var result: InjectionCapabilities = []
        for bit in 0..<32 {
            let one = InjectionCapabilities(rawValue: 1 << UInt32(bit))
            if let name = one.names.first, names.contains(name) { result.insert(one) }
        }
        return result
    }

    /// A cell's runs, read from its (copied) folders.
    private static func runs(of cell: MatrixResultsDocument.Cell, script: MatrixScript, in destination: String,
                             sceneType: any Scene.Type, window: (width: Int, height: Int)?) throws -> MatrixCellRuns {
        if let items = cell.notInjectable {
            return MatrixCellRuns([.notInjectable(items.map {
                MatrixScript.Unsupported(statement: $0.statement, item: $0.item, needs: $0.needs)
            })])
        }
        if cell.status == "not-supported", let reason = cell.reason { return MatrixCellRuns([.notSupported(reason)]) }
        if cell.runs.isEmpty { return MatrixCellRuns([.failed(cell.reason ?? "could not run")]) }
        let size = Size(width: Double(window?.width ?? 1280), height: Double(window?.height ?? 720))
        let initial = sceneType.init(context: SceneContext(clock: VirtualClock(), size: size)).snapshot()
        return MatrixCellRuns(try cell.runs.sorted { $0.run < $1.run }.map { entry -> MatrixCell in
            guard entry.status == "ran" else { return .failed(entry.reason ?? "could not run") }
            let folder = destination + "/" + entry.folder
            let trace: Trace
            do { trace = try TraceReader.read(folder + "/trace.jsonl") } catch {
                throw RuntimeError("\(entry.folder): cannot read the run's trace: \(error)")
            }
            let state = FileManager.default.contents(atPath: folder + "/state.json")
                .flatMap { try? JSONDecoder().decode(SceneSnapshot.self, from: $0) }
            let exists = { (name: String) in FileManager.default.fileExists(atPath: folder + "/" + name) ? folder + "/" + name : nil }
            var others: [MatrixWindowRun] = []
            for index in script.windows.indices.dropFirst() {
                let windowFolder = MatrixRunner.folder(of: index, in: script, directory: folder)
                do {
                    others.append(MatrixWindowRun(name: script.windows[index].name,
                                                  trace: try TraceReader.read(windowFolder + "/trace.jsonl"),
                                                  deliveriesLog: (try? String(contentsOfFile: windowFolder + "/deliveries.jsonl",
                                                                              encoding: .utf8)) ?? ""))
                } catch {
                    throw RuntimeError("\(entry.folder): cannot read window \(script.windows[index].name)'s trace: \(error)")
                }
            }
            return .ran(MatrixRun(script: script, trace: trace,
                                  deliveriesLog: (try? String(contentsOfFile: folder + "/deliveries.jsonl", encoding: .utf8)) ?? "",
                                  initial: initial, snapshot: state, outputScreenshot: exists("output.png"),
                                  clientScreenshot: exists("client.png"), notInjected: entry.notInjected, notes: entry.notes,
                                  windows: others))
        })
    }

    /// Copies the compositor folders' own files (calibration, the log's tail): to the same place
    /// from a single input, to `COMPOSITOR/shard-I/` from several.
    private static func copyCompositorFiles(of input: Input, into destination: String, several: Bool) throws {
        let manager = FileManager.default
        for compositor in input.document.compositors {
            let folder = input.folder + "/" + compositor.name
            guard let entries = try? manager.contentsOfDirectory(atPath: folder) else { continue }
            let cells = Set(input.document.cells.filter { $0.compositor == compositor.name }.map(\.script))
            for entry in entries.sorted() where !cells.contains(entry) {
                let target = destination + "/" + compositor.name + (several ? "/shard-\(input.shard.index)" : "") + "/" + entry
                try copy(folder + "/" + entry, to: target)
            }
        }
    }

    private static func copy(_ source: String, to target: String) throws {
        let manager = FileManager.default
        guard manager.fileExists(atPath: source) else { return }
        do {
            try manager.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try manager.copyItem(atPath: source, toPath: target)
        } catch {
            throw RuntimeError("cannot copy \(source) to \(target): \(error.localizedDescription)")
        }
    }
}

extension MatrixOutput {
    /// Merges shard folders (``MatrixMerge``) into a new folder at `directory`, written like a run's.
    public static func merge(_ folders: [String], to directory: String, options: MatrixOutputOptions) throws -> MatrixResult {
        try staged(directory, options: options) { temporary in
            var result = try MatrixMerge.result(of: folders, into: temporary)
            result.baseline = options.baseline
            return result
        }
    }
}
