import CompositorDrivers
import Foundation
import Render
import SandboxHarness
import TestSupport
import Testing
import TouchStream

/// Our client's zwlr_layer_shell_v1 surface under sway 1.7 (nested in the harness weston, its output
/// 1280×720 at 0,0 of weston's): where sway puts it for its anchor, size, margin and exclusive zone
/// (seen in a screenshot), where a touch on it lands, and a popup opened from it on a touch serial.
@Suite(.serialized)
struct LayerShellTests {
    /// sway's output, logical px.
    static let output = (width: 1280.0, height: 720.0)
    /// The layer surface's fill (LayerSurface, xrgb 0x6A1B9A) and the popup's (Popup, 0xEF6C00).
    static let layerColour: [UInt8] = [0x6A, 0x1B, 0x9A]
    static let popupColour: [UInt8] = [0xEF, 0x6C, 0x00]

    private func start(_ arguments: [String]) throws -> SandboxClient {
        try NestedDriverTests.ensureUser()
        return try SandboxClient(NestedWlrootsDriver(.sway), arguments: arguments)
    }

    @Test("a layer surface anchored top-right with a margin sits there, and a touch on it arrives in its own coordinates",
          arguments: [("overlay", "none"), ("top", "exclusive"), ("top", "on-demand")])
    func touchOnAnAnchoredLayerSurface(layer: String, keyboard: String) throws {
        let run = try start(["--layer-surface", layer, "--layer-keyboard", keyboard, "--layer-anchor", "top,right",
                             "--layer-size", "300x100", "--layer-margin", "20,30,0,0"])
        // Anchored to the top and right edges: its top-right corner is the margin away from the output's.
        let frame = (x: Self.output.width - 30 - 300, y: 20.0, width: 300.0, height: 100.0)
        try Self.waitForColour(Self.layerColour, of: run, at: frame.x + 1, frame.y + 1)
        let image = try run.screenshot()
        #expect(!Self.shows(Self.layerColour, image, x: frame.x - 1, y: frame.y + 1), "the layer surface starts left of \(frame.x)")
        #expect(!Self.shows(Self.layerColour, image, x: frame.x + 1, y: frame.y - 1), "the layer surface starts above \(frame.y)")
        #expect(Self.shows(Self.layerColour, image, x: frame.x + frame.width - 1, y: frame.y + frame.height - 1))
        try run.inject("down 0 \(frame.x + 75.5) \(frame.y + 40); frame; up 0; frame")
        let records = try run.finishRecording()

        let events = records.compactMap(\.event.surfaceEvent)
        // sway 1.7 configures it three times as it maps, each time at the size asked for.
        let configures = events.filter { $0.kind == .layerConfigure }
        let configure = try #require(configures.first, "\(events.map(\.kind))")
        #expect(configures.allSatisfy { $0.width == 300 && $0.height == 100 && $0.surface == configure.surface }, "\(configures)")
        let surface = try #require(configure.surface)
        let touched = Self.downs(records)
        #expect(touched == [Down(surface: surface, id: 0, x: 75.5, y: 40)], "\(records.map(\.event.name))")
        // Keyboard focus: sway 1.7 moves it to a top or overlay layer surface as it maps whenever its
        // interactivity is not none, on-demand as exclusive; with none the window keeps it.
        let focused = events.filter { $0.kind == .keyboardEnter }.map(\.surface)
        #expect(focused.contains(surface) == (keyboard != "none"), "keyboard-enter: \(focused), layer \(surface)")
    }

