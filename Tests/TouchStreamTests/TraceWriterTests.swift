import Foundation
import TestSupport
import Testing
import TouchStream

/// Recording: a temporary name until finished, per-frame flushing, and what an interruption leaves.
@Suite struct TraceWriterTests {
    private let down = RawRecord(.down(serial: 1, time: 0, surface: nil, id: 0, x: WLFixed(1), y: WLFixed(1)))
    private let motion = RawRecord(.motion(time: 8, id: 0, x: WLFixed(2), y: WLFixed(1)))

    @Test func theFinalNameAppearsOnlyOnFinish() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let writer = try TraceWriter(path: dir.file("t.jsonl"), header: sampleHeader)
        try writer.write(down)
        try writer.write(RawRecord(.frame))
        #expect(!dir.exists("t.jsonl"))
        #expect(dir.exists("t.jsonl.partial"))
        try writer.finish()
        #expect(dir.exists("t.jsonl"))
        #expect(!dir.exists("t.jsonl.partial"))
        #expect(try readAll(dir.file("t.jsonl")).1 == [down, RawRecord(.frame)])
    }

    @Test func eachFrameIsOnDiskAsSoonAsItEnds() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let writer = try TraceWriter(path: dir.file("t.jsonl"), header: sampleHeader)
        try writer.write(down)
        try writer.write(RawRecord(.frame))
        try writer.write(motion)
        // The partial file is readable mid-recording and holds exactly the finished frames.
        let (header, records) = try readAll(dir.file("t.jsonl.partial"))
        #expect(header == sampleHeader)
        #expect(records == [down, RawRecord(.frame)])
        try writer.write(RawRecord(.cancel))
        #expect(try readAll(dir.file("t.jsonl.partial")).1 == [down, RawRecord(.frame), motion, RawRecord(.cancel)])
        try writer.finish()
    }

    @Test func withoutPerFrameFlushingOnlyTheHeaderIsWrittenEarly() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let writer = try TraceWriter(path: dir.file("t.jsonl"), header: sampleHeader, flushEachFrame: false)
        try writer.write(down)
        try writer.write(RawRecord(.frame))
        #expect(try readAll(dir.file("t.jsonl.partial")).1.isEmpty)
        try writer.finish()
        #expect(try readAll(dir.file("t.jsonl")).1 == [down, RawRecord(.frame)])
    }

    @Test func aRecordingReleasedUnfinishedIsKeptUnderItsName() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        do {
            let writer = try TraceWriter(path: dir.file("t.jsonl"), header: sampleHeader)
            try writer.write(down)
            try writer.write(RawRecord(.frame))
            try writer.write(motion)
        }
        #expect(!dir.exists("t.jsonl.partial"))
        #expect(try readAll(dir.file("t.jsonl")).1 == [down, RawRecord(.frame), motion])
    }

    @Test func aBatchWriterReleasedUnfinishedLeavesNothing() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        do {
            let writer = try TraceWriter(path: dir.file("t.jsonl"), header: sampleHeader, flushEachFrame: false)
            try writer.write(down)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
    }

    @Test func finishReplacesAnOlderTrace() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        _ = try dir.write("t.jsonl", "old")
        let writer = try TraceWriter(path: dir.file("t.jsonl"), header: sampleHeader)
        #expect(try String(contentsOfFile: dir.file("t.jsonl"), encoding: .utf8) == "old")
        try writer.write(RawRecord(.frame))
        try writer.finish()
        #expect(try readAll(dir.file("t.jsonl")).1 == [RawRecord(.frame)])
    }

    @Test func anUnwritableDirectoryIsAOneLineError() throws {
        let path = "/nonexistent-dir-for-test/t.jsonl"
        #expect(errorText { _ = try TraceWriter(path: path, header: sampleHeader) }
            == "\(path): cannot create it: the folder /nonexistent-dir-for-test does not exist")
    }
}
