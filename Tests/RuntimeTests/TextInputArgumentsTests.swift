import ArgumentParser
@testable import RunCommand
import Testing
import WaylandClient

/// `run --text-input` and `run --osk`: how they read (by ArgumentParser and by the quick table
/// alike), and the one combination refused.
@Suite struct TextInputArgumentsTests {
    @Test func bothAreFlagsReadTheSameByEitherParser() throws {
        let arguments = ["--text-input", "--osk", "--no-hud"]
        let parsed = try Run.parse(arguments)
        let quick = try #require(RunQuickParse.parse(arguments))
        #expect(parsed.textInput && parsed.onScreenKeyboard && quick.textInput && quick.onScreenKeyboard)
        #expect(try !Run.parse([]).textInput && !RunQuickParse.defaults().onScreenKeyboard)
    }

    @Test func theKeyboardBringsItsOwnLayerSurface() {
        #expect(runRefusal(["--osk", "--layer-surface", "top"]) == "--osk brings its own layer surface: leave out --layer-surface")
        let parts = ClientParts(layerSurface: LayerSurfaceOptions(layer: .background), onScreenKeyboard: true)
        // A top-layer strip along the output's bottom edge, 160 px high, that never takes the keyboard.
        #expect(parts.layerSurface == LayerSurfaceOptions(layer: .top, keyboard: .none, anchor: [.bottom, .left, .right],
                                                          size: LogicalSize(width: 0, height: 160), exclusiveZone: 160))
        #expect(parts.layerSurface?.conflict == nil)
    }
}
