import Foundation
import SandboxHarness
import TestSupport
import Testing
import TouchStream

// MARK: - import wayland-debug against a real compositor

/// Our client under a private weston with WAYLAND_DEBUG=1: importing its log must give exactly the
/// records it recorded itself with `--record` (kinds, ids, serials, times, wl_fixed bits, hi-res times).
@Suite(.serialized) struct ImportWaylandDebugTests {
    /// A drag with coordinates that are not whole pixels (global = surface coordinates under kiosk-shell).
    private static let drag = """
        down 0 600.5 300.25; frame; motion 0 610.75 305.3; frame
        motion 0 630.125 320.00390625; frame; down 1 200 100; frame; up 0; frame; up 1; frame
        """

    /// Runs the client, injects the drag, ends it, and returns its debug log and own trace.
    private func capture() throws -> (log: String, trace: Trace) {
        let client = try SandboxClient(outputs: { ["--record", $0.file("trace.jsonl")] },
                                       environment: ["WAYLAND_DEBUG": "1"])
        try client.inject(Self.drag)
        #expect(client.finish() == .exited(0))
        // The client's own flush records are not in its protocol log: compare what the compositor sent.
        var trace = try client.trace()
        trace.items.removeAll { item in
            guard case .record(let record) = item else { return false }
            // The importer reads wl_touch and wl_seat lines only: flush and surface records are the client's own.
            return record.event == .flush || record.event.surfaceEvent != nil
        }
        return (client.process.output(), trace)
    }

    @Test func importedLogEqualsTheClientsOwnTrace() throws {
        let (log, recorded) = try capture()
        let imported = try WaylandDebugImporter.importLog(log, name: "client.log")
        #expect(recorded.records.count >= 11)
        #expect(imported.records == recorded.records)
        #expect(imported.records.map(\.event.name) == recorded.records.map(\.event.name))
        #expect(imported.touchObjects.count == 1)
        let header = try #require(recorded.header)
        #expect(imported.environment.globals == header.environment.globals)
        #expect(imported.environment.seat == header.environment.seat)
        #expect(imported.environment.touchVersion == header.environment.touchVersion)
        // 610.75, 305.3 (rounded to 78157/256 by the harness) and 320.00390625 arrive as exact wl_fixed bits.
        let motions = imported.records.compactMap { record -> [Int32]? in
            if case .motion(_, 0, let x, let y) = record.event { [x.rawValue, y.rawValue] } else { nil }
        }
        #expect(motions == [[156_352, 78_157], [161_312, 81_921]])
    }

    @Test func importCommandWritesTheSameTrace() throws {
        let files = try TemporaryDirectory()
        let (log, recorded) = try capture()
        #expect(FileManager.default.createFile(atPath: files.file("client.log"), contents: Data(log.utf8)))
        let result = try sandbox(["import", "wayland-debug", files.file("client.log"), "-o", files.file("imported.jsonl")])
        #expect(result.status == 0)
        let imported = try TraceReader.read(files.file("imported.jsonl"))
        #expect(imported.records == recorded.records)
        #expect(imported.header?.environment.seat == recorded.header?.environment.seat)
    }
}
