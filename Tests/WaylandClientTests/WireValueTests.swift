import Testing
import TouchKit
import TouchStream
@testable import WaylandClient

// MARK: - Protocol values turned into ours

@Suite struct WireValueTests {
    @Test func capabilityChangesAreEdges() {
        let before: SeatCapabilities = [.pointer, .keyboard]
        let (added, removed) = before.edges(to: [.pointer, .touch])
        #expect(added == .touch && removed == .keyboard)
        let repeated = before.edges(to: before)
        #expect(repeated.added.isEmpty && repeated.removed.isEmpty)
        #expect(SeatCapabilities(rawValue: 7).names == ["pointer", "keyboard", "touch"])
    }

    @Test func inputTimestampsJoinSecondsAndNanoseconds() {
        #expect(InputTimestamp.nanoseconds(secondsHigh: 0, secondsLow: 12, nanoseconds: 345) == 12_000_000_345)
        #expect(InputTimestamp.nanoseconds(secondsHigh: 1, secondsLow: 0, nanoseconds: 0) == 4_294_967_296_000_000_000)
        #expect(InputTimestamp.nanoseconds(secondsHigh: .max, secondsLow: .max, nanoseconds: 0) == .max)
    }

    @Test func outputTransformsUseWaylandXMLNames() {
        #expect((0...7).map(OutputInfo.transformName) ==
                ["normal", "90", "180", "270", "flipped", "flipped-90", "flipped-180", "flipped-270"])
        #expect(OutputInfo.transformName(9) == "unknown(9)")
    }

    @Test func damageIsClampedToTheBuffer() {
        let size = PixelSize(width: 100, height: 50)
        #expect(PixelRect(x: -10, y: 40, width: 30, height: 30).clamped(to: size) == PixelRect(x: 0, y: 40, width: 20, height: 10))
        #expect(PixelRect(x: 120, y: 0, width: 5, height: 5).clamped(to: size).isEmpty)
    }

    @Test func errorsAreOneLine() {
        let errors: [WaylandError] = [
            .connection(.protocolError(interface: "xdg_surface", objectID: 12, code: 3)),
            .connection(.disconnected(operation: "read", errno: 32)),
            .missingGlobal(interface: "wl_compositor", minimumVersion: 4),
        ]
        #expect(errors.map(\.description) == [
            "Wayland protocol error on xdg_surface@12: code 3",
            "Wayland connection lost during read: Broken pipe",
            "the compositor does not offer wl_compositor version 4 or later",
        ])
    }
}
