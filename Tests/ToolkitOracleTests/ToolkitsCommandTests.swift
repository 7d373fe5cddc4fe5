import Foundation
import FoundationXML
import Testing
import TestSupport

/// `gesture-sandbox toolkits` as a user runs it: the folder it writes, its exit status, what Ctrl-C
/// leaves behind (nothing), and an oracle that cannot be found.
@Suite(.serialized)
struct ToolkitsCommandTests {
    private static let tap = "down 0 120 120; frame; sleep 60; up 0; frame\n"

    @Test func aScriptThroughGTKWritesTheWholeFolderAndExitsZero() throws {
        let folder = try TemporaryDirectory(prefix: "toolkits-command")
        let script = try folder.write("tap.txt", Self.tap)
        let result = try sandbox(["toolkits", script, "--toolkits", "gtk", "-o", folder.file("out")], timeout: 180)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.stdout.contains("every model agrees with its toolkit: gtk: 1/1 agree (100.0 %)"))
        for file in ["report.md", "toolkits.html", "results.json", "gtk/gestures.jsonl", "gtk/wayland-debug.log"] {
            #expect(folder.exists("out/\(file)"), "\(file)")
        }
        let page = try String(contentsOfFile: folder.file("out/toolkits.html"), encoding: .utf8)
        #expect(XMLParser(data: Data(page.utf8)).parse())
        for marker in ["src=", "href=", "<script", "url("] { #expect(!page.contains(marker), "\(marker)") }
        #expect(page.contains("GtkGestureClick tap ×1"))
        let debug = try String(contentsOfFile: folder.file("out/gtk/wayland-debug.log"), encoding: .utf8)
        #expect(debug.contains("wl_touch@") && debug.contains(".down("))
        #expect(!folder.listing().contains { $0.contains(".partial-") })
    }

    @Test func anOracleThatIsNotThereIsExitTwoNamingWhereItLooked() throws {
        let folder = try TemporaryDirectory(prefix: "toolkits-command")
        let script = try folder.write("tap.txt", Self.tap)
        try FileManager.default.createDirectory(atPath: folder.file("empty"), withIntermediateDirectories: false)
        var environment = ProcessInfo.processInfo.environment
        environment["GESTURE_SANDBOX_ORACLES"] = folder.file("empty")
        let result = try command(try sandboxExecutable(), ["toolkits", script, "--toolkits", "qt", "-o", folder.file("out")],
                                 timeout: 60, environment: environment)
        #expect(result.status == 2)
        #expect(result.stderr.contains("qt: no oracle file: looked at \(folder.file("empty"))/qt/oracle.qml ($GESTURE_SANDBOX_ORACLES)"))
        #expect(result.stdout.contains("a toolkit could not run: qt: could not run"))
    }

    @Test func ctrlCStopsEveryToolkitAndWestonAndLeavesNoFolder() throws {
        let folder = try TemporaryDirectory(prefix: "toolkits-command", ownerOnly: true)
        let tmp = folder.file("tmp")
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: false)
        // Fifteen cases: about 40 s of injection, interrupted a few seconds in.
        let scripts = try (1...15).map { try folder.write("tap\($0).txt", Self.tap) }
        let process = try sandboxProcess(["toolkits"] + scripts + ["--toolkits", "gtk,chromium", "-o", folder.file("out")])
        process.environment?["TMPDIR"] = tmp
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Long enough for both toolkits to be up and injecting.
        let deadline = Date().addingTimeInterval(60)
        // The command, two westons, python3 and Chromium's browser, zygote and renderer processes.
        while Self.processes(mentioning: tmp).count < 6, Date() < deadline, process.isRunning { Thread.sleep(forTimeInterval: 0.2) }
        Thread.sleep(forTimeInterval: 2)
        #expect(Self.processes(mentioning: tmp).count >= 6, "westons and toolkits should be running")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(Self.processes(mentioning: tmp).isEmpty, "left running: \(Self.processes(mentioning: tmp))")
        #expect(!folder.exists("out"))
        #expect(!folder.listing().contains { $0.hasPrefix("out.partial") })
        #expect((try? FileManager.default.contentsOfDirectory(atPath: tmp)) == [])
    }

    /// Pids whose environment mentions `text` (every process a run starts inherits its TMPDIR).
    static func processes(mentioning text: String) -> [Int32] {
        let own = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard pid != own, let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return String(decoding: data.map { $0 == 0 ? 10 : $0 }, as: UTF8.self).contains(text)
        }
    }
}
