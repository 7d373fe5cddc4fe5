import ArgumentParser
import RunCommand
import CompositorDrivers
import Foundation
import KernelLane
import Matrix
import Playback
import TouchStream

/// `gesture-sandbox matrix`: the matrix run (the default) and the merge of shard folders.
struct Matrix: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix",
        abstract: "Run touch scripts through several real compositors and compare what our client received.",
        discussion: """
            `gesture-sandbox matrix [run] [SCRIPT ...] [--battery] [--compositors LIST] [-o DIR] ...` runs \
            the matrix (run is the default: its options are in `gesture-sandbox matrix run --help`); \
            `gesture-sandbox matrix merge DIR ... -o OUT` merges the folders of a run split with --shard. \
            docs/battery.md describes the scripts, docs/ci.md how to run the matrix in CI.
            """,
        subcommands: [MatrixRun.self, Matrix.Merge.self], defaultSubcommand: MatrixRun.self)
}

/// `gesture-sandbox matrix [run]`: one set of touch scripts through every compositor, one report.
struct MatrixRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run touch scripts through several real compositors and compare what our client received.",
        discussion: """
            Each SCRIPT is a file in the compact form, in window-relative logical pixels: (0, 0) is the \
            top-left corner of our client's window wherever the compositor puts it; a down above the \
            window (y < 0) lands on the server-side title bar. --battery adds the built-in scripts \
            (docs/battery.md); --only picks some of them. For each compositor: start it privately, tap \
            the output's centre to find our window, then per script start our client (--scene, \
            --profile), inject, and keep its trace, deliveries log, state and screenshots in DIR/COMPOSITOR/SCRIPT/. \
            Streams are normalised (ids renumbered by first down, serials and times relative) and \
            compared frame by frame; deliveries logs are diffed; outcomes and the checker's findings \
            are tabulated in DIR/report.md and DIR/matrix.html (self-contained). A script with an item \
            a driver cannot inject (cancel, shape/orientation, a title-bar touch), or a setup it cannot \
            give (two windows side by side, a scaled or rotated output), is not run there and shows as \
            "not injectable here". Battery scripts over two windows run two clients (docs/battery.md). DIR appears whole or not at all; it must not exist yet. \
            DIR/results.json has the same for machines (docs/results-schema.md).

            For CI (docs/ci.md): --repeat N runs every cell N times (DIR/COMPOSITOR/SCRIPT/run-K/) and \
            shows findings and streams as k/N, marking what only some runs showed as unstable; \
            --expect FILE compares the findings with a baseline of known ones (--write-expect FILE \
            writes one from this run); --junit FILE writes one testcase per script × compositor; \
            --shard I/N runs the I-th of N parts of the cells, and `matrix merge` puts the parts' \
            folders together into the report one run would have written.

            Exit status: 0 every compositor agrees and no rule is broken (with --expect: no finding \
            beyond the baseline); 1 they differ or a rule is broken, in any run (with --expect: a new \
            finding); 2 a compositor or script could not run, or bad input.
            """)

    @Argument(help: ArgumentHelp("Compact-form script files (window-relative).", valueName: "script"))
    var scripts: [String] = []

    @Flag(help: "Add the built-in battery of scripts (docs/battery.md).")
    var battery = false

    @Option(help: ArgumentHelp("With --battery: only these battery scripts (comma-separated).", valueName: "names"))
    var only: String?

    @Option(help: ArgumentHelp("all, or compositors separated by commas (see `gesture-sandbox compositors`).",
                               valueName: "list"))
    var compositors: String = "all"

    @Option(help: ArgumentHelp("How touch reaches the compositors, one column per lane: harness (into the compositor's input "
        + "code, the default), kernel (a uinput touchscreen in a qemu guest, through udev and libinput: sway, weston, cage, phoc and Wayfire; "
        + "docs/kernel-lane.md), or both, comma-separated.", valueName: "lanes"))
    var lane: String = "harness"

    @Option(name: .customLong("guest-cache"), help: ArgumentHelp("With --lane kernel: the built guest's folder "
        + "(default: $XDG_CACHE_HOME/gesture-sandbox/guest).", valueName: "dir"))
    var guestCache: String?

    @OptionGroup var sceneOptions: SceneOptions

    @Option(help: ArgumentHelp("Run every cell (script × compositor) N times; findings seen in some runs only are marked unstable.",
                               valueName: "n"))
    var `repeat`: Int = 1

    @Option(help: ArgumentHelp("Run only the I-th of N parts of the cells (1-based; docs/ci.md says how they are split); "
        + "`matrix merge` puts the parts' folders together.", valueName: "i/n"))
    var shard: String?

    @Option(help: ArgumentHelp("Run N compositors at a time (default: one more than the cores, at most 3; 1 runs them one "
        + "after another, each alone on the machine). Each is private (its own runtime directory, buses and sockets); "
        + "findings that depend on timing vary more on a busy machine: compare with --repeat.", valueName: "n"))
    var parallel: Int?

    @OptionGroup var machine: MatrixMachineOptions

    @OptionGroup var binaries: CompositorBinaryOptions

    @Option(name: [.short, .long], help: ArgumentHelp("The folder to create.", valueName: "dir"))
    var output: String = "matrix"

    func run() throws {
        let configuration: MatrixConfiguration, options: MatrixOutputOptions
        do {
            configuration = try makeConfiguration()
            options = try machine.options()
        } catch {
            throw fail(error, code: 2)
        }
        MatrixInterruption.shared.install()
        let result: MatrixResult
        do {
            result = try MatrixOutput.run(MatrixRunner(configuration: configuration), to: output, options: options)
        } catch {
            Progress.clear()
            throw fail(error, code: 2)
        }
        Progress.clear()
        machine.summarize(result, folder: output)
        if result.exitCode != 0 { throw ExitCode(result.exitCode) }
    }

    private func makeConfiguration() throws -> MatrixConfiguration {
        var list: [MatrixScript] = []
        for path in scripts {
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            list.append(try MatrixScript(name: name, summary: "from \(path)", text: try InputFiles.text(path), source: path))
        }
        if battery {
            let names = only?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            list += try names.map { try MatrixBattery.scripts(named: $0) } ?? MatrixBattery.scripts
        } else if only != nil {
            throw RuntimeError("--only picks battery scripts: use it with --battery")
        }
        guard !list.isEmpty else { throw RuntimeError("no scripts: name script files or use --battery") }
        var seen = Set<String>()
        for script in list where !seen.insert(script.name).inserted {
            throw RuntimeError("two scripts are named \"\(script.name)\"; rename one file")
        }
        let columns = try CompositorListing.columns(try CompositorListing.kinds(compositors),
                                                    lanes: try CompositorListing.lanes(lane))
        let client = try windowProgram()
        let cache = GuestCache(path: guestCache ?? GuestCache.defaultPath(environment: ProcessInfo.processInfo.environment))
        let guestDrivers: [any CompositorDriver] = columns.filter { $0.lane == .kernel }.map {
            GuestLaneDriver(kind: $0, cache: cache, client: client, interruption: MatrixInterruption.shared)
        }
        var configuration = MatrixConfiguration(scripts: list, compositors: columns,
                                                drivers: try binaries.drivers() + guestDrivers, sceneType: sceneOptions.sceneType,
                                                profile: sceneOptions.thresholdProfile, clientExecutable: client)
        if machine.expect != nil || machine.writeExpect != nil,
           let name = list.first(where: { $0.name.contains { $0.isWhitespace || $0 == "#" } })?.name {
            throw RuntimeError("the script name \"\(name)\" cannot be written in a baseline (no spaces or #): rename the file")
        }
        guard (1...100).contains(self.repeat) else { throw RuntimeError("--repeat takes 1 to 100 runs per cell") }
        configuration.repeatCount = self.repeat
        let parallel = self.parallel ?? MatrixConfiguration.defaultColumnsAtOnce
        guard (1...10).contains(parallel) else { throw RuntimeError("--parallel takes 1 to 10 compositors at a time") }
        configuration.columnsAtOnce = parallel
        configuration.shard = try shard.map { try MatrixShard(parsing: $0) }
        if isatty(2) == 1 { configuration.progress = Progress.show }
        return configuration
    }
}

