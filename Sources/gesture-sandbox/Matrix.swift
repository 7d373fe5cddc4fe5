import ArgumentParser
import CompositorDrivers
import Foundation
import Matrix
import Playback
import TouchStream

/// `gesture-sandbox matrix`: one set of touch scripts through every compositor, one report.
struct Matrix: ParsableCommand {
    static let configuration = CommandConfiguration(
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
            a driver cannot inject (cancel, shape/orientation, a title-bar touch) is not run there and \
            shows as "not injectable here". DIR appears whole or not at all; it must not exist yet.

            Exit status: 0 every compositor agrees and no rule is broken; 1 they differ or a rule is \
            broken; 2 a compositor or script could not run, or bad input.
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

    @OptionGroup var sceneOptions: SceneOptions

    @OptionGroup var binaries: CompositorBinaryOptions

    @Option(name: [.short, .long], help: ArgumentHelp("The folder to create.", valueName: "dir"))
    var output: String = "matrix"

    func run() throws {
        let configuration: MatrixConfiguration
        do {
            configuration = try makeConfiguration()
        } catch {
            throw fail(error, code: 2)
        }
        MatrixInterruption.shared.install()
        let result: MatrixResult
        do {
            result = try MatrixOutput.run(MatrixRunner(configuration: configuration), to: output)
        } catch {
            Progress.clear()
            throw fail(error, code: 2)
        }
        Progress.clear()
        print("\(MatrixReport.verdict(result))")
        print("report: \(output)/report.md, \(output)/matrix.html (\(Int(result.seconds.rounded())) s)")
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
        var configuration = MatrixConfiguration(scripts: list, compositors: try CompositorListing.kinds(compositors),
                                                drivers: try binaries.drivers(), sceneType: sceneOptions.sceneType,
                                                profile: sceneOptions.thresholdProfile,
                                                clientExecutable: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        if isatty(2) == 1 { configuration.progress = Progress.show }
        return configuration
    }
}

/// `gesture-sandbox compositors`: every compositor the matrix knows.
struct Compositors: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the compositors the matrix drives: installed or not, version, what can be injected, quirks.")

    @OptionGroup var binaries: CompositorBinaryOptions

    func run() throws {
        let drivers: [any CompositorDriver]
        do {
            drivers = try binaries.drivers()
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
