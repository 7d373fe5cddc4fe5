@testable import CompositorDrivers
import Foundation
import SandboxHarness
import TestSupport
import Testing
import TouchStream

// MARK: - Our X11 window under each compositor's own Xwayland

/// Each driver started with `xwayland: true`: the compositor's Xwayland is found (its display from
/// the `Xwayland :N` process it started), our `x11-client` maps a window there, and the touches the
/// driver injects reach it as XInput 2.2 events with the injected positions.
@Suite(.serialized)
struct XwaylandDriverTests {
    private static let timeout = 20.0
    private static let emulatingPointer: UInt32 = 0x2_0000
    /// Xwayland's root coordinates are the compositor's global ones less a rounding (199.99695 for
    /// 200 under weston): a tolerance well under a pixel.
    private static let tolerance = 0.01
    /// Seconds for a window manager to finish placing the window after it was mapped.
    private static let placementSettle = 0.5

    /// What the X11 client of one run received, and where its window was.
    fileprivate struct X11Run {
        var events: [SurfaceEvent]
        /// The global point the script's (0, 0) was placed at: the output's centre.
        var origin: (x: Double, y: Double)
        var display: String

        var touches: [SurfaceEvent] { events.filter { [.x11TouchBegin, .x11TouchUpdate, .x11TouchEnd].contains($0.kind) } }
    }

    /// Starts `driver` with Xwayland and our X11 window as big as the output, injects `script`
    /// (relative to the output's centre), and returns the X11 records of its trace.
    fileprivate func run(_ driver: any CompositorDriver, _ script: String, waylandClientFirst: Bool = false) throws -> X11Run {
        var configuration = DriverConfiguration()
        configuration.xwayland = true
        let session = try driver.start(configuration)
        defer { session.stop() }
        let files = try TemporaryDirectory()
        try session.grantClientAccess(to: files.path)
        let trace = files.file("x11.jsonl")
        // Our Wayland client shown and ended before Xwayland starts (it starts with our X11 client).
        if waylandClientFirst {
            let wayland = try session.launchClient(executable: try sandboxExecutable(), arguments: ["run"], environment: [:],
                                                   logName: "wayland-client.log")
            session.finishClient(wayland, timeout: 5)
        }
        let client = try session.launchX11Client(executable: try sandboxExecutable(),
                                                 arguments: ["x11-client", "--record", trace,
                                                             "--width", "\(session.outputSize.width)",
                                                             "--height", "\(session.outputSize.height)"],
                                                 logName: "x11-client.log")
        defer { if client.isRunning { client.terminate() } }
        let line = try Self.windowLine(of: client, session: session)
        // The compositor's window manager moves and resizes the window just after the map (weston
        // frames it, kiosk makes it fullscreen); the window covers the output's centre wherever it goes.
        Thread.sleep(forTimeInterval: Self.placementSettle)
        let origin = (x: Double(session.outputSize.width) / 2, y: Double(session.outputSize.height) / 2)
        let placed = ScriptInjection.moved(try CompactTrace.parse(script, name: "x11-script"), by: origin)
        try session.inject(placed)
        Thread.sleep(forTimeInterval: 0.4)
        let ending = session.finishClient(client, timeout: 5)
        #expect(ending == .exited(0), "\(client.output())")
        let display = session.xwayland?.display ?? String(line.split(separator: " ").last ?? "")
        return X11Run(events: try TraceReader.read(trace).records.compactMap(\.event.surfaceEvent), origin: origin,
                      display: display)
    }

    /// The line x11-client prints once its window is mapped.
    private static func windowLine(of client: ChildProcess, session: CompositorSession) throws -> String {
        let deadline = MonotonicClock.now() + timeout
        while MonotonicClock.now() < deadline {
            if let line = client.output().split(separator: "\n").first(where: { $0.hasPrefix("x11-client: window") }) {
                return String(line)
            }
            if !client.isRunning { break }
            usleep(20_000)
        }
        Issue.record("no X11 window: \(client.output()); compositor: \(session.logTail())")
        throw DriverError("no X11 window")
    }

    fileprivate func expectTap(_ x11: X11Run, at point: (x: Double, y: Double)) throws {
        #expect(x11.touches.map(\.kind) == [.x11TouchBegin, .x11TouchEnd], "\(x11.events)")
        #expect(Set(x11.touches.map(\.detail)).count == 1)
        #expect(x11.touches.allSatisfy { $0.flags == Self.emulatingPointer })
        let begin = try #require(x11.touches.first)
        #expect(abs(Double(begin.rx ?? 0) / 65536 - (x11.origin.x + point.x)) < Self.tolerance, "\(begin)")
        #expect(abs(Double(begin.ry ?? 0) / 65536 - (x11.origin.y + point.y)) < Self.tolerance, "\(begin)")
        #expect(!x11.events.contains { [.x11ButtonPress, .x11CoreButtonPress].contains($0.kind) })
        #expect(x11.display.hasPrefix(":"))
    }