extension Matrix {
    /// `gesture-sandbox matrix merge`: shard folders into one matrix folder.
    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Merge the folders of a matrix run split with --shard into the report one run would have written.",
            discussion: """
                Each DIR is the folder of one `matrix --shard I/N` run; all N shards of one split must be \
                given, each once (same scripts, compositors, scene, profile, --repeat and gesture-sandbox \
                version). The cells' folders are copied into OUT at the places a single run gives them, \
                every run is analysed again from its files, and OUT/report.md, matrix.html and results.json \
                are written as one run over all the cells writes them. A folder of a run without --shard \
                merges alone: its reports are written again (with another --expect, for instance). OUT \
                appears whole or not at all; it must not exist yet.

                Exit status: as `matrix` gives for the same cells (0, 1 or 2); 2 also when the folders \
                are not the shards of one run.
                """)

        @Argument(help: ArgumentHelp("The shard folders.", valueName: "dir"))
        var folders: [String]

        @OptionGroup var machine: MatrixMachineOptions

        @Option(name: [.short, .long], help: ArgumentHelp("The folder to create.", valueName: "out"))
        var output: String

        func run() throws {
            let result: MatrixResult
            do {
                result = try MatrixOutput.merge(folders, to: output, options: try machine.options())
            } catch {
                throw fail(error, code: 2)
            }
            machine.summarize(result, folder: output)
            if result.exitCode != 0 { throw ExitCode(result.exitCode) }
        }
    }
}

