import CWayland
import Testing
@testable import WaylandClient

/// The client's own size choice under xdg_toplevel.configure_bounds, and wm_capabilities decoding.
@Suite struct WindowSizingTests {
    private let preferred = WaylandApp.defaultLogicalSize

    @Test func kwinBoundsShrinkTheHeightByItsTitleBar() {
        // KWin 5.27 at 1280×720 sends configure_bounds(1280, 683).
        let size = WindowSizing.chosenSize(preferred: preferred, bounds: LogicalSize(width: 1280, height: 683))
        #expect(size == LogicalSize(width: 1280, height: 683))
    }

    @Test func boundsLargerThanTheDefaultChangeNothing() {
        #expect(WindowSizing.chosenSize(preferred: preferred, bounds: LogicalSize(width: 2560, height: 1400)) == preferred)
    }

    @Test func noBoundsOrZeroBoundsKeepTheDefault() {
        #expect(WindowSizing.chosenSize(preferred: preferred, bounds: nil) == preferred)
        #expect(WindowSizing.chosenSize(preferred: preferred, bounds: LogicalSize(width: 0, height: 0)) == preferred)
    }

    @Test func wmCapabilitiesFromEnumValues() {
        #expect(WMCapabilities(values: [3]) == .fullscreen)
        #expect(WMCapabilities(values: [1, 2, 4]) == [.windowMenu, .maximize, .minimize])
        // Values this client does not know are ignored, not shifted into other bits.
        #expect(WMCapabilities(values: [0, 5, 99]) == [])
    }

    @Test func wmCapabilitiesFromAWlArray() {
        var values: [UInt32] = [2, 3]
        values.withUnsafeMutableBytes { bytes in
            var array = wl_array(size: bytes.count, alloc: bytes.count, data: bytes.baseAddress)
            #expect(WMCapabilities(&array) == [.maximize, .fullscreen])
        }
    }
}