    @Test("a background layer strip with an exclusive zone takes the output's width and pushes the window below it",
          arguments: ["background", "bottom"])
    func exclusiveZoneMakesABackgroundStripTouchable(layer: String) throws {
        let run = try start(["--layer-surface", layer, "--layer-anchor", "top,left,right", "--layer-size", "0x100",
                             "--layer-exclusive-zone", "100"])
        try Self.waitForColour(Self.layerColour, of: run, at: 10, 10)
        let window = try #require(try run.session.window(of: run.process))
        // The tiled window (its title bar first) starts below the zone.
        #expect(window.titleBar.map { $0.y } == 100 && window.y == 125, "\(window)")
        try run.inject("down 0 640.25 50; frame; up 0; frame")
        let records = try run.finishRecording()
        let events = records.compactMap(\.event.surfaceEvent)
        // Width 0 asked: sway chose the output's width between the left and right anchors.
        let configure = try #require(events.first { $0.kind == .layerConfigure }, "\(events.map(\.kind))")
        #expect(configure.width == 1280 && configure.height == 100)
        #expect(Self.downs(records) == [Down(surface: configure.surface, id: 0, x: 640.25, y: 50)])
    }

    @Test("a popup opened from the layer surface on a touch serial is configured centred below it, and a touch on it arrives there")
    func popupFromTheLayerSurface() throws {
        let run = try start(["--layer-surface", "top", "--layer-anchor", "top,left", "--layer-size", "320x120",
                             "--layer-margin", "20", "--on-touch", "layer-popup"])
        try Self.waitForColour(Self.layerColour, of: run, at: 21, 21)
        try run.inject("down 0 70 70; frame; up 0; frame")
        // Centred below the layer surface: x (320 − 200) / 2 = 60, y its height, relative to it.
        let popup = (x: 20.0 + 60, y: 20.0 + 120)
        try Self.waitForColour(Self.popupColour, of: run, at: popup.x + 1, popup.y + 1)
        try run.inject("down 1 \(popup.x + 30) \(popup.y + 20); frame; up 1; frame")
        let records = try run.finishRecording()

        let events = records.compactMap(\.event.surfaceEvent)
        let layer = try #require(events.first { $0.kind == .layerConfigure }?.surface, "\(events.map(\.kind))")
        let configure = try #require(events.first { $0.kind == .popupConfigure }, "\(events.map(\.kind))")
        #expect(configure.x == WLFixed(60) && configure.y == WLFixed(120) && configure.width == 200 && configure.height == 120)
        #expect(Self.downs(records) == [Down(surface: layer, id: 0, x: 50, y: 50),
                                        Down(surface: configure.surface, id: 1, x: 30, y: 20)])
        #expect(!events.contains { $0.kind == .popupDone }, "\(events.map(\.kind))")
    }

    // MARK: - Records

    /// A wl_touch.down as the test compares it: where it landed.
    struct Down: Equatable {
        var surface: String?
        var id: Int32
        var x: Double
        var y: Double
    }

    static func downs(_ records: [RawRecord]) -> [Down] {
        records.compactMap {
            guard case let .down(_, _, surface, id, x, y) = $0.event else { return nil }
            return Down(surface: surface, id: id, x: x.doubleValue, y: y.doubleValue)
        }
    }

    // MARK: - Screenshots

    /// Waits until a screenshot shows `colour` at (x, y): the surface is mapped and drawn where the
    /// test says, or the wait ends in a failure naming what was there.
    static func waitForColour(_ colour: [UInt8], of run: SandboxClient, at x: Double, _ y: Double) throws {
        let deadline = MonotonicClock.now() + SandboxClient.timeout
        var seen: [UInt8] = []
        while MonotonicClock.now() < deadline {
            let image = try run.screenshot()
            if shows(colour, image, x: x, y: y) { return }
            seen = image.rgba(x: Int(x), y: Int(y))
            MonotonicClock.sleep(0.1)
        }
        throw DriverError("no \(colour) at \(x),\(y) after \(SandboxClient.timeout) s: \(seen)")
    }

    /// Whether the pixel at (x, y) is `colour` (its RGB).
    static func shows(_ colour: [UInt8], _ image: RGBAImage, x: Double, y: Double) -> Bool {
        Array(image.rgba(x: Int(x), y: Int(y)).prefix(3)) == colour
    }
}
