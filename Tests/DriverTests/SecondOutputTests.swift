import CompositorDrivers
import Foundation
import TestSupport
import Testing
import TouchStream

/// Our client's surfaces on the second of two outputs, right of the first (a compositor started
/// with `DriverConfiguration.secondOutput`): a layer surface asked for there (`--layer-output 2`)
/// and the toplevel the driver opens there, each touched at a global point (the output's origin
/// plus the point), must get the touch at the surface-local point, as on a lone output. Users
/// report panels on a second monitor that get no touch, or touch at the wrong place.
@Suite(.serialized)
struct SecondOutputTests {
    /// Two 1280 × 720 outputs, the second at 1280, 0.
    static var twoOutputs: DriverConfiguration {
        var configuration = DriverConfiguration()
        configuration.secondOutput = true
        return configuration
    }

    /// A 400 × 100 top-layer panel in the top-left corner of the second output.
    static let panel = ["--layer-surface", "top", "--layer-anchor", "top,left", "--layer-size", "400x100",
                        "--layer-output", "2"]

    private func sway(_ arguments: [String]) throws -> SandboxClient {
        try NestedDriverTests.ensureUser()
        return try SandboxClient(NestedWlrootsDriver(.sway), configuration: Self.twoOutputs, arguments: arguments)
    }

    @Test("sway: a layer surface on the second output and the window there get their taps at surface-local points")
    func swayLayerSurfaceAndWindowOnTheSecondOutput() throws {
        let run = try sway(Self.panel)
        #expect(run.session.touchedOutputOrigin == (1280, 0))
        // The harness's screen shows the nested compositor's second output (its window is on top).
        try LayerShellTests.waitForColour(LayerShellTests.layerColour, of: run, at: 1, 1)
        let window = try #require(try run.session.window(of: run.process))
        #expect(window.x >= 1280 && window.x + window.width <= 2560, "the window is on the second output: \(window)")
        try run.inject("down 0 1480.5 50; frame; up 0; frame")
        try run.inject("down 1 \(window.x + 300) \(window.y + 250); frame; up 1; frame")
        let records = try run.finishRecording()

        let events = records.compactMap(\.event.surfaceEvent)
        let layer = try #require(events.first { $0.kind == .layerConfigure }, "\(events.map(\.kind))")
        #expect(layer.width == 400 && layer.height == 100)
        let downs = LayerShellTests.downs(records)
        #expect(downs.count == 2, "\(records.map(\.event.name))")
        #expect(downs.first == LayerShellTests.Down(surface: layer.surface, id: 0, x: 200.5, y: 50), "\(downs)")
        #expect(downs.last.map { $0.surface != layer.surface && $0.x == 300 && $0.y == 250 } == true, "\(downs)")
    }

