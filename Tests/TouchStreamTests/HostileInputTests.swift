import Foundation
import TestSupport
import Testing
import TouchStream

/// Malformed, oversized and unusual inputs: every one is one located line, never a crash or a
/// wrong acceptance; every input kind (file, FIFO, directory) is read the same way.
@Suite struct HostileInputTests {
    private static let headerLine = sampleHeader.jsonLine()

    private func header(replacing old: String, with new: String) -> String {
        Self.headerLine.replacingOccurrences(of: old, with: new)
    }

    // MARK: - Header values

    @Test func surfaceSizesOutsideTheDocumentedRangeAreLocated() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        for huge in ["9223372036854775807", "-9223372036854775808", "0", "16385"] {
            let line = header(replacing: #""surface":{"bufferScale":1,"height":640,"width":1024}"#,
                              with: #""surface":{"bufferScale":1,"height":640,"width":\#(huge)}"#)
            #expect(line != Self.headerLine)
            let path = try dir.write("huge.jsonl", line + "\n{\"kind\":\"frame\"}\n")
            #expect(errorText { _ = try TraceReader.read(path) }
                == "\(path):1:\(column(of: "\"width\":\(huge)", in: line) + 8): header field \"environment.surface.width\" is out of range 1...16384, found \(huge)")
        }
        let scale = header(replacing: #""bufferScale":1"#, with: #""bufferScale":1000"#)
        let path = try dir.write("scale.jsonl", scale + "\n")
        #expect(errorText { _ = try TraceReader.read(path) }?.hasSuffix("\"environment.surface.bufferScale\" is out of range 1...16, found 1000") == true)
    }

    @Test func aVersionThatIsNotAnIntegerIsNamedPrecisely() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        for version in ["1.5", "1e400", "\"1\""] {
            let line = header(replacing: #""version":3"#, with: #""version":\#(version)"#)
            let path = try dir.write("v.jsonl", line + "\n")
            let expected = version.hasPrefix("\"")
                ? "header field \"version\" has the wrong type (expected an integer, found a string)"
                : "header field \"version\" must be an integer, found \(version)"
            #expect(errorText { _ = try TraceReader.read(path) }
                == "\(path):1:\(column(of: "\"version\":\(version)}", in: line) + 10): \(expected)")
        }
    }

    // MARK: - Encoding and line ends

    @Test func invalidUTF8IsReportedAtItsLineAndColumn() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let compact = dir.file("bad.txt")
        #expect(FileManager.default.createFile(atPath: compact, contents: Data("down 0 1 1\nframe\nup 0\nframe # ".utf8) + Data([0xFF, 0x41]) + Data("\n".utf8)))
        #expect(errorText { _ = try TraceReader.read(compact) } == "\(compact):4:9: invalid UTF-8")
        #expect(errorText { _ = try InputText.read(compact) } == "\(compact):4:9: invalid UTF-8")
        let jsonl = dir.file("bad.jsonl")
        let surface = Data(#"{"kind":"down","serial":1,"time":0,"surface":"wl_"#.utf8) + Data([0xC3, 0x28])
            + Data(#"","id":0,"x":1,"y":1}"#.utf8)
        #expect(FileManager.default.createFile(atPath: jsonl, contents: Data((Self.headerLine + "\n{\"kind\":\"frame\"}\n{\"kind\":\"frame\"}\n").utf8) + surface + Data("\n".utf8)))
        #expect(errorText { _ = try TraceReader.read(jsonl) } == "\(jsonl):4:50: invalid UTF-8")
    }

    @Test func crlfTracesAndLogsReadLikeLF() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let records = [RawRecord(.down(serial: 1, time: 0, surface: nil, id: 0, x: WLFixed(1), y: WLFixed(1))), RawRecord(.frame)]
        let lines = [Self.headerLine] + records.map(TraceWriter.line(for:))
        let jsonl = try dir.write("crlf.jsonl", lines.joined(separator: "\r\n") + "\r\n")
        #expect(try TraceReader.read(jsonl).records == records)
        let compact = try dir.write("crlf.txt", "down 0 1 1 serial=1\r\nframe\r\n")
        #expect(try TraceReader.read(compact).records == records)
        let log = "[1.0] wl_touch@7.down(1, 0, wl_surface@3, 0, 1.000000, 1.000000)\r\n[1.1] wl_touch@7.frame()\r\n"
        #expect(try WaylandDebugImporter.importLog(log, name: "crlf.log").records
            == [RawRecord(.down(serial: 1, time: 0, surface: "wl_surface@3", id: 0, x: WLFixed(1), y: WLFixed(1))), RawRecord(.frame)])
        let text = try dir.write("log.jsonl", "{\"kind\":\"a\"}\r\n{\"kind\":\"b\"}\r\n")
        #expect(try InputText.read(text) == "{\"kind\":\"a\"}\n{\"kind\":\"b\"}\n")
    }

    // MARK: - Keys, tokens and messages

    @Test func aRawNulInAKeyIsRejected() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let line = "{\"kind\":\"motion\",\"time\":1,\"id\":0,\"x\u{0}\":5,\"y\":5}"
        let path = try dir.write("nul.jsonl", Self.headerLine + "\n" + line + "\n")
        #expect(errorText { _ = try TraceReader.read(path) } == "\(path):2:36: control character in key string")
    }

    @Test func messagesQuoteAtMostSixtyBytesAndEscapeControlBytes() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let long = try dir.write("long.txt", "down " + String(repeating: "9", count: 2_000_000) + " 1 1\n")
        let message = try #require(errorText { _ = try TraceReader.read(long) })
        #expect(message == "\(long):1:6: touch ID '\(String(repeating: "9", count: 60))…' is outside Int32")
        let control = try dir.write("control.txt", "down \u{1}\u{1b}[2Jzz 1 1\n")
        #expect(errorText { _ = try TraceReader.read(control) }
            == "\(control):1:6: touch ID must be an integer, found '\\x01\\x1B[2Jzz'")
        let kind = try dir.write("kind.jsonl", Self.headerLine + "\n{\"kind\":\"" + String(repeating: "é", count: 100) + "\"}\n")
        #expect(errorText { _ = try TraceReader.read(kind) }
            == "\(kind):2:9: unknown kind \"\(String(repeating: "é", count: 30))…\" (expected down, up, motion, frame, cancel, shape, orientation, capabilities, flush or a surface record kind such as keyboard-enter)")
    }

    // `check /dev/zero` grew to 4 GB in 4 s: a line that never ends was buffered until memory ran out.
    @Test func aLineLongerThanSixteenMebibytesIsLocatedNotBuffered() throws {
        // In memory and from /dev/zero, never as files: a test alongside limits file sizes to 16 MiB.
        let limit = 16 << 20
        let message = "line longer than \(limit) bytes (16 MiB), the most one line may hold"
        let compact = Array("down 0 1 1; frame\n".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: limit + 1)
        #expect(errorText { _ = try TraceReader.read(bytes: compact, name: "long.txt") } == "long.txt:2:\(limit + 1): \(message)")
        let jsonl = Array((Self.headerLine + "\n").utf8) + [UInt8](repeating: 0, count: limit + 100) + [10]
        #expect(errorText { _ = try TraceReader.read(bytes: jsonl, name: "long.jsonl") } == "long.jsonl:2:\(limit + 1): \(message)")
        // Exactly the limit still reads.
        let fits = Array("# ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: limit - 2) + Array("\ndown 0 1 1; frame\n".utf8)
        #expect(errorText { _ = try TraceReader.read(bytes: fits, name: "fits.txt") } == nil)
        // A line that never ends: stopped at the limit instead of taking all memory.
        #expect(errorText { _ = try TraceReader.read("/dev/zero") } == "/dev/zero:1:\(limit + 1): \(message)")
        #expect(errorText { _ = try InputText.read("/dev/zero") } == "/dev/zero:1:\(limit + 1): \(message)")
    }

    // The compact fuzz target found raw NULs quoted whole from a `presentation` line.
    @Test func presentationOptionsAreQuotedBoundedAndEscaped() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let path = try dir.write("presentation.txt", "presentation " + String(repeating: "\u{0}", count: 70) + "\n")
        let message = try #require(errorText { _ = try TraceReader.read(path) })
        #expect(message.hasPrefix("\(path):1:14: unknown presentation option '\(String(repeating: "\\x00", count: 60))…'"))
        #expect(!message.utf8.contains(0))
    }

    @Test func aTraceWithoutItsHeaderIsNamedAsSuch() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let path = try dir.write("headless.jsonl", "{\"kind\":\"frame\"}\n{\"kind\":\"frame\"}\n")
        #expect(errorText { _ = try TraceReader.read(path) }
            == "\(path):1:1: a record where the trace header should be (a JSON Lines trace starts with its header line)")
    }

    // MARK: - Input kinds

    @Test func aDirectoryIsOneLocatedLineForEveryReader() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let expected = "\(dir.path):1:1: is a directory, not a file"
        #expect(errorText { _ = try TraceReader.read(dir.path) } == expected)
        #expect(errorText { _ = try InputText.read(dir.path) } == expected)
        #expect(errorText { _ = try TraceCheck.run(path: dir.path) { _ in } } == expected)
    }

    @Test func aFIFOIsReadLikeAFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let fifo = try dir.fifo("pipe", feeding: "down 0 1 1; frame\nup 0; frame\n")
        #expect(try TraceReader.read(fifo).records.count == 4)
    }

    @Test func theCompactFormIsReadIncrementally() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let fifo = dir.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let firstRead = DispatchSemaphore(value: 0)
        let sawItemsBeforeEnd = Flag()
        let writer = Thread {
            let handle = FileHandle(forWritingAtPath: fifo)
            handle?.write(Data("down 0 1 1; frame\n".utf8))
            // The reader must hand out these items while the writer still holds the pipe open.
            sawItemsBeforeEnd.value = firstRead.wait(timeout: .now() + 10) == .success
            handle?.write(Data("up 0; frame\n".utf8))
            try? handle?.close()
        }
        writer.start()
        let stream = try TraceStream(path: fifo)
        #expect(stream.format == .compact)
        _ = try stream.next()
        _ = try stream.next()
        firstRead.signal()
        var rest = 0
        while try stream.next() != nil { rest += 1 }
        #expect(rest == 2)
        #expect(sawItemsBeforeEnd.value)
    }
}

/// A Bool shared with a thread.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = false
    var value: Bool {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
