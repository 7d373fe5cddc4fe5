import Foundation
import TestSupport
import Testing

// MARK: - Inputs and outputs of every command, from the command line

@Suite struct CommandLineOutputTests {
    /// Each test's own folder (a new suite value per test).
    private let folder: TemporaryDirectory
    private let script = "down 0 10 10; frame; motion 0 20 10; frame; up 0; frame\n"

    init() throws { folder = try TemporaryDirectory(prefix: "outputs-cli") }

    @Test func anOutputThatIsTheInputIsRefusedAndTheInputKept() throws {
        let trace = try folder.write("t.txt", script)
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.txt"), withDestinationPath: trace)
        for arguments in [["replay", trace, "--log", trace], ["replay", trace, "--state", folder.file("link.txt")],
                          ["minimize", trace, "--keep", "outcome:touchesBegan", "-o", trace],
                          ["import", "wayland-debug", trace, "-o", folder.file("link.txt")]] {
            let result = try sandbox(arguments)
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("gesture-sandbox: \(arguments[arguments.count - 1]): is the input \(trace);"))
            #expect(try String(contentsOfFile: trace, encoding: .utf8) == script)
        }
        #expect(folder.listing() == ["link.txt", "t.txt"])
    }

    @Test func theOutputsOfOneRunAppearTogetherOrNotAtAll() throws {
        let trace = try folder.write("t.txt", script)
        let failed = try sandbox(["replay", trace, "--log", folder.file("d.jsonl"), "--state", folder.file("s.json"),
                                  "--png", folder.file("missing/end.png")])
        #expect(failed.status != 0)
        #expect(folder.listing() == ["t.txt"])
        let done = try sandbox(["replay", trace, "--log", folder.file("d.jsonl"), "--state", folder.file("s.json"), "--png", folder.file("end.png")])
        #expect(done.status == 0)
        #expect(folder.listing() == ["d.jsonl", "end.png", "s.json", "t.txt"])
    }

    @Test func aSymlinkOutputStaysASymlink() throws {
        let trace = try folder.write("t.txt", script)
        let real = try folder.write("real.jsonl", "old\n")
        try FileManager.default.createSymbolicLink(atPath: folder.file("log.jsonl"), withDestinationPath: real)
        #expect(try sandbox(["replay", trace, "--log", folder.file("log.jsonl")]).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.file("log.jsonl"))
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        #expect(try String(contentsOfFile: real, encoding: .utf8).hasPrefix("{\"kind\":\"call\""))
    }

    @Test func standardInputIsATraceLikeAnyFile() throws {
        let check = try sandbox(["check", "-"], stdin: script)
        #expect(check.status == 0)
        #expect(check.stdout == "0 violations, 0 ambiguities, 0 heuristics in 6 records\n")
        let replay = try sandbox(["replay", "-", "--log", folder.file("d.jsonl")], stdin: script)
        #expect(replay.status == 0)
        #expect(try String(contentsOfFile: folder.file("d.jsonl"), encoding: .utf8) == (try sandbox(["replay", try folder.write("t.txt", script)])).stdout)
        let bad = try sandbox(["minimize", "-", "--keep", "outcome:x"], stdin: "down 0 1 1\nframe\nflap\n")
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("gesture-sandbox: <stdin>:3:1: unknown statement 'flap' (expected one of: down, "))
    }

    @Test func aSignalLeavesNoPartialFile() throws {
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            let fifo = folder.file("input")
            #expect(mkfifo(fifo, 0o600) == 0)
            // The outputs are opened first; then replay waits for the FIFO's writer, which never comes.
            let process = try sandboxProcess(["replay", fifo, "--log", folder.file("d.jsonl"), "--state", folder.file("s.json")])
            process.standardError = FileHandle.nullDevice
            try process.run()
            var waited = 0
            while !folder.listing().contains("s.json.partial"), waited < 10_000 {
                usleep(1000)
                waited += 1
            }
            #expect(folder.listing() == ["d.jsonl.partial", "input", "s.json.partial"])
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)
            #expect(folder.listing() == ["input"])
            unlink(fifo)
        }
    }

    @Test func importWithoutTouchEventsIsAnError() throws {
        let log = try folder.write("seat.log", "[1.0] wl_seat@3.capabilities(7)\n[1.1] wl_seat@3.name(\"seat0\")\n")
        let result = try sandbox(["import", "wayland-debug", log, "-o", folder.file("t.jsonl")])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("gesture-sandbox: \(log):1:1: no wl_touch events"))
        #expect(folder.listing() == ["seat.log"])
    }

    @Test func compareDoesNotTakeAHeaderlessTraceForADeliveriesLog() throws {
        let headerless = try folder.write("h.jsonl", "{\"kind\":\"down\",\"serial\":1,\"time\":0,\"id\":0,\"x\":256,\"y\":256}\n{\"kind\":\"frame\"}\n")
        let result = try sandbox(["compare", headerless, headerless])
        #expect(result.status == 2)
        #expect(result.stderr == "gesture-sandbox: \(headerless):1:1: a record where the trace header should be (a JSON Lines trace starts with its header line)\n")
    }

    @Test func crlfDeliveriesLogsCompareEqual() throws {
        let log = try sandbox(["replay", try folder.write("t.txt", script)]).stdout
        let lf = try folder.write("lf.jsonl", log)
        let crlf = try folder.write("crlf.jsonl", log.replacingOccurrences(of: "\n", with: "\r\n"))
        let result = try sandbox(["compare", lf, crlf])
        #expect(result.status == 0)
        #expect(result.stdout == "equal\n")
    }
}