    @Test("sway: a popup opened from the layer surface on the second output is touched at its own point")
    func swayLayerPopupOnTheSecondOutput() throws {
        let run = try sway(Self.panel + ["--on-touch", "layer-popup"])
        try LayerShellTests.waitForColour(LayerShellTests.layerColour, of: run, at: 1, 1)
        try run.inject("down 0 1480 50; frame; up 0; frame")
        // Centred below the panel: x (400 − 200) / 2 = 100, y its height.
        try LayerShellTests.waitForColour(LayerShellTests.popupColour, of: run, at: 101, 101)
        try run.inject("down 1 \(1280 + 100 + 30) \(100 + 20); frame; up 1; frame")
        let records = try run.finishRecording()

        let events = records.compactMap(\.event.surfaceEvent)
        let layer = try #require(events.first { $0.kind == .layerConfigure }?.surface, "\(events.map(\.kind))")
        let popup = try #require(events.first { $0.kind == .popupConfigure }, "\(events.map(\.kind))")
        #expect(popup.x == WLFixed(100) && popup.y == WLFixed(100))
        #expect(LayerShellTests.downs(records) == [LayerShellTests.Down(surface: layer, id: 0, x: 200, y: 50),
                                                   LayerShellTests.Down(surface: popup.surface, id: 1, x: 30, y: 20)])
    }

    @Test("sway: the popup of a window on the second output is touched at its own point")
    func swayWindowPopupOnTheSecondOutput() throws {
        let run = try sway(["--on-touch", "popup"])
        let window = try #require(try run.session.window(of: run.process))
        #expect(window.x >= 1280, "the window is on the second output: \(window)")
        try run.inject("down 0 \(window.x + 80) \(window.y + 80); frame; up 0; frame")
        Thread.sleep(forTimeInterval: 0.3)
        // The button's popup sits at 160, 160 of the window (200 × 120).
        try run.inject("down 1 \(window.x + 260) \(window.y + 220); frame; up 1; frame")
        let records = try run.finishRecording()

        let events = records.compactMap(\.event.surfaceEvent)
        let popup = try #require(events.first { $0.kind == .popupConfigure }, "\(events.map(\.kind))")
        let downs = LayerShellTests.downs(records)
        #expect(downs.count == 2 && downs.first.map { $0.x == 80 && $0.y == 80 } == true, "\(downs)")
        #expect(downs.last == LayerShellTests.Down(surface: popup.surface, id: 1, x: 100, y: 60), "\(downs)")
    }

    // MARK: - KWin and mutter

    @Test("KWin: a layer surface on the second output gets its tap surface-local, and the window there as on one output")
    func kwinLayerSurfaceAndWindowOnTheSecondOutput() throws {
        let single = try centreTap(KWinDriver(), secondOutput: false)
        let run = try SandboxClient(KWinDriver(), configuration: Self.twoOutputs, arguments: Self.panel)
        #expect(run.session.touchedOutputOrigin == (1280, 0))
        // The window opens on the output under the pointer, which the driver put on the second.
        let window = try #require(try run.session.window(of: run.process))
        #expect(window.x >= 1280 && window.x + window.width <= 2560, "the window is on the second output: \(window)")
        try run.inject("down 0 1480.5 50; frame; up 0; frame")
        try run.inject("down 1 1920 360; frame; up 1; frame")
        let records = try run.finishRecording()

        let events = records.compactMap(\.event.surfaceEvent)
        let layer = try #require(events.first { $0.kind == .layerConfigure }, "\(events.map(\.kind))")
        let downs = LayerShellTests.downs(records)
        #expect(downs.count == 2, "\(records.map(\.event.name))")
        #expect(downs.first == LayerShellTests.Down(surface: layer.surface, id: 0, x: 200.5, y: 50), "\(downs)")
        // The output's centre lands where it lands on a lone output: the same surface-local point.
        #expect(downs.last.map { $0.x == single.0 && $0.y == single.1 } == true, "\(downs) against \(single)")
    }

    @Test("mutter: the window on the second monitor gets a tap at its centre where a lone monitor's window does")
    func mutterWindowOnTheSecondMonitor() throws {
        let single = try centreTap(MutterDriver(), secondOutput: false)
        let second = try centreTap(MutterDriver(), secondOutput: true)
        #expect(second.0 == single.0 && second.1 == single.1, "second monitor \(second), lone monitor \(single)")
        #expect(second.0 < 1280, "surface-local, not global: \(second)")
    }

    /// Where a tap at the centre of the touched output lands in our window (surface-local).
    private func centreTap(_ driver: CompositorDriver, secondOutput: Bool) throws -> (Double, Double) {
        var configuration = DriverConfiguration()
        configuration.secondOutput = secondOutput
        let run = try SandboxClient(driver, configuration: configuration)
        let origin = run.session.touchedOutputOrigin
        try run.inject("down 0 \(origin.x + 640) \(origin.y + 360); frame; sleep 50; up 0; frame")
        let downs = LayerShellTests.downs(try run.finishRecording())
        let down = try #require(downs.first, "no down on \(driver.kind.displayName) (second output: \(secondOutput))")
        #expect(downs.count == 1)
        return (down.x, down.y)
    }

    @Test("a driver that cannot make a second output refuses to start with one, naming why, before starting anything")
    func aDriverWithoutASecondOutputRefusesIt() throws {
        for driver in [WestonDriver(), NestedWlrootsDriver(.phoc), NestedWlrootsDriver(.cage)] as [CompositorDriver] {
            #expect(!driver.capabilities.contains(.secondOutput))
            let reason = try #require(driver.missingCapabilityReasons[.secondOutput], "\(driver.kind)")
            #expect {
                _ = try driver.start(Self.twoOutputs)
            } throws: { error in
                "\(error)".contains("\(driver.kind.displayName) cannot be started with a second output here: \(reason)")
            }
        }
    }

    @Test("an output the compositor does not have is refused in one line listing the ones it has")
    func anUnknownOutputIsRefused() throws {
        try NestedDriverTests.ensureUser()
        let session = try NestedWlrootsDriver(.sway).start(Self.twoOutputs)
        defer { session.stop() }
        // The client exits before it maps anything: launching it fails, and its log tells why.
        #expect(throws: (any Error).self) {
            let client = try session.launchClient(
                executable: try sandboxExecutable(), arguments: ["run", "--layer-surface", "top", "--layer-output", "WL-7"],
                environment: [:], logName: "refused.log")
            session.finishClient(client, timeout: 5)
        }
        let log = (try? String(contentsOfFile: session.runtimeDirectory + "/refused.log", encoding: .utf8)) ?? ""
        let own = log.split(separator: "\n").filter { !$0.hasPrefix("[") }
        #expect(own == ["gesture-sandbox: not supported by sway: no output WL-7 for the layer surface (outputs: 1 WL-1, 2 WL-2)"],
                "\(log.suffix(400))")
    }
}
