import CompositorDrivers
import Foundation
import Render
import SandboxHarness
import TestSupport
import Testing
import TouchStream

/// Mir 2.12 nested in the harness weston: what miral-kiosk and miral-shell delivered to our client.
@Suite(.serialized)
struct MirDriverTests {
    /// miral-kiosk maximises our window below libdecor's 24 px title bar.
    static let kioskWindow = ClientWindow(x: 0, y: 24, width: 1280, height: 696)

    /// Our client under miral-kiosk, its window where the kiosk puts it.
    private func kiosk() throws -> SandboxClient {
        let run = try SandboxClient(MirDriver(.mirKiosk))
        #expect(try run.session.window(of: run.process) == Self.kioskWindow)
        return run
    }

    @Test("miral-kiosk: a tap arrives framed at the window-local point, the frame after the up included")
    func kioskTap() throws {
        let run = try kiosk()
        let skipped = try run.inject("down 0 100 124; frame; sleep 30; motion 0 110 134; frame; sleep 30; up 0; frame")
        #expect(skipped.isEmpty)
        #expect(try run.finishEvents().map(summary) == [
            "capabilities touch", "down 0 100 100", "frame", "motion 0 110 110", "frame", "up 0", "frame",
        ])
    }

    @Test("miral-kiosk: a second finger's down repeats the first finger's down in its frame (R1); an up brings unchanged motions")
    func kioskTwoFingers() throws {
        let run = try kiosk()
        try run.inject("down 0 500 300; frame; sleep 30; down 1 800 400; frame; sleep 30; "
            + "motion 0 510 300; motion 1 810 400; frame; sleep 30; up 1; frame; sleep 30; up 0; frame")
        #expect(try run.finishEvents().map(summary) == [
            "capabilities touch",
            "down 0 500 276", "frame",
            "down 0 500 276", "down 1 800 376", "frame",
            "motion 0 510 276", "motion 1 810 376", "frame",
            "motion 0 510 276", "up 1", "frame",
            "motion 0 510 276", "frame",
            "up 0", "frame",
        ])
    }

    @Test("miral-kiosk: an injected cancel arrives as an up; shape and orientation do not arrive (their frame brings a motion)")
    func kioskCancelShape() throws {
        let run = try kiosk()
        let skipped = try run.inject("down 1 600 300; frame; sleep 30; motion 1 610 300; frame; sleep 30; cancel; sleep 30; "
            + "down 2 600 300; frame; shape 2 12 8; orientation 2 30; frame; sleep 30; up 2; frame")
        #expect(skipped.isEmpty)
        #expect(try run.finishEvents().map(summary) == [
            "capabilities touch",
            "down 1 600 276", "frame", "motion 1 610 276", "frame", "up 1", "frame",
            "down 2 600 276", "frame", "motion 2 600 276", "frame", "up 2", "frame",
        ])
    }

    @Test("miral-kiosk: a screenshot of the parent weston shows our window below its title bar")
    func kioskScreenshot() throws {
        let run = try kiosk()
        let image = try run.screenshot()
        #expect(image.width == 1280 && image.height == 720)
        // touchdemo's red square spans 40…160 of the window.
        let red = image.rgba(x: 100, y: 24 + 100)
        #expect(red[0] > 200 && red[1] < 100 && red[2] < 100, "pixel \(red) is not touchdemo's red square")
    }

    @Test("miral-shell: a touch in the window's content goes to libdecor's border subsurface (no wl_region.subtract), so it moves the window")
    func shellDecorationTouch() throws {
        let run = try SandboxClient(MirDriver(.mir))
        // Placed, not maximised: found through the pointer, which lands on the border subsurface too.
        let window = try #require(try run.session.window(of: run.process))
        #expect(window.width == 1280 && window.height == 720)
        #expect(window.x > 0 && window.y > 0)
        let (x, y) = (window.x + 100, window.y + 100)
        try run.inject("down 0 \(x) \(y); frame; sleep 30; motion 0 \(x + 20) \(y + 10); frame; sleep 30; up 0; frame")
        let log = try String(contentsOfFile: "\(run.session.runtimeDirectory)/mir.log", encoding: .utf8)
        let records = try run.finishRecording().filter { $0.event != .flush && !$0.event.isCapabilities && $0.event.surfaceEvent == nil }
        // Every touch event is on a decoration surface (the border is 24 px left of and 48 px above the content),
        // and the position does not change: our client moved the window with the finger.
        #expect(records.filter { $0.event != .frame }.allSatisfy { $0.isControl })
        #expect(records.map { summary($0.event) } == ["down 0 124 148", "frame", "motion 0 124 148", "frame", "up 0", "frame"])
        // Why: libdecor's border input region is the border's area minus the window's (wl_region.subtract).
        #expect(log.contains("WlRegion::subtract not implemented"))
    }

    @Test("stop leaves no process of the session and removes its folder; Mir made no X11 socket")
    func stopLeavesNothing() throws {
        let run = try SandboxClient(MirDriver(.mirKiosk))
        let directory = run.session.runtimeDirectory
        let log = try String(contentsOfFile: "\(directory)/mir-kiosk.log", encoding: .utf8)
        #expect(!log.contains("X11") && !log.lowercased().contains("xwayland"))
        #expect(processes(withRuntimeDirectory: directory).count >= 2, "Mir and our client")
        run.session.stop()
        run.session.stop()
        #expect(processes(withRuntimeDirectory: directory).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory))
    }
}

/// The pids whose environment has `XDG_RUNTIME_DIR=directory` (a session's processes).
func processes(withRuntimeDirectory directory: String) -> [pid_t] {
    let marker = Array("XDG_RUNTIME_DIR=\(directory)".utf8)
    return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }.filter { pid in
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")"), stat[stat.index(after: close)...].split(separator: " ").first != "Z",
              let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
        return environment.split(separator: 0).contains { $0.elementsEqual(marker) }
    }
}
