import Foundation
import TestSupport
import Testing
import TouchStream

/// One way to write outputs: regular files whole or not at all, everything else directly, never
/// an input, several outputs together, and a recording that survives a write error.
@Suite struct OutputTargetTests {
    private func type(_ path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }

    @Test func aCharacterDeviceIsWrittenNotReplaced() throws {
        let target = try OutputTarget(path: "/dev/null")
        #expect(target.temporaryPath == nil)
        try target.write("deliveries\n")
        try target.commit()
        #expect(type("/dev/null") == .typeCharacterSpecial)
    }

    @Test func aFIFOIsWrittenNotReplaced() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let fifo = dir.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let received = Flag()
        let reader = Thread {
            let data = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile()
            received.value = data == Data("through the pipe\n".utf8)
        }
        reader.start()
        let target = try OutputTarget(path: fifo)
        try target.write("through the pipe\n")
        try target.commit()
        while !reader.isFinished { usleep(1000) }
        #expect(received.value)
        var info = stat()
        #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func aSymlinkStaysAndItsTargetIsReplacedWhole() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let real = try dir.write("real.log", "old\n")
        try FileManager.default.createSymbolicLink(atPath: dir.file("link.log"), withDestinationPath: real)
        let target = try OutputTarget(path: dir.file("link.log"))
        try target.write("new\n")
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "old\n")
        try target.commit()
        #expect(type(dir.file("link.log")) == .typeSymbolicLink)
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "new\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["link.log", "real.log"])
    }

    // The hostile retest found a dangling link replaced by a regular file (realpath fails on it).
    @Test func aDanglingSymlinkStaysAndItsTargetIsCreated() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        try FileManager.default.createSymbolicLink(atPath: dir.file("link.log"), withDestinationPath: "sub/../later.log")
        try FileManager.default.createDirectory(atPath: dir.file("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: dir.file("chain.log"), withDestinationPath: "link.log")
        let target = try OutputTarget(path: dir.file("chain.log"))
        try target.write("new\n")
        try target.commit()
        #expect(type(dir.file("link.log")) == .typeSymbolicLink)
        #expect(type(dir.file("chain.log")) == .typeSymbolicLink)
        #expect(try String(contentsOfFile: dir.file("later.log"), encoding: .utf8) == "new\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["chain.log", "later.log", "link.log", "sub"])
        // A link whose target's folder is missing is an error, and the link is left alone.
        try FileManager.default.createSymbolicLink(atPath: dir.file("nowhere.log"), withDestinationPath: "missing/x.log")
        #expect(throws: OutputError.self) { try OutputTarget(path: dir.file("nowhere.log")) }
        #expect(type(dir.file("nowhere.log")) == .typeSymbolicLink)
        // A loop is an error too, not a link replaced by a file.
        try FileManager.default.createSymbolicLink(atPath: dir.file("loop"), withDestinationPath: "loop")
        #expect(errorText { _ = try OutputTarget(path: dir.file("loop")) } == "\(dir.file("loop")): cannot write: Too many levels of symbolic links")
        #expect(type(dir.file("loop")) == .typeSymbolicLink)
    }

    @Test func anOutputThatIsAnInputIsRefusedThroughLinks() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let input = try dir.write("t.jsonl", "keep me\n")
        try FileManager.default.createSymbolicLink(atPath: dir.file("soft"), withDestinationPath: input)
        try FileManager.default.linkItem(atPath: input, toPath: dir.file("hard"))
        for output in [input, dir.file("soft"), dir.file("hard"), dir.path + "/./t.jsonl"] {
            #expect(errorText { try OutputTarget.refuse(outputs: [output], readingFrom: [input]) }
                == "\(output): is the input \(input); writing it would destroy the input (choose another output)")
        }
        try OutputTarget.refuse(outputs: [dir.file("other"), "/dev/null"], readingFrom: [input, "/dev/null"])
        #expect(try String(contentsOfFile: input, encoding: .utf8) == "keep me\n")
    }

    @Test func aGroupCommitsTogetherOrLeavesNothing() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        do {
            let group = OutputGroup()
            try group.open(dir.file("a.log")).write("a\n")
            try group.open(dir.file("b.json")).write("b\n")
            #expect(!dir.exists("a.log"))
            // A later output that cannot be made: nothing of the group appears.
            #expect(errorText { _ = try group.open(dir.file("missing/c.png")) }?.hasSuffix("does not exist") == true)
            group.discard()
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
        let group = OutputGroup()
        try group.open(dir.file("a.log")).write("a\n")
        try group.open(dir.file("b.json")).write("b\n")
        try group.commit()
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.log", "b.json"])
    }

    @Test func anAbandonedOutputLeavesNoPartialFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        do {
            let target = try OutputTarget(path: dir.file("out.txt"))
            try target.write("half")
            #expect(dir.exists("out.txt.partial"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
    }

    @Test func aFailedRenameLeavesNoPartialFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let target = try OutputTarget(path: dir.file("out"))
        try target.write("whole\n")
        // Something else takes the name meanwhile: a folder, which a file cannot be renamed over.
        try FileManager.default.createDirectory(atPath: dir.file("out"), withIntermediateDirectories: false)
        #expect(errorText { try target.commit() } == "\(dir.file("out")): cannot rename \(dir.file("out")).partial: Is a directory")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out"])
    }

    /// A full disk, made real with RLIMIT_FSIZE (EFBIG once the file reaches the limit).
    @Test func aRecordingThatHitsAWriteErrorKeepsItsWholeRecords() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        signal(SIGXFSZ, SIG_IGN)
        let writer = try TraceWriter(path: dir.file("t.jsonl"), header: sampleHeader)
        let surface = String(repeating: "s", count: 100_000)
        func down(_ n: Int) -> RawRecord {
            RawRecord(.down(serial: UInt32(n + 1), time: 0, surface: surface, id: Int32(n), x: WLFixed(1), y: WLFixed(1)))
        }
        let written = 20
        for n in 0..<written {
            try writer.write(down(n))
            try writer.write(RawRecord(.frame))  // each frame reaches the file at once (flushEachFrame)
        }
        let whole = try #require(try FileManager.default.attributesOfItem(atPath: dir.file("t.jsonl.partial"))[.size] as? Int)
        // The limit is the whole process's, and every child a test running alongside starts
        // inherits it: it is held for the one write that crosses it, half way into the next record.
        let limit = whole + surface.count / 2
        var saved = rlimit()
        getrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
        var limited = saved
        limited.rlim_cur = rlim_t(limit)
        var failure: Error?
        setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limited)
        do { try writer.write(down(written)) } catch { failure = error }
        setrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
        #expect("\(failure.map { "\($0)" } ?? "")".hasSuffix("cannot write: File too large"))
        writer.finishAfterError()
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["t.jsonl"])
        let (_, records) = try readAll(dir.file("t.jsonl"))
        #expect(records.count == 2 * written)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: dir.file("t.jsonl"))[.size] as? Int)
        #expect(size <= limit)
    }
}
