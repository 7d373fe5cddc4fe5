import Foundation
import SandboxHarness
import Testing

/// A log followed while another writer appends to it, truncates it or replaces it: every complete
/// line reaches the scan once, in order; an unfinished one waits for its newline.
struct LogFollowerTests {
    /// Every line handed over, in order.
    private struct Lines: LogScan {
        var all: [String] = []
        mutating func consume(_ line: Substring) { all.append(String(line)) }
    }

    /// A file in a fresh folder, removed with it.
    private final class LogFile {
        let folder = NSTemporaryDirectory() + "gesture-log-follower-\(UUID().uuidString)"
        var path: String { folder + "/client.log" }

        init() throws {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }

        /// Appends `text` as one write, as a process logging to the file does.
        func append(_ text: String) throws {
            try append(Array(text.utf8))
        }

        func append(_ bytes: [UInt8]) throws {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            guard descriptor >= 0 else { throw POSIXError(.EIO) }
            defer { close(descriptor) }
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written == bytes.count else { throw POSIXError(.EIO) }
        }

        /// Cuts the file to nothing in place (same inode), as O_TRUNC on a reused log does.
        func truncate() {
            #expect(Foundation.truncate(path, 0) == 0)
        }
    }

    @Test("a line written in pieces reaches the scan once, whole, when its newline comes")
    func lineSplitAcrossWrites() throws {
        let file = try LogFile()
        let log = LogFollower(path: file.path, scan: Lines())
        try file.append("[1234567.001]  -> wl_surface@3.attach(wl_buf")
        #expect(log.refresh().all == [])
        try file.append("fer@9, 0, 0)")
        #expect(log.refresh().all == [])
        try file.append("\n[1234567.002]  -> wl_surface@3.commit()")
        #expect(log.refresh().all == ["[1234567.001]  -> wl_surface@3.attach(wl_buffer@9, 0, 0)"])
        try file.append("\n")
        #expect(log.refresh().all.last == "[1234567.002]  -> wl_surface@3.commit()")
        #expect(log.refresh().all.count == 2)
    }

    @Test("several lines appended between two refreshes arrive in order; nothing is read twice")
    func severalLinesPerRead() throws {
        let file = try LogFile()
        let log = LogFollower(path: file.path, scan: Lines())
        try file.append("a\nbb\n\nccc\n")
        #expect(log.refresh().all == ["a", "bb", "", "ccc"])
        #expect(log.refresh().all == ["a", "bb", "", "ccc"])
        try file.append("d\ne")
        #expect(log.refresh().all == ["a", "bb", "", "ccc", "d"])
        try file.append("e\n")
        #expect(log.refresh().all == ["a", "bb", "", "ccc", "d", "ee"])
    }

    @Test("a character whose UTF-8 bytes are split across two writes is read whole")
    func multibyteCharacterSplit() throws {
        let file = try LogFile()
        let log = LogFollower(path: file.path, scan: Lines())
        let bytes = Array("café ✓\n".utf8)
        try file.append(Array(bytes[0..<4]))
        #expect(log.refresh().all == [])
        try file.append(Array(bytes[4...]))
        #expect(log.refresh().all == ["café ✓"])
    }

    @Test("a log of megabytes, read in many chunks, gives every line exactly once")
    func longLog() throws {
        let file = try LogFile()
        let log = LogFollower(path: file.path, scan: Lines())
        let lines = (0..<40_000).map { "[\(2_000_000 + $0).500] wl_pointer@12.motion(\($0), 10.5, 20.25)" }
        try file.append(lines[0..<25_000].joined(separator: "\n") + "\n")
        #expect(log.refresh().all.count == 25_000)
        try file.append(lines[25_000...].joined(separator: "\n") + "\n")
        #expect(log.refresh().all == lines)
    }

    @Test("a log truncated in place starts over: the scan is back to its start and gets the new lines")
    func truncated() throws {
        let file = try LogFile()
        let log = LogFollower(path: file.path, scan: Lines())
        try file.append("[1000.000] first run, line 1\n[1000.001] first run, line 2\n")
        #expect(log.refresh().all.count == 2)
        file.truncate()
        try file.append("[2000.000] second\n")
        #expect(log.refresh().all == ["[2000.000] second"])
    }

    @Test("a log truncated and written past the old length between two refreshes starts over too")
    func truncatedAndRegrown() throws {
        let file = try LogFile()
        let log = LogFollower(path: file.path, scan: Lines())
        try file.append("[1000.000] old\n")
        #expect(log.refresh().all == ["[1000.000] old"])
        file.truncate()
        try file.append("[2000.000] new, and longer than the old log\n[2000.001] more\n")
        #expect(log.refresh().all == ["[2000.000] new, and longer than the old log", "[2000.001] more"])
    }

    @Test("a log removed and written again at its path (a new file) starts over; a missing one reads as nothing")
    func replaced() throws {
        let file = try LogFile()
        let log = LogFollower(path: file.path, scan: Lines())
        #expect(log.refresh().all == [])
        #expect(!log.exists)
        try file.append("[1000.000] one\n[1000.001] two\n[1000.002] three\n")
        #expect(log.refresh().all.count == 3)
        #expect(log.exists)
        let other = file.folder + "/other.log"
        try "[3000.000] replacement\n[3000.001] and one more line to be longer\n"
            .write(toFile: other, atomically: false, encoding: .utf8)
        #expect(rename(other, file.path) == 0)
        #expect(log.refresh().all == ["[3000.000] replacement", "[3000.001] and one more line to be longer"])
        unlink(file.path)
        #expect(log.refresh().all.count == 2)
        #expect(!log.exists)
    }

    @Test("LogSearch keeps the first line containing its text and the word after it")
    func search() throws {
        let file = try LogFile()
        let log = LogFollower(path: file.path, scan: LogSearch("xserver listening on display "))
        try file.append("[18:00:01.000] Loading module 'xwayland.so'\n[18:00:01.010] xserver listening on disp")
        #expect(log.refresh().line == nil)
        try file.append("lay :12\n[18:00:02.000] xserver listening on display :13\n")
        #expect(log.refresh().line == "[18:00:01.010] xserver listening on display :12")
        #expect(log.refresh().word == ":12")
    }
}