    private func expectDrag(_ x11: X11Run) throws {
        #expect(x11.touches.map(\.kind) == [.x11TouchBegin, .x11TouchUpdate, .x11TouchUpdate, .x11TouchEnd],
                "\(x11.events)")
        let first = try #require(x11.touches.first), last = try #require(x11.touches.last)
        #expect(abs(Double((last.ex ?? 0) - (first.ex ?? 0)) / 65536 - 60) < Self.tolerance)
        #expect(abs(Double((last.ey ?? 0) - (first.ey ?? 0)) / 65536 - 40) < Self.tolerance)
        #expect(Set(x11.touches.map(\.detail)).count == 1)
    }

    fileprivate static let tap = "down 0 0 0; frame; sleep 40; up 0; frame"
    private static let drag = "down 0 0 0; frame; sleep 30; motion 0 30 20; frame; sleep 30; motion 0 60 40; frame; sleep 30; up 0; frame"

    @Test("sway 1.7 (xwayland force): a tap arrives as XI TouchBegin/End at the injected root position")
    func swayTap() throws {
        try expectTap(try run(NestedWlrootsDriver(.sway), Self.tap), at: (0, 0))
    }

    @Test("sway 1.7: a drag arrives as one TouchUpdate per motion, moved by the injected distance")
    func swayDrag() throws {
        try expectDrag(try run(NestedWlrootsDriver(.sway), Self.drag))
    }

    @Test("KWin 5.27 (--xwayland): a tap arrives as XI TouchBegin/End at the injected root position")
    func kwinTap() throws {
        try expectTap(try run(KWinDriver(), Self.tap), at: (0, 0))
    }

    @Test("KWin 5.27: a drag arrives as one TouchUpdate per motion, moved by the injected distance")
    func kwinDrag() throws {
        try expectDrag(try run(KWinDriver(), Self.drag))
    }

    @Test("weston 10 (xwayland.so): a tap arrives as XI TouchBegin/End at the injected root position")
    func westonTap() throws {
        try expectTap(try run(WestonDriver(), Self.tap), at: (0, 0))
    }
}

// MARK: - The other compositors that start an Xwayland

extension XwaylandDriverTests {
    @Test("mutter 43 (without --no-x11): a tap arrives as XI TouchBegin/End at the injected root position")
    func mutterTap() throws {
        try expectTap(try run(MutterDriver(), Self.tap), at: (0, 0))
    }

    @Test("GNOME Shell 43 (without --no-x11): a tap arrives as XI TouchBegin/End at the injected root position")
    func gnomeShellTap() throws {
        try expectTap(try run(GnomeShellDriver(), Self.tap), at: (0, 0))
    }

    @Test("phoc 0.24 (xwayland=immediate): a tap arrives as XI TouchBegin/End at the injected root position")
    func phocTap() throws {
        try expectTap(try run(NestedWlrootsDriver(.phoc), Self.tap), at: (0, 0))
    }

    @Test("cage 0.1.4 (its own Xwayland, DISPLAY given to its client): a tap arrives as XI TouchBegin/End")
    func cageTap() throws {
        try expectTap(try run(NestedWlrootsDriver(.cage), Self.tap), at: (0, 0))
    }

    @Test("Mir 2.12 (--enable-x11, display from its log): the X11 window maps; a tap brings it nothing unless a Wayland client was shown before")
    func mirTap() throws {
        let untouched = try run(MirDriver(.mir), Self.tap)
        // Measured: Mir frames the window (1268×690 at 6,24 of a 1280×720 output) and gives it no
        // XI touch, no pointer event, even 2.5 s after the map.
        #expect(untouched.events.contains { $0.kind == .x11Configure && $0.width == 1268 }, "\(untouched.events)")
        #expect(untouched.events.allSatisfy { $0.kind == .x11Configure }, "\(untouched.events)")
        #expect(untouched.display.hasPrefix(":"))
        // After our Wayland client was shown (as in the matrix), the same tap arrives as elsewhere.
        try expectTap(try run(MirDriver(.mir), Self.tap, waylandClientFirst: true), at: (0, 0))
    }
}
