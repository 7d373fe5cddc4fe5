import Foundation
import SandboxHarness
import TestSupport
import Testing
import TouchStream

// MARK: - import wayland-debug on other toolkits' clients

/// Clients we did not write (weston's C demo, Qt 5, GTK 4) under the harness weston with
/// WAYLAND_DEBUG=1: a drag and a pinch are injected, and importing each client's log must give
/// exactly the injected stream in the client's surface coordinates, frame by frame.
@Suite(.serialized) struct ForeignClientImportTests {
    /// A client to run: how to start it and what it needs in its environment.
    struct Client: CustomTestStringConvertible, Sendable {
        var name: String
        var executable: String
        var arguments: [String] = []
        var environment: [String: String] = [:]
        var testDescription: String { name }
    }

    static let clients = [
        Client(name: "weston-simple-touch", executable: "/usr/bin/weston-simple-touch"),
        Client(name: "Qt 5 fingerpaint", executable: "/usr/lib/x86_64-linux-gnu/qt5/examples/widgets/touch/fingerpaint/fingerpaint",
               environment: ["QT_QPA_PLATFORM": "wayland", "QT_WAYLAND_DISABLE_WINDOWDECORATION": "1"]),
        // The gestures demo puts swipe, rotate and zoom gestures on its drawing area.
        Client(name: "GTK 4 gtk4-demo gestures", executable: "/usr/bin/gtk4-demo", arguments: ["--run=gestures"],
               environment: ["GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "GTK_A11Y": "none", "NO_AT_BRIDGE": "1"]),
    ]

    /// A drag of one finger, then a pinch of two, in surface-local coordinates (offset at injection).
    /// Coordinates that are not whole pixels check that wl_fixed survives libwayland's %f.
    static let localScript = """
        down 0 300.5 200.25; frame; motion 0 320 210.75; frame; motion 0 350.125 230; frame; up 0; frame
        down 1 200 300; down 2 500 300; frame
        motion 1 220 300; motion 2 480 300; frame
        motion 1 260.5 301; motion 2 440.25 299; frame
        up 1; up 2; frame
        """

    /// Seconds to wait for a client's window and for its log to show every injected event.
    private static let timeout = 20.0

    @Test(arguments: clients)
    func importedLogEqualsTheInjectedStream(_ client: Client) throws {
        try #require(FileManager.default.isExecutableFile(atPath: client.executable),
                     "\(client.executable) is missing: run scripts/install-deps.sh")
        let weston = try WestonInstance(.init(width: SandboxClient.width, height: SandboxClient.height))
        defer { weston.stop() }
        let harness = try weston.connect()
        var environment = client.environment
        environment["WAYLAND_DEBUG"] = "1"
        let process = try weston.launch(client.executable, arguments: client.arguments, environment: environment,
                                        logName: "client.log")
        defer { if process.isRunning { process.terminate() } }
        guard let view = try harness.waitForView(x: Double(SandboxClient.width) / 2, y: Double(SandboxClient.height) / 2,
                                                 pid: Int32(process.pid), timeout: Self.timeout) else {
            Issue.record("\(client.name) never showed a window; log: \(process.output().suffix(600)); weston: \(weston.logTail())")
            return
        }
        let local = try CompactTrace.parse(Self.localScript, name: "drag-and-pinch")
        try harness.run(local.map { Self.offset($0, x: Double(view.x), y: Double(view.y)) })
        let expected = Self.expectedEvents(local)
        let ups = expected.filter { $0.hasPrefix("up ") }.count
        // The log is complete once the client has dispatched every up.
        let deadline = MonotonicClock.now() + Self.timeout
        while Self.count(".up(", in: process.output()) < ups, MonotonicClock.now() < deadline, process.isRunning {
            usleep(20_000)
        }
        process.terminate()
        let log = process.output()
        let imported = try WaylandDebugImporter.importLog(log, name: "\(client.name) log")
        #expect(imported.touchObjects.count == 1, "\(imported.touchObjects)")
        #expect(Self.events(imported.records) == expected, "\(client.name)")
        // weston-simple-touch binds wl_seat v1, which has no name event; the globals are always there.
        #expect(imported.environment.globals.contains { $0.interface == "wl_seat" })
    }

    @Test("a client that never binds wl_touch: import says so, exit 2, nothing written")
    func clientWithoutTouch() throws {
        let weston = try WestonInstance(.init(width: SandboxClient.width, height: SandboxClient.height))
        defer { weston.stop() }
        let files = try TemporaryDirectory()
        let process = try weston.launch("/usr/bin/weston-simple-shm", environment: ["WAYLAND_DEBUG": "1"],
                                        logName: "client.log")
        let deadline = MonotonicClock.now() + Self.timeout
        while Self.count("wl_surface@", in: process.output()) < 3, MonotonicClock.now() < deadline { usleep(20_000) }
        process.terminate()
        try process.output().write(toFile: files.file("shm.log"), atomically: true, encoding: .utf8)
        let importer = try ChildProcess(executable: try sandboxExecutable(),
                                        arguments: ["import", "wayland-debug", files.file("shm.log"), "-o", files.file("t.jsonl")],
                                        environment: ProcessInfo.processInfo.environment, logPath: files.file("import.log"))
        #expect(importer.wait(timeout: SandboxClient.timeout) == .exited(2))
        #expect(importer.output().contains("\(files.file("shm.log")):1:1: no wl_touch events: the client never bound wl_touch"),
                "\(importer.output())")
        #expect(!FileManager.default.fileExists(atPath: files.file("t.jsonl")))
    }

    // MARK: - Streams as comparable lines

    /// The injected item moved by (x, y): surface-local to global.
    private static func offset(_ item: ScriptItem, x: Double, y: Double) -> ScriptItem {
        guard case .record(let record) = item else { return item }
        switch record.event {
        case .down(let serial, let time, let surface, let id, let px, let py):
            return .record(RawRecord(.down(serial: serial, time: time, surface: surface, id: id,
                                           x: WLFixed(px.doubleValue + x), y: WLFixed(py.doubleValue + y))))
        case .motion(let time, let id, let px, let py):
            return .record(RawRecord(.motion(time: time, id: id, x: WLFixed(px.doubleValue + x),
                                             y: WLFixed(py.doubleValue + y))))
        default:
            return item
        }
    }

    /// What the client must receive: the injected events, except the frame after an up that
    /// lifts the last finger, which weston 10 never sends (docs/rules.md, A1).
    private static func expectedEvents(_ items: [ScriptItem]) -> [String] {
        var lines: [String] = []
        var down = Set<Int32>()
        var liftedAll = false
        for case .record(let record) in items {
            switch record.event {
            case .down(_, _, _, let id, _, _): down.insert(id)
            case .up(_, _, let id): down.remove(id); liftedAll = down.isEmpty
            case .frame where liftedAll: liftedAll = false; continue
            default: break
            }
            lines.append(contentsOf: events([record]))
        }
        return lines
    }

    /// Touch events as lines (times and serials left out: the compositor sets them).
    private static func events(_ records: [RawRecord]) -> [String] {
        records.compactMap { record in
            switch record.event {
            case .down(_, _, _, let id, let x, let y): "down \(id) \(x.rawValue) \(y.rawValue)"
            case .motion(_, let id, let x, let y): "motion \(id) \(x.rawValue) \(y.rawValue)"
            case .up(_, _, let id): "up \(id)"
            case .frame: "frame"
            case .cancel: "cancel"
            case .capabilities: nil
            default: record.event.name
            }
        }
    }

    private static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }
}
