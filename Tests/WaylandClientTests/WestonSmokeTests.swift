import CWaylandProtocols
import Glibc
import TestSupport
import Testing
import TouchKit
import TouchStream
@testable import WaylandClient

// MARK: - Against a real compositor

/// What the app told its delegate, plus a rule for when to stop.
private final class Recorder: WaylandAppDelegate {
    var resizes: [(LogicalSize, Int)] = []
    var renders: [(size: PixelSize, stride: Int, age: Int, buffer: ObjectIdentifier)] = []
    var idlePasses = 0
    /// Frames to draw before stopping; each is requested after the previous one's frame callback.
    var framesWanted = 1
    /// A further condition for stopping.
    var alsoWaitFor: (WaylandApp) -> Bool = { _ in true }

    func waylandApp(_ app: WaylandApp, didResizeTo logicalSize: LogicalSize, bufferScale: Int) {
        resizes.append((logicalSize, bufferScale))
        app.setNeedsRedraw()
    }

    func waylandApp(_ app: WaylandApp, render buffer: ShmBuffer) -> [PixelRect] {
        renders.append((buffer.size, buffer.stride, buffer.age, ObjectIdentifier(buffer)))
        // A frame-numbered grey, so every frame really changes the pixels it reports.
        let word = UInt32(truncatingIfNeeded: 0xff00_0000 | (renders.count * 0x10_1010))
        let count = buffer.stride / ShmFormat.bytesPerPixel * buffer.height
        buffer.pixels.bindMemory(to: UInt32.self, capacity: count).update(repeating: word, count: count)
        return [PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height)]
    }

    func waylandAppDidBecomeIdle(_ app: WaylandApp) {
        idlePasses += 1
        let done = app.frameStatistics.callbacksDone
        if done >= framesWanted && alsoWaitFor(app) {
            app.stop()
        } else if done == app.frameStatistics.commits {
            app.setNeedsRedraw()
        }
    }
}

@Suite(.serialized, .enabled(if: PrivateWeston.executable != nil, "weston is not installed: no real-compositor tests"))
struct WestonSmokeTests {
    /// Generous: weston headless answers frame callbacks about every 26 ms.
    private static let timeout = 10.0

    /// Stops `app` after `timeout` seconds; returns a flag saying whether that happened.
    private func watchdog(_ app: WaylandApp) -> () -> Bool {
        var fired = false
        _ = app.loop.schedule(at: app.loop.now + Self.timeout) { fired = true; app.stop() }
        return { fired }
    }

    @Test func bindsGlobalsConfiguresAndCommitsFrames() throws {
        let weston = try PrivateWeston()
        let app = try weston.connect()
        let environment = app.environment
        let interfaces = Set(environment.globals.map(\.interface))
        #expect(interfaces.isSuperset(of: ["wl_compositor", "wl_shm", "xdg_wm_base", "wl_output"]))
        #expect(environment.bound.contains { $0.interface == "wl_compositor" && $0.version >= 4 })
        #expect(environment.display == weston.socketPath)
        let output = try #require(environment.outputs.first)
        #expect(output.mode?.width == Int32(PrivateWeston.outputSize.width))
        #expect(output.mode?.height == Int32(PrivateWeston.outputSize.height))
        #expect(output.scale == 1 && output.transform == "normal")

        let recorder = Recorder()
        recorder.framesWanted = 3
        app.delegate = recorder
        let timedOut = watchdog(app)
        let reason = try app.run()
        #expect(reason == .stopped)
        #expect(!timedOut(), "weston log: \(weston.logText)")

        // desktop-shell configures 0x0: the client picks its default size.
        #expect(recorder.resizes.first.map { $0.0 } == WaylandApp.defaultLogicalSize)
        #expect(recorder.resizes.first.map { $0.1 } == 1)
        let size = PixelSize(width: WaylandApp.defaultLogicalSize.width, height: WaylandApp.defaultLogicalSize.height)
        #expect(recorder.renders.count == 3)
        #expect(recorder.renders.allSatisfy { $0.size == size && $0.stride == size.width * 4 })
        #expect(recorder.renders.first?.age == 0)
        #expect(Set(recorder.renders.map(\.buffer)).count <= BufferPool.defaultCapacity)
        // The third frame reuses a buffer released by then: its content is one or two frames old.
        #expect(recorder.renders.last.map { (1...2).contains($0.age) } == true)
        #expect(app.frameStatistics.commits == 3 && app.frameStatistics.callbacksDone == 3)
        #expect(recorder.idlePasses >= 3)
    }

