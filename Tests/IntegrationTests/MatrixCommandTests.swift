import CompositorDrivers
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SandboxHarness
import TestSupport
import Testing
import TouchStream

// MARK: - `gesture-sandbox matrix` over every compositor this build drives

/// One matrix run of four battery scripts over every built-in driver, shared by the tests below:
/// each compositor is started privately, our client records under it, and the report must show
/// what that compositor really sent.
@Suite(.serialized)
struct MatrixCommandTests {
    /// The scripts: a tap (frames after up), a two-finger landing (split frames), a title-bar touch
    /// after an earlier sequence (KWin's empty frames), a cancel (wlroots does not forward it); and
    /// every script over several windows and surfaces and on another output
    /// (MatrixSurfaceClassTests.swift); three on layer surfaces (MatrixLayerShellTests.swift); a tap
    /// with the mouse pointer left on the window (MatrixMouseTests.swift); a tap and a focus on a
    /// seat without a pointer (MatrixTouchOnlySeatTests.swift).
    static let scripts = ["tap", "pinch", "titlebar", "cancel", "twoclients", "focus", "popup", "dnd", "move", "resize",
                          "subsurface", "destroy", "layer-drag", "layer-nofocus", "layer-ondemand", "hover-tap",
                          "tap@scale2", "drag@scale2", "tap@rotated", "drag@rotated", "tap@touchonly", "focus@touchonly"]

    /// The run, made once: in and into a private folder (mode 0700, as root's home or any `mktemp -d`),
    /// which the unprivileged user running sway, phoc and cage cannot enter, with a temporary
    /// directory of its own (TMPDIR) to see what it leaves behind.
    final class Run: @unchecked Sendable {
        let directory: TemporaryDirectory
        let status: ChildProcess.Termination?
        let output: String
        let report: String
        /// What the run left in its TMPDIR (it should leave nothing).
        let leftInTemporary: [String]
        /// /tmp/.X11-unix before and after the run.
        let xSocketsBefore: XSocketDirectoryState, xSocketsAfter: XSocketDirectoryState
        var kinds: [CompositorKind] { CompositorDrivers.all.map(\.kind) }

        init() throws {
            directory = try TemporaryDirectory(ownerOnly: true)
            let temporary = try TemporaryDirectory(prefix: "matrix-tmp")
            let out = directory.file("m")
            var environment = ProcessInfo.processInfo.environment
            environment["TMPDIR"] = temporary.path
            xSocketsBefore = XSocketDirectoryState()
            // Started inside the private folder too: phoc read its phoc.ini from there and exited.
            let process = try ChildProcess(
                executable: "sh",
                arguments: ["-c", "cd \"$0\" && exec \"$@\"", directory.path, try sandboxExecutable(),
                            "matrix", "--battery", "--only", MatrixCommandTests.scripts.joined(separator: ","),
                            "--compositors", CompositorDrivers.all.map(\.kind.rawValue).joined(separator: ","),
                            // One at a time, each compositor alone: the timing-dependent cells asserted below
                            // were measured so.
                            "--parallel", "1", "-o", out],
                environment: environment, logPath: directory.file("matrix.log"))
            status = process.wait(timeout: 1200)
            if status == nil { process.terminate() }
            output = process.output()
            report = (try? String(contentsOfFile: "\(out)/report.md", encoding: .utf8)) ?? ""
            xSocketsAfter = XSocketDirectoryState()
            leftInTemporary = temporary.listing()
        }

        /// report.md's lines telling why a compositor or a run could not run, for a failure's message.
        var failureLines: String {
            report.split(separator: "\n").filter { $0.hasPrefix("| status |") || $0.contains(": failed: ") }
                .joined(separator: "\n")
        }

        /// The summary table's cells for `script`, by compositor.
        func summary(_ script: String) -> [CompositorKind: String] {
            guard let line = report.split(separator: "\n").first(where: { $0.hasPrefix("| \(script) |") }) else { return [:] }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            var result: [CompositorKind: String] = [:]
            for (index, kind) in kinds.enumerated() where index + 1 < cells.count { result[kind] = cells[index + 1] }
            return result
        }

