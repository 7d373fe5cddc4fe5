import ArgumentParser
@testable import RunCommand
import Testing
import WaylandClient

/// `run`'s layer surface options: what each reads as, and every bad value or forbidden combination
/// refused in one line naming the option.
@Suite struct LayerSurfaceArgumentsTests {
    private func options(_ arguments: [String]) throws -> LayerSurfaceOptions? {
        try Run.parse(arguments).layerArguments.options()
    }

    @Test func withoutLayerSurfaceThereIsNone() throws {
        #expect(try options([]) == nil)
        #expect(try options(["--subsurface"]) == nil)
    }

    @Test func eachOptionReachesTheRequestOfItsName() throws {
        let read = try options(["--layer-surface", "overlay", "--layer-keyboard", "on-demand", "--layer-anchor", "top,left,right",
                                "--layer-size", "0x40", "--layer-exclusive-zone", "40", "--layer-margin", "1,2,3,4"])
        #expect(read == LayerSurfaceOptions(layer: .overlay, keyboard: .onDemand, anchor: [.top, .left, .right],
                                            size: LogicalSize(width: 0, height: 40), exclusiveZone: 40,
                                            margin: .init(top: 1, right: 2, bottom: 3, left: 4)))
    }

    @Test func defaultsAreTheProtocolsAndOurSize() throws {
        #expect(try options(["--layer-surface", "background"])
            == LayerSurfaceOptions(layer: .background, keyboard: .none, anchor: [], size: LayerSurfaceOptions.defaultSize,
                                   exclusiveZone: 0, margin: .zero))
        #expect(LayerSurfaceOptions.defaultSize == LogicalSize(width: 320, height: 120))
    }

    @Test func negativeValuesAreValuesNotOptions() throws {
        let read = try options(["--layer-surface", "top", "--layer-exclusive-zone", "-1", "--layer-margin", "-8", "--layer-anchor", "none"])
        #expect(read?.exclusiveZone == -1)
        #expect(read?.margin == .init(top: -8, right: -8, bottom: -8, left: -8))
        #expect(read?.anchor == [])
    }

    @Test func theOutputIsANumberFromOneOrAName() throws {
        #expect(try options(["--layer-surface", "top", "--layer-output", "2"])?.output == .number(2))
        #expect(try options(["--layer-surface", "top", "--layer-output", "WL-2"])?.output == .name("WL-2"))
        #expect(try options(["--layer-surface", "top"])?.output == nil)
    }

    @Test(arguments: [
        (["--layer-output", "2"], "--layer-output needs --layer-surface LAYER"),
        (["--layer-surface", "top", "--layer-output", "0"], "--layer-output takes an output's name or a number from 1, found '0'"),
        (["--layer-surface", "top", "--layer-output", ""], "--layer-output takes an output's name or a number from 1, found ''"),
        (["--layer-keyboard", "exclusive"], "--layer-keyboard needs --layer-surface LAYER"),
        (["--layer-margin", "4"], "--layer-margin needs --layer-surface LAYER"),
        (["--layer-surface", "Top"], "--layer-surface must be one of background, bottom, top, overlay, found 'Top'"),
        (["--layer-surface", "top", "--layer-keyboard", "on_demand"],
         "--layer-keyboard must be one of none, exclusive, on-demand, found 'on_demand'"),
        (["--layer-surface", "top", "--layer-anchor", "top,middle"],
         "--layer-anchor takes top, bottom, left and right joined with commas, or none; found 'middle' in 'top,middle'"),
        (["--layer-surface", "top", "--layer-anchor", "left,left"], "--layer-anchor names left twice in 'left,left'"),
        (["--layer-surface", "top", "--layer-anchor", "top,"],
         "--layer-anchor takes top, bottom, left and right joined with commas, or none; found '' in 'top,'"),
        (["--layer-surface", "top", "--layer-size", "20x"], "--layer-size needs WIDTHxHEIGHT in logical pixels (0 to 16384), found '20x'"),
        (["--layer-surface", "top", "--layer-size", "16385x1"],
         "--layer-size needs WIDTHxHEIGHT in logical pixels (0 to 16384), found '16385x1'"),
        (["--layer-surface", "top", "--layer-exclusive-zone", "-2"],
         "--layer-exclusive-zone must be an integer from -1 to 16384, found '-2'"),
        (["--layer-surface", "top", "--layer-margin", "1,2,3"],
         "--layer-margin needs TOP,RIGHT,BOTTOM,LEFT or one number, each within ±16384 logical px, found '1,2,3'"),
        (["--layer-surface", "top", "--layer-size", "0x40", "--layer-anchor", "left"],
         "--layer-size 0x40: a layer surface 0 wide must be anchored to both left and right (--layer-anchor)"),
        (["--layer-surface", "top", "--layer-size", "40x0", "--layer-anchor", "top,left,right"],
         "--layer-size 40x0: a layer surface 0 high must be anchored to both top and bottom (--layer-anchor)"),
        (["--on-touch", "layer-popup"], "--on-touch layer-popup needs --layer-surface LAYER"),
    ])
    func badValuesAreRefusedInOneLine(arguments: [String], message: String) {
        #expect(runRefusal(arguments) == message)
    }
}