    @Test func anOutputScaleOfTwoDoublesTheBufferNotTheLogicalSize() throws {
        let weston = try PrivateWeston(scale: 2)
        let app = try weston.connect()
        #expect(app.environment.outputs.first?.scale == 2)
        let recorder = Recorder()
        recorder.framesWanted = 2
        let doubled = PixelSize(width: WaylandApp.defaultLogicalSize.width * 2, height: WaylandApp.defaultLogicalSize.height * 2)
        recorder.alsoWaitFor = { [unowned recorder] _ in recorder.renders.last?.size == doubled }
        app.delegate = recorder
        let timedOut = watchdog(app)
        #expect(try app.run() == .stopped)
        #expect(!timedOut(), "weston log: \(weston.logText)")
        // The first frame precedes wl_surface.enter (scale 1); entering the output rescales.
        let logical = WaylandApp.defaultLogicalSize
        #expect(recorder.resizes.map(\.0) == [logical, logical])
        #expect(recorder.resizes.map(\.1) == [1, 2])
        #expect(app.bufferScale == 2 && app.logicalSize == logical)
        #expect(recorder.renders.last?.size == doubled)
        #expect(recorder.renders.last?.age == 0)
        #expect(app.environment.bufferScale == 2)
    }

    @Test func fullscreenResizesToTheOutput() throws {
        let weston = try PrivateWeston()
        let app = try weston.connect()
        app.setFullscreen(true)
        let recorder = Recorder()
        let output = PixelSize(width: PrivateWeston.outputSize.width, height: PrivateWeston.outputSize.height)
        recorder.alsoWaitFor = { [unowned recorder] _ in recorder.renders.last?.size == output }
        app.delegate = recorder
        let timedOut = watchdog(app)
        #expect(try app.run() == .stopped)
        #expect(!timedOut(), "weston log: \(weston.logText)")
        #expect(app.logicalSize == LogicalSize(width: output.width, height: output.height))
        #expect(recorder.resizes.last.map { $0.0 } == app.logicalSize)
        #expect(recorder.renders.last?.age == 0)   // a new size means fresh buffers
    }

    @Test func sigtermEndsTheLoopCleanly() throws {
        let weston = try PrivateWeston()
        let app = try weston.connect()
        let timedOut = watchdog(app)
        // To this thread, where the app blocked SIGTERM: a process-wide one could hit another thread.
        _ = app.loop.schedule(at: app.loop.now + 0.1) { pthread_kill(pthread_self(), SIGTERM) }
        #expect(try app.run() == .signal(SIGTERM))
        #expect(!timedOut())
    }

    @Test func aProtocolErrorEndsTheLoopNamingTheObjectAndCode() throws {
        let weston = try PrivateWeston()
        let app = try weston.connect()
        let timedOut = watchdog(app)
        // A serial the compositor never sent: weston answers with a protocol error. Sent from the
        // loop, once the window's xdg_surface exists (libdecor creates its own after a roundtrip).
        let bogusSerial: UInt32 = 0xdead_beef
        _ = app.loop.schedule(at: app.loop.now + 0.05) {
            guard let xdgSurface = app.window?.xdgSurface else { return app.stop() }
            xdg_surface_ack_configure(xdgSurface, bogusSerial)
        }
        let error = try #require(throws: WaylandError.self) { try app.run() }
        guard case .connection(.protocolError(let interface, _, _)) = error else {
            Issue.record("expected a protocol error, got: \(error)")
            return
        }
        #expect(interface.hasPrefix("xdg_"))
        #expect(error.description.hasPrefix("Wayland protocol error on \(interface)@"))
        #expect(!error.description.contains("\n"))
        #expect(!timedOut())
    }

    @Test func aVanishedCompositorEndsTheLoopWithAnError() throws {
        let weston = try PrivateWeston()
        let app = try weston.connect()
        let timedOut = watchdog(app)
        _ = app.loop.schedule(at: app.loop.now + 0.1) { weston.kill() }
        let error = try #require(throws: WaylandError.self) { try app.run() }
        #expect(error.description.hasPrefix("Wayland connection lost during "))
        #expect(!error.description.contains("\n"))
        #expect(!timedOut())
    }
}