        /// The findings table's row for a rule, by compositor.
        func findings(_ rule: String) -> [CompositorKind: String] {
            let table = report.components(separatedBy: "## Findings: rule × compositor").last ?? ""
            guard let line = table.split(separator: "\n").first(where: { $0.hasPrefix("| \(rule) ") }) else { return [:] }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            var result: [CompositorKind: String] = [:]
            for (index, kind) in kinds.enumerated() where index + 2 < cells.count { result[kind] = cells[index + 2] }
            return result
        }
    }

    static let run = Result { try Run() }

    func shared() throws -> Run {
        let run = try Self.run.get()
        #expect(run.status == .exited(1), "matrix should find differences: \(run.output)\n\(run.failureLines)")
        #expect(!run.report.isEmpty, "no report.md: \(run.output)")
        return run
    }

    @Test("report.md has a column per compositor and every one ran")
    func columns() throws {
        let run = try shared()
        let heading = "| script | " + run.kinds.map(\.displayName).joined(separator: " | ") + " | across compositors |"
        #expect(run.report.contains(heading))
        let status = run.report.split(separator: "\n").first { $0.hasPrefix("| status |") } ?? ""
        #expect(status == "| status | " + run.kinds.map { _ in "ran" }.joined(separator: " | ") + " |",
                "a compositor could not run: \(status)")
        for kind in run.kinds {
            // A script not run on a compositor says why in its cell: no trace to read.
            for script in Self.scripts {
                let cell = run.summary(script)[kind, default: ""]
                if cell.hasPrefix("not injectable") || cell.hasPrefix("not supported by") { continue }
                let trace = try TraceReader.read(run.directory.file("m/\(kind.rawValue)/\(script)/trace.jsonl"))
                #expect(trace.records.contains { $0.event.name == "down" },
                        "\(kind) \(script): no down recorded (\(run.summary(script)[kind] ?? "?")); \(run.output)")
            }
        }
    }

    @Test("report.md's Time section counts every compositor's starts and the runs of the scripts that ran")
    func time() throws {
        let run = try shared()
        let section = run.report.components(separatedBy: "## Time\n\n").dropFirst().first?.components(separatedBy: "\n## ").first ?? ""
        let rows = Dictionary(section.split(separator: "\n").filter { $0.hasPrefix("| ") }.map { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return (cells[0], Array(cells.dropFirst()))
        }, uniquingKeysWith: { first, _ in first })
        for (index, kind) in run.kinds.enumerated() {
            let ran = Self.scripts.filter { script in
                let cell = run.summary(script)[kind, default: ""]
                return !cell.hasPrefix("not injectable") && !cell.hasPrefix("not supported by")
            }.count
            // Each script that ran at least once, a second run on a fresh compositor possibly.
            let runs = Int(rows["script runs"]?[index].split(separator: " ").first ?? "") ?? -1
            #expect(runs >= ran && runs <= ran * 2, "\(kind): \(runs) runs for \(ran) scripts that ran: \(section)")
            let starts = Int(rows["starts"]?[index].split(separator: " ").first ?? "") ?? 0
            #expect(starts >= 1, "\(kind): \(section)")
        }
    }

    @Test("the run leaves the machine as it found it: nothing in its TMPDIR, /tmp/.X11-unix as X servers need it")
    func leavesNothingBehind() throws {
        let run = try shared()
        // A start that failed keeps its folder for its log, which the report names; nothing else stays.
        let unnamed = run.leftInTemporary.filter { !run.report.contains("/\($0)/") }
        #expect(unnamed.isEmpty, "left in TMPDIR: \(unnamed)")
        // cage starts Xwayland, whose wlroots makes a missing /tmp/.X11-unix its user's (0755): every
        // later X server of another user then refuses to start. Other suites may run cage meanwhile,
        // so the folder may come or go; it must never be left otherwise than X servers need it.
        let after = run.xSocketsAfter
        #expect(after.folder == run.xSocketsBefore.folder || after.isAbsent || after.isRootsAndSticky,
                "/tmp/.X11-unix was \(run.xSocketsBefore), is \(after)")
        let stale = Set(after.staleLocks).subtracting(run.xSocketsBefore.staleLocks)
        #expect(stale.isEmpty, "X display locks left by processes gone: \(stale.sorted())")
    }

    @Test("the quirks each compositor is known for are found by the tool")
    func quirks() throws {
        let run = try shared()
        let tap = run.summary("tap"), titlebar = run.summary("titlebar"), cancel = run.summary("cancel")
        let pinch = run.summary("pinch")
        // weston drops the frame after the last up, has no title bar, and gets our harness cancel.
        #expect(run.findings("A1")[.weston]?.contains("tap") == true)
        #expect(titlebar[.weston] == "not injectable here (title bar)")
        #expect(cancel[.weston]?.contains("M3") == false)
        if run.kinds.contains(.kwin) {
            // And on the touches that start a popup, a drag, a move or a resize (docs/battery.md).
            #expect(run.findings("R4")[.kwin]?.hasPrefix("titlebar") == true, "KWin's empty frames on a title-bar touch")
            #expect(tap[.kwin]?.hasSuffix("✓") == true)
        }
        if run.kinds.contains(.mutter) {
            #expect(run.findings("A1")[.mutter]?.contains("tap") == true)
            // mutter frames per dispatch of its input: fingers landing together arrive in frames of
            // their own as a rule, yet now and then in one; a second landing then decides.
            let split = try pinch[.mutter]?.contains("M2") == true || Self.mutterSplitsAnotherLanding()
            #expect(split, "mutter frames every event alone")
            #expect(cancel[.mutter] == "not injectable here (cancel)")
        }
        if run.kinds.contains(.cage) { #expect(tap[.cage]?.contains("M1") == true, "cage sends no frame") }
        for kind in [CompositorKind.sway, .phoc, .cage] where run.kinds.contains(kind) {
            #expect(cancel[kind]?.contains("M3") == true, "\(kind.displayName) forwards no cancel")
            #expect(cancel[kind]?.contains("R1") == true, "\(kind.displayName): the next down is R1")
        }
    }

    /// Runs the two multi-finger landings once more under mutter alone; true when either shows M2.
    private static func mutterSplitsAnotherLanding() throws -> Bool {
        let directory = try TemporaryDirectory()
        let out = directory.file("m")
        let process = try ChildProcess(
            executable: try sandboxExecutable(),
            arguments: ["matrix", "--battery", "--only", "pinch,swipe3", "--compositors", "mutter", "-o", out],
            environment: ProcessInfo.processInfo.environment, logPath: directory.file("matrix.log"))
        if process.wait(timeout: 300) == nil { process.terminate() }
        let report = (try? String(contentsOfFile: "\(out)/report.md", encoding: .utf8)) ?? ""
        return report.split(separator: "\n").contains {
            ($0.hasPrefix("| pinch |") || $0.hasPrefix("| swipe3 |")) && $0.contains("M2")
        }
    }

    @Test("matrix.html is one XML document with a timeline and a screenshot per run")
    func html() throws {
        let run = try shared()
        let text = try String(contentsOfFile: run.directory.file("m/matrix.html"), encoding: .utf8)
        // libxml2 (Foundation's XMLParser on Linux) refuses a document over 10 MB, which a run of
        // twenty scripts on ten compositors passes with its inlined screenshots: the pictures'
        // payloads are checked as base64 here and left out of the parse.
        let prefix = "src=\"data:image/png;base64,"
        var parts = text.components(separatedBy: prefix)
        for index in parts.indices.dropFirst() {
            let payload = parts[index].prefix { $0 != "\"" }
            #expect(!payload.isEmpty && Data(base64Encoded: String(payload)) != nil, "picture \(index) is not base64")
            parts[index] = String(parts[index].dropFirst(payload.count))
        }
        let collector = HTMLCollector()
        let parser = XMLParser(data: Data(parts.joined(separator: prefix).utf8))
        parser.delegate = collector
        #expect(parser.parse(), "matrix.html is not XML: \(String(describing: parser.parserError))")
        let figures = collector.elements.filter { $0.name == "figure" }.compactMap { $0.attributes["data-compositor"] }
        #expect(figures.count == run.kinds.count * Self.scripts.count)
        let sources = collector.elements.filter { $0.name == "img" }.compactMap { $0.attributes["src"] }
        #expect(!sources.isEmpty && sources.allSatisfy { $0.hasPrefix("data:image/png;base64,") })
        #expect(collector.elements.filter { $0.name == "svg" }.count >= sources.count)
    }
}

