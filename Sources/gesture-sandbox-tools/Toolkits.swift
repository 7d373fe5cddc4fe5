import ArgumentParser
import RunCommand
import Foundation
import Playback
import TouchKit
import ToolkitOracles

/// `gesture-sandbox toolkits`: touch scripts through real toolkits and through our models of them.
struct Toolkits: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run touch scripts through real GTK 4, Qt 6 Quick, Chromium, GTK 3, SDL 2, Firefox, WebKitGTK and Qt 6 Widgets and through our models of them, side by side.",
        discussion: """
            Each SCRIPT is a file in the compact form, in window-relative logical pixels (0, 0 is the \
            top-left corner of the toolkit's window or page, every touch inside 1280×720: a script that touches \
            outside is refused with its line before any toolkit starts); --corpus adds each model's boundary corpus \
            (`gesture-sandbox profiles` lists the models). Every toolkit runs at once, each as an oracle \
            client under a private headless weston (kiosk shell) with a private home, config and cache \
            folder: the scripts are injected one after another in real time with a quiet gap after each, \
            the oracle reports every gesture it recognised, and the wl_touch stream it received \
            (WAYLAND_DEBUG) is fed to our model of it. Compared: every gesture that is not an update, by \
            recognizer, kind, tap count and wl_touch time; scale, angle and velocity are shown.

            DIR gets report.md, toolkits.html (one self-contained page: disagreements first, real and \
            model side by side, the agreement table) and results.json, and per toolkit gestures.jsonl \
            and wayland-debug.log. DIR appears whole or not at all; it must not exist yet. docs/toolkits.md \
            describes the oracles and the rules.

            The oracle files are found in $GESTURE_SANDBOX_ORACLES, next to the binary \
            (../share/gesture-sandbox/oracles) or in the source tree. A toolkit that is not installed is \
            reported with the Debian packages to install (scripts/install-deps.sh installs them all).

            --scroll: the files are one-finger strokes instead, run through the toolkits that scroll (GTK 4's \
            GtkScrolledWindow with kinetic scrolling, GTK 3's, Qt 6 Quick's Flickable, Qt Widgets' QScroller, a Chromium page, Firefox's page \
            under APZ, a page in WebKitGTK's WebView; each over a 200000 px tall content) and their scroll models: \
            each drawn frame's offset must be within 2 px or 2 % of the model's at that frame's time, and the \
            resting offset within 4 px or 2 %. --corpus also runs the scroll corpus for every toolkit that \
            scrolls (with --scroll: only it). A stroke that would scroll past an end of the content is refused \
            with its line before any toolkit starts.

            Exit status: 0 every model agrees with its toolkit; 1 a model differs; 2 a toolkit could not \
            run, or bad input.
            """)

    @Argument(help: ArgumentHelp("Compact-form script files (window-relative).", valueName: "script"))
    var scripts: [String] = []

    @Option(help: ArgumentHelp("Toolkits separated by commas: \(ToolkitOracle.names.joined(separator: ", ")), or all.",
                               valueName: "list"))
    var toolkits = "all"

    @Flag(help: "Add each model's boundary corpus (and the scroll corpus for toolkits that scroll).")
    var corpus = false

    @Flag(help: "The files are scroll strokes: run only scrolling, through the toolkits that scroll.")
    var scroll = false

    @Option(help: ArgumentHelp("With --corpus: only the first N cases of each corpus.", valueName: "n"))
    var limit: Int?

    @Option(help: ArgumentHelp("Quiet time after each case in ms (longer than every click series and timer).",
                               valueName: "ms"))
    var gap = Int(ToolkitsConfiguration.defaultGap * 1000)

    @Option(name: [.short, .long], help: ArgumentHelp("The folder to create.", valueName: "dir"))
    var output = "toolkits"

    func run() throws {
        let configuration: ToolkitsConfiguration
        let scrolling: ScrollConfiguration?
        do {
            try prepareOutputs([], inputs: scripts)
            try ToolkitsOutput.check(output)
            if scroll {
                scrolling = try makeScrollConfiguration(strokes: scripts)
                configuration = ToolkitsConfiguration(toolkits: [], scripts: [], corpus: false)
            } else {
                configuration = try makeConfiguration()
                scrolling = corpus ? try makeScrollConfiguration(strokes: []) : nil
            }
        } catch {
            throw fail(error, code: 2)
        }
        ToolkitInterruption.shared.install()
        let result: ToolkitsResult
        do {
            result = try ToolkitsOutput.run(to: output, toolVersion: GestureSandbox.version) {
                let started = Date()
                var result = configuration.toolkits.isEmpty ? ToolkitsResult(scroll: [], seconds: 0)
                    : ToolkitsRunner(configuration: configuration).run()
                if let scrolling, !scrolling.toolkits.isEmpty { result.scroll = ScrollRunner.run(scrolling) }
                result.seconds = Date().timeIntervalSince(started)
                return result
            }
        } catch {
            ToolkitsProgress.clear()
            throw fail(error, code: 2)
        }
        ToolkitsProgress.clear()
        for problem in result.toolkits.compactMap(\.problem) + result.scroll.compactMap(\.problem) {
            FileHandle.standardError.write(Data("gesture-sandbox: \(problem)\n".utf8))
        }
        print(result.verdict)
        print("report: " + ToolkitsOutput.reportFiles.map { "\(output)/\($0)" }.joined(separator: ", ")
            + " (\(Int(result.seconds.rounded())) s)")
        if result.exitCode != 0 { throw ExitCode(result.exitCode) }
    }

    private func makeConfiguration() throws -> ToolkitsConfiguration {
        let names = try Self.toolkitNames(toolkits)
        var cases: [OracleCase] = []
        for path in scripts {
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let text = try InputFiles.text(path)
            cases.append(try OracleCase(name: name, summary: "script \(path)", script: text, source: path))
        }
        var seen = Set<String>()
        for item in cases where !seen.insert(item.name).inserted {
            throw RuntimeError("two scripts are named \"\(item.name)\"; rename one file")
        }
        guard !cases.isEmpty || corpus else { throw RuntimeError("no scripts: name script files or use --corpus") }
        if limit != nil, !corpus { throw RuntimeError("--limit picks corpus cases: use it with --corpus") }
        if let limit, limit < 1 { throw RuntimeError("--limit must be at least 1") }
        guard (200...10_000).contains(gap) else { throw RuntimeError("--gap takes 200 to 10000 ms") }
        var configuration = ToolkitsConfiguration(toolkits: names, scripts: cases, corpus: corpus)
        configuration.corpusLimit = limit
        configuration.gap = Double(gap) / 1000
        if isatty(2) == 1 { configuration.progress = { ToolkitsProgress.show($0) } }
        return configuration
    }

    /// Scrolling: the stroke files and the toolkits that scroll among `--toolkits` (with `--scroll`, naming one
    /// that does not is an error); the strokes are checked against the content before anything starts.
    private func makeScrollConfiguration(strokes paths: [String]) throws -> ScrollConfiguration {
        let wanted = try Self.toolkitNames(toolkits)
        let names = wanted.filter { ToolkitOracle.scrollOracle($0) != nil }
        if scroll, toolkits != "all", let other = wanted.first(where: { ToolkitOracle.scrollOracle($0) == nil }) {
            throw RuntimeError("--scroll: \(other) has no scrolling oracle; toolkits that scroll: "
                + ToolkitOracle.scrolling.map(\.toolkit).joined(separator: ", "))
        }
        var strokes: [OracleCase] = []
        for path in paths {
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            strokes.append(try OracleCase(name: name, summary: "stroke \(path)", script: try InputFiles.text(path), source: path))
        }
        var seen = Set<String>()
        for item in strokes where !seen.insert(item.name).inserted {
            throw RuntimeError("two strokes are named \"\(item.name)\"; rename one file")
        }
        if scroll, strokes.isEmpty, !corpus { throw RuntimeError("--scroll: no strokes: name stroke files or use --corpus") }
        if scroll, limit != nil, !corpus { throw RuntimeError("--limit picks corpus cases: use it with --corpus") }
        if let limit, limit < 1 { throw RuntimeError("--limit must be at least 1") }
        var configuration = ScrollConfiguration(toolkits: names, strokes: strokes, corpus: corpus)
        configuration.corpusLimit = limit
        if isatty(2) == 1 { configuration.progress = { ToolkitsProgress.show($0) } }
        try ScrollRunner.check(configuration)
        return configuration
    }

    /// The toolkits `list` names, in report order; `all` is every one.
    static func toolkitNames(_ list: String) throws -> [String] {
        let wanted = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if wanted == ["all"] { return ToolkitOracle.names }
        guard !wanted.isEmpty else { throw RuntimeError("--toolkits is empty; toolkits: \(ToolkitOracle.names.joined(separator: ", "))") }
        for name in wanted where ToolkitOracle.named(name) == nil {
            throw RuntimeError("unknown toolkit \"\(name)\" in --toolkits; toolkits: \(ToolkitOracle.names.joined(separator: ", ")) or all")
        }
        return ToolkitOracle.names.filter { wanted.contains($0) }
    }
}

/// The progress line on a terminal's standard error.
private enum ToolkitsProgress {
    static func show(_ line: String) {
        FileHandle.standardError.write(Data("\r\u{1B}[Ktoolkits: \(line)".utf8))
    }

    static func clear() {
        if isatty(2) == 1 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
