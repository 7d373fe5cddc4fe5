import CompositorDrivers
import Foundation
import TestSupport
import Testing
import TouchStream

/// Touches on the server-side title bar (KWin 5.27's Breeze, sway 1.7), placed from the
/// compositor's own geometry of it (KWin's window list, sway's tree): what the window did, read
/// from our client's configures, and that none of those touches reached our client.
@Suite(.serialized)
struct TitleBarTouchTests {
    /// Breeze (KWin 5.27): the maximize and close buttons' centres, px left of the bar's right end.
    static let breezeMaximize = 48.0, breezeClose = 18.0

    private func start(_ kind: CompositorKind) throws -> (SandboxClient, ClientWindow) {
        if kind == .sway { try NestedDriverTests.ensureUser() }
        let run = try SandboxClient(try #require(CompositorDrivers.driver(for: kind)), arguments: ["--window-size", "800x500"])
        let window = try #require(try run.session.window(of: run.process), "no window geometry from \(kind.displayName)")
        _ = try #require(window.titleBar, "no title bar in \(window)")
        return (run, window)
    }

    private func configures(_ records: [RawRecord]) -> [SurfaceEvent] {
        records.compactMap(\.event.surfaceEvent).filter { $0.kind == .toplevelConfigure }
    }

    @Test("KWin: a double tap on the title bar maximizes the window; the client gets the configure and none of the touches")
    func kwinDoubleTapMaximizes() throws {
        let (run, window) = try start(.kwin)
        let bar = window.titleBar!
        let (x, y) = (bar.x + bar.width / 2, bar.y + bar.height / 2)
        try run.inject("down 0 \(x) \(y); frame; sleep 50; up 0; frame; sleep 80; down 0 \(x + 2) \(y + 1); frame; sleep 50; up 0; frame",
                       settle: 0.6)
        let after = try #require(try run.session.window(of: run.process))
        let records = try run.finishRecording()
        let last = try #require(configures(records).last)
        #expect(ToplevelStateNames.contains(last.states ?? 0, "maximized") && last.width == 1280 && last.height == 683, "\(last)")
        #expect(after.x == 0 && after.y == 37 && after.width == 1280, "\(after)")
        #expect(!records.contains { $0.event.touchID != nil }, "\(records.map { TraceWriter.line(for: $0) })")
    }

    @Test("KWin: a tap on Breeze's maximize button maximizes the window; one on its close button closes our client")
    func kwinButtons() throws {
        do {
            let (run, window) = try start(.kwin)
            let bar = window.titleBar!
            try run.inject("down 0 \(bar.x + bar.width - Self.breezeMaximize) \(bar.y + bar.height / 2); frame; sleep 50; up 0; frame",
                           settle: 0.6)
            let records = try run.finishRecording()
            let last = try #require(configures(records).last)
            #expect(ToplevelStateNames.contains(last.states ?? 0, "maximized") && last.width == 1280, "\(last)")
            #expect(!records.contains { $0.event.touchID != nil })
        }
        let (run, window) = try start(.kwin)
        let bar = window.titleBar!
        try run.inject("down 0 \(bar.x + bar.width - Self.breezeClose) \(bar.y + bar.height / 2); frame; sleep 50; up 0; frame")
        #expect(run.process.wait(timeout: SandboxClient.timeout) == .exited(0), "\(run.process.output().suffix(300))")
        let records = try TraceReader.read(run.tracePath).records
        #expect(records.last?.event.surfaceEvent?.kind == .toplevelClose, "\(records.suffix(3).map { TraceWriter.line(for: $0) })")
        #expect(!records.contains { $0.event.touchID != nil })
    }

    @Test("sway 1.7: a double tap on the title bar, and a tap at its right end, change nothing and reach nothing of ours")
    func swayTitleBarDoesNothing() throws {
        let (run, window) = try start(.sway)
        let bar = window.titleBar!
        let (x, y) = (bar.x + bar.width / 2, bar.y + bar.height / 2)
        try run.inject("down 0 \(x) \(y); frame; sleep 50; up 0; frame; sleep 80; down 0 \(x + 2) \(y + 1); frame; sleep 50; up 0; frame")
        try run.inject("down 0 \(bar.x + bar.width - 18) \(y); frame; sleep 50; up 0; frame", settle: 0.6)
        #expect(try run.session.window(of: run.process) == window)
        #expect(run.process.isRunning)
        let records = try run.finishRecording()
        // Only the configures of the tiled window as it mapped: 0×0, then 1276×693 tiled.
        #expect(configures(records).map { "\($0.width ?? 0)x\($0.height ?? 0)" } == ["0x0", "1276x693"])
        #expect(!records.contains { $0.event.touchID != nil }, "\(records.map { TraceWriter.line(for: $0) })")
    }
}
