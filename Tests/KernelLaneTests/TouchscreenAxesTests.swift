import KernelLane
import Testing

/// Output pixels to device units and back, as libinput stretches each axis over the output.
@Suite struct TouchscreenAxesTests {
    @Test func aPixelBecomesTheNearestUnitAndLandsWhereThatUnitMaps() {
        let axes = TouchscreenAxes.standard
        // 300.5 × 4096 / 1280 = 961.6 → 962; 200.25 × 4096 / 800 = 1025.28 → 1025.
        #expect(axes.unitX(300.5) == 962)
        #expect(axes.unitY(200.25) == 1025)
        #expect(axes.pixelX(unit: 962) == 300.625)
        #expect(axes.pixelY(unit: 1025) == 200.1953125)
        let landing = axes.landing(x: 300.5, y: 200.25)
        #expect(landing.x == 300.625 && landing.y == 200.1953125)
    }

    @Test func theEdgesClampToTheAxisAndTheRangeCountsBothEnds() {
        let axes = TouchscreenAxes.standard
        #expect(axes.unitX(0) == 0)
        #expect(axes.unitX(-5) == 0)
        #expect(axes.unitX(1279.99) == 4095)
        #expect(axes.unitX(5000) == 4095)
        // The last unit is one unit short of the output's edge, not on it.
        #expect(axes.pixelX(unit: 4095) == 1280 - 1280.0 / 4096)
    }

    @Test func aCoarseAxisWithAnOffsetMinimumRoundsToItsOwnGrid() {
        let axes = TouchscreenAxes(minimum: 100, maximumX: 227, maximumY: 163, outputWidth: 1280, outputHeight: 800, slots: 2)
        // 128 units over 1280 px: 10 px each; 64 units over 800 px: 12.5 px each.
        #expect(axes.unitX(300.5) == 130)
        #expect(axes.pixelX(unit: 130) == 300)
        #expect(axes.unitY(200.25) == 116)
        #expect(axes.pixelY(unit: 116) == 200)
        #expect(axes.unitX(1279) == 227)
    }
}
