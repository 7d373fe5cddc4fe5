@testable import CompositorDrivers
import Foundation
import SandboxHarness
import TestSupport
import Testing
import TouchStream

/// Enlightenment 0.25 nested in the harness weston: what it delivered to our client.
///
/// Records are shown as in the trace: `pointer` marks what our client's mouse emulation made of
/// wl_pointer (its finger -1 and the frames it closes each pointer event with).
@Suite(.serialized)
struct EnlightenmentDriverTests {
    /// Enlightenment places our window at the top left, below libdecor's 24 px title bar (its
    /// bottom runs off the output, under the shelf).
    static let window = ClientWindow(x: 0, y: 24, width: 1280, height: 720)

    /// Runs `body` on our client under a fresh Enlightenment, once more on another when the run
    /// fails on its own, as `matrix` does (it crashes and drops its clients now and then on a busy
    /// machine: "Wayland connection lost", its log starting again empty); checks where the window is.
    private func withClient<Result>(_ body: (SandboxClient) throws -> Result) throws -> Result {
        let (window, result) = try SandboxClient.onceMoreIfDropped(EnlightenmentDriver()) { run in
            (try run.session.window(of: run.process), try body(run))
        }
        #expect(window == Self.window)
        return result
    }

    /// What the compositor sent, emulated records marked, flush and capability records left out.
    private func records(_ run: SandboxClient) throws -> [String] {
        try run.finishRecording().filter { $0.event != .flush && !$0.event.isCapabilities && $0.event.surfaceEvent == nil }.map {
            ($0.isEmulated ? "pointer " : "") + summary($0.event)
        }
    }

    @Test("touch id 0 arrives as the pointer: our client records its emulated finger, no wl_touch at all")
    func firstFingerIsPointer() throws {
        let (skipped, received, downs) = try withClient { run in
            let skipped = try run.inject("down 0 100 124; frame; sleep 30; motion 0 110 134; frame; sleep 30; up 0; frame")
            return (skipped, try records(run), run.logged("down"))
        }
        #expect(skipped.isEmpty)
        #expect(received == [
            "pointer down -1 100 100", "pointer frame", "pointer motion -1 110 110", "pointer frame",
            "pointer up -1", "pointer frame",
        ])
        #expect(downs == 0, "no wl_touch.down")
    }

    @Test("a second finger arrives as wl_touch without frames, and its down moves the pointer (finger -1) to it")
    func secondFingerIsTouch() throws {
        let (received, frames) = try withClient { run in
            try run.inject("down 0 500 300; frame; sleep 30; down 1 800 400; frame; sleep 30; "
                + "motion 0 510 300; motion 1 810 400; frame; sleep 30; up 1; frame; sleep 30; up 0; frame")
            return (try records(run), run.logged("frame"))
        }
        #expect(received == [
            "pointer down -1 500 276", "pointer frame",
            "pointer motion -1 800 376", "pointer frame", "down 1 800 376",
            "pointer motion -1 510 276", "pointer frame", "motion 1 810 376",
            "up 1",
            "pointer up -1", "pointer frame",
        ])
        #expect(frames == 0, "no wl_touch.frame")
    }

    @Test("no cancel, shape or orientation arrive; positions are whole pixels")
    func noCancelNoShape() throws {
        let received = try withClient { run in
            try run.inject("down 1 600.5 300.75; frame; sleep 30; motion 1 610.25 300; frame; sleep 30; cancel; sleep 30; "
                + "down 2 700 300; frame; shape 2 12 8; orientation 2 30; frame; sleep 30; up 2; frame")
            return try records(run)
        }
        // The cancelled touch 1 is never ended; touch 2 comes and goes without frames.
        #expect(received == ["down 1 600 276", "motion 1 610 276", "down 2 700 276", "up 2"])
    }

    @Test("each client gets a fresh Enlightenment (it crashes when one disconnects); stop leaves nothing, no X11 socket")
    func clientsAndStop() throws {
        let before = Self.efreetLogs()
        let (run, first, received) = try withClient { run in
            let first = enlightenmentPid(in: run.session.runtimeDirectory)
            try run.inject("down 1 600 300; frame; sleep 30; up 1; frame")
            return (run, first, try records(run))
        }
        let directory = run.session.runtimeDirectory
        #expect(first != nil)
        #expect(received == ["down 1 600 276", "up 1"])
        let second = try run.session.launchClient(executable: try sandboxExecutable(), arguments: [
            "run", "--no-hud", "--record", run.files.file("second.jsonl"),
        ], environment: [:], logName: "second.log")
        #expect(enlightenmentPid(in: directory) != first)
        try run.session.inject(try CompactTrace.parse("down 1 700 300; frame; sleep 30; up 1; frame"))
        usleep(300_000)
        #expect(run.session.finishClient(second, timeout: SandboxClient.timeout) == .exited(0))
        let events = try TraceReader.read(run.files.file("second.jsonl")).touchRecords.map(\.event)
        #expect(events.filter { $0 != .flush }.map(summary) == ["capabilities touch", "down 1 700 276", "up 1"])
        let log = try String(contentsOfFile: "\(directory)/.e-log.log", encoding: .utf8)
        #expect(!log.contains("XWayland Listening"), "the xwayland module made X sockets")
        run.session.stop()
        #expect(processes(withRuntimeDirectory: directory).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory))
        // efreetd writes a log to $TMPDIR: the session's folder, never /tmp.
        #expect(Self.efreetLogs().subtracting(before).isEmpty)
    }

    /// efreetd's logs in the system's temporary folder.
    private static func efreetLogs() -> Set<String> {
        Set(((try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? []).filter { $0.hasPrefix("efreetd_") })
    }

    @Test("its mount namespace: as root a plain one; as anyone else, root of a user namespace that maps back to the caller")
    func namespace() {
        #expect(EnlightenmentDriver.namespaceScript(uid: 0, gid: 0)
            == "mount -t tmpfs -o mode=0755,size=64k gesture-sandbox /run && : > /run/acpid.socket && exec \"$0\" \"$@\"")
        #expect(EnlightenmentDriver.namespaceScript(uid: 999, gid: 995).hasSuffix(
            "&& exec unshare --user --map-user=999 --map-group=995 -- \"$0\" \"$@\""))
        let command = EnlightenmentDriver().command(runtimeDirectory: "/tmp/x", host: "/tmp/w/s")
        #expect(command.suffix(3) == ["/usr/bin/enlightenment_start", "-profile", "standard"])
        #expect(command.contains("--mount") && command.contains("private"))
    }

    /// The pid of the `enlightenment` process of the session in `directory` (enlightenment_start's child).
    private func enlightenmentPid(in directory: String) -> pid_t? {
        processes(withRuntimeDirectory: directory).first {
            (try? String(contentsOfFile: "/proc/\($0)/comm", encoding: .utf8)) == "enlightenment\n"
        }
    }
}