/// The outputs for machines that `matrix` and `matrix merge` share.
struct MatrixMachineOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A baseline of known findings, one `COMPOSITOR SCRIPT RULE [unstable]` per line (docs/ci.md): "
        + "exit status 1 only for a finding it does not list; listed findings no run showed are reported as fixed.",
        valueName: "file"))
    var expect: String?

    @Option(name: .customLong("write-expect"), help: ArgumentHelp(
        "Write this run's findings as a baseline for --expect (a new file, or the --expect file itself to update it).",
        valueName: "file"))
    var writeExpect: String?

    @Option(help: ArgumentHelp("Write JUnit XML: a testcase per script × compositor, failing on its findings "
        + "(with --expect: its new findings).", valueName: "file"))
    var junit: String?

    /// The output options, the baseline read.
    func options() throws -> MatrixOutputOptions {
        signal(SIGXFSZ, SIG_IGN)
        TemporaryFiles.removeAtExit()
        if let junit { try OutputTarget.refuse(outputs: [junit], readingFrom: [expect].compactMap { $0 }) }
        if let junit, junit == writeExpect { throw RuntimeError("--junit and --write-expect name the same file") }
        let baseline = try expect.map { path in try MatrixBaseline(parsing: try InputText.read(path), source: path) }
        return MatrixOutputOptions(toolVersion: GestureSandbox.version, baseline: baseline, writeBaseline: writeExpect,
                                   junit: junit)
    }

    /// The verdict and where the files are on standard output; against a baseline, what is new and
    /// what was fixed on standard error.
    func summarize(_ result: MatrixResult, folder: String) {
        print(MatrixReport.verdict(result))
        let files = ["report.md", "matrix.html", "results.json"].map { "\(folder)/\($0)" } + [junit, writeExpect].compactMap { $0 }
        print("report: " + files.joined(separator: ", ") + " (\(Int(result.seconds.rounded())) s)")
        guard let check = result.baselineCheck else { return }
        var lines = check.new.map { "new: \($0.name) (\($0.runs)/\($0.of)\($0.isUnstable ? ", unstable" : ""))" }
        lines += check.fixed.map { "fixed: \($0.name) (in \(check.baseline.source), seen in none of \($0.of) runs)" }
        lines.append(check.summary)
        FileHandle.standardError.write(Data(lines.map { "gesture-sandbox: \($0)\n" }.joined().utf8))
    }
}

/// `gesture-sandbox compositors`: every compositor the matrix knows.
struct Compositors: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compositors",
        abstract: "List the compositors the matrix drives: installed or not, version, what can be injected, quirks.")

    @OptionGroup var binaries: CompositorBinaryOptions

    func run() throws {
        let drivers: [any CompositorDriver]
        do {
            // A compositor only the kernel lane runs is listed with its column's driver (its version in the guest).
            let cache = GuestCache(path: GuestCache.defaultPath(environment: ProcessInfo.processInfo.environment))
            let kernelOnly = CompositorKind.compositorCases.filter { $0.lane == .kernel }
            drivers = try binaries.drivers() + kernelOnly.map {
                GuestLaneDriver(kind: $0, cache: cache, client: try windowProgram(), interruption: nil)
            }
        } catch {
            throw fail(error, code: 2)
        }
        print(CompositorListing.text(drivers: drivers), terminator: "")
    }
}

/// The progress line on a terminal's standard error.
private enum Progress {
    static func show(_ line: String) {
        FileHandle.standardError.write(Data("\r\u{1B}[Kmatrix: \(line)".utf8))
    }

    static func clear() {
        if isatty(2) == 1 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