/// The matrix's command line without compositors: listings and bad input.
@Suite struct MatrixCommandLineTests {
    /// Seconds a listing or a refusal may take.
    private static let timeout = 30.0

    @Test("compositors lists all seven with version and injection, or why not")
    func compositors() throws {
        let run = try sandbox(["compositors"], timeout: Self.timeout)
        let output = run.output
        #expect(run.termination == .exited(0))
        for kind in CompositorKind.compositorCases {
            let line = output.split(separator: "\n").first { $0.hasPrefix(kind.displayName + " ") }
            #expect(line != nil, "\(kind.displayName) missing: \(output)")
            if let driver = CompositorDrivers.driver(for: kind), case .installed(let version) = driver.installation() {
                #expect(line?.contains(version) == true)
            }
        }
        #expect(output.contains("injects: touch, frame, cancel"))
        // Wayfire runs only in the kernel lane: its column, its version in the guest, what a touchscreen sends.
        let wayfire = output.components(separatedBy: "\nWayfire · kernel ").dropFirst().first ?? ""
        let version = wayfire.prefix { $0 != "\n" }
        #expect(["in the guest (not built yet)", "in the guest (not in the built one: gesture-sandbox guest build)"].contains(version)
                || (version.hasPrefix("0.7.4") && version.hasSuffix(" in the guest")), "\(output)")
        #expect(wayfire.dropFirst(version.count).hasPrefix("\n             injects: touch, frame, kernel lane only\n"), "\(output)")
    }

    @Test("SIGINT mid-run stops every process the matrix started and leaves no folder")
    func interrupted() throws {
        let directory = try TemporaryDirectory()
        let process = try ChildProcess(executable: try sandboxExecutable(),
                                       arguments: ["matrix", "--battery", "--compositors", "weston", "-o", directory.file("m")],
                                       environment: ProcessInfo.processInfo.environment, logPath: directory.file("out.log"))
        // Mid-run: weston and a client are up (the whole battery takes over ten seconds on weston).
        var descendants: [pid_t] = []
        let deadline = MonotonicClock.now() + 10
        while descendants.count < 2 && MonotonicClock.now() < deadline {
            usleep(100_000)
            descendants = Self.descendants(of: process.pid)
        }
        #expect(descendants.count >= 2, "no compositor and client under the matrix: \(process.output())")
        kill(process.pid, SIGINT)
        #expect(process.wait(timeout: 15) == .exited(130), "\(process.output())")
        let survivors = descendants.filter { Self.isAlive($0) }
        #expect(survivors.isEmpty, "still running: \(survivors)")
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("m") }
        #expect(left.isEmpty, "left behind: \(left)")
    }

    /// Every process whose parent chain leads to `root` (from /proc).
    private static func descendants(of root: pid_t) -> [pid_t] {
        var parents: [pid_t: pid_t] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { parents[pid] = parent }
        }
        var result: [pid_t] = [], frontier: Set<pid_t> = [root]
        while !frontier.isEmpty {
            let children = parents.filter { frontier.contains($0.value) }.map(\.key)
            result += children
            frontier = Set(children)
        }
        return result
    }

    /// True for a process that exists and is not a zombie.
    private static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }

    @Test("by default compositors run side by side (one more than the cores, at most 3); --parallel 1 runs one at a time")
    func parallelByDefault() throws {
        let directory = try TemporaryDirectory()
        func time(_ extra: [String], _ name: String) throws -> String {
            let run = try sandbox(["matrix", "--battery", "--only", "tap,doubletap", "--compositors", "weston,sway"] + extra
                + ["-o", directory.file(name)], timeout: Self.timeout)
            #expect(run.termination == .exited(1), "\(run.output)")
            let report = (try? String(contentsOfFile: directory.file("\(name)/report.md"), encoding: .utf8)) ?? ""
            return report.components(separatedBy: "## Time\n\n").dropFirst().first?.components(separatedBy: "\n").first ?? ""
        }
        // Two columns of several seconds each: side by side they add up to well over the run's time.
        #expect(try time([], "default").contains("(several ran at once)."))
        let serial = try time(["--parallel", "1"], "serial")
        #expect(serial.hasPrefix("The run took") && !serial.contains("several ran at once"), "\(serial)")
        let refused = try sandbox(["matrix", "--battery", "--parallel", "0", "-o", directory.file("zero")], timeout: Self.timeout)
        #expect(refused.termination == .exited(2) && refused.output.contains("--parallel takes 1 to 10 compositors at a time"))
    }

    @Test("a bad script is one located line, exit 2, and no folder")
    func badScript() throws {
        let directory = try TemporaryDirectory()
        try "down 0 1 1; frame\nbogus 3\n".write(toFile: directory.file("bad.txt"), atomically: true, encoding: .utf8)
        let run = try sandbox(["matrix", directory.file("bad.txt"), "-o", directory.file("m")], timeout: Self.timeout)
        let output = run.output
        #expect(run.termination == .exited(2))
        #expect(output.split(separator: "\n").count == 1)
        #expect(output.contains("\(directory.file("bad.txt")):2:1:"))
        #expect(!FileManager.default.fileExists(atPath: directory.file("m")))
        let unknown = try sandbox(["matrix", "--battery", "--compositors", "hyprland"], timeout: Self.timeout)
        #expect(unknown.termination == .exited(2) && unknown.output.contains("unknown compositor \"hyprland\""))
        // Wayfire runs only in the kernel lane: the harness lane, the default, has no column for it.
        let harness = try sandbox(["matrix", "--battery", "--compositors", "wayfire"], timeout: Self.timeout)
        #expect(harness.termination == .exited(2)
                && harness.output.contains("the harness lane runs none of these compositors"), "\(harness.output)")
    }
}

private final class HTMLCollector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        elements.append((elementName, attributes))
    }
}

/// /tmp/.X11-unix as the tests see it: absent, or its owner and mode; and the display locks in /tmp
/// whose X server is gone.
struct XSocketDirectoryState: CustomStringConvertible {
    var owner: uid_t?, mode: mode_t?
    var staleLocks: [String] = []
    /// Owner and mode, nil when absent.
    var folder: [UInt32]? { owner.map { [$0, UInt32(mode ?? 0)] } }

    init() {
        var status = stat()
        if lstat("/tmp/.X11-unix", &status) == 0 { owner = status.st_uid; mode = status.st_mode & 0o7777 }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? []
        for name in names.sorted() where name.hasPrefix(".X") && name.hasSuffix("-lock") {
            let text = (try? String(contentsOfFile: "/tmp/\(name)", encoding: .utf8)) ?? ""
            guard let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { staleLocks.append(name) }
        }
    }

    var isAbsent: Bool { owner == nil }
    var isRootsAndSticky: Bool { owner == 0 && mode == 0o1777 }
    var description: String {
        owner.map { "owned by uid \($0), mode \(String(mode ?? 0, radix: 8))" } ?? "absent"
    }
}
