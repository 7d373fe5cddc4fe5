import Testing
import TouchStream
@testable import WaylandClient

// MARK: - Mouse emulation produces exact wl_touch-shaped records

@Suite struct PointerEmulationTests {
    private let id = PointerTouchEmulator.emulatedTouchID
    private let left = PointerTouchEmulator.fingerButton
    private let surface = "wl_surface@3"

    private func fixed(_ value: Double) -> WLFixed { WLFixed(value) }

    @Test func dragIsDownMotionUpEachFollowedByAFrame() {
        var emulator = PointerTouchEmulator()
        var records: [RawRecord] = []
        records += emulator.handle(.enter(surface: surface, x: fixed(10), y: fixed(20.5)))
        records += emulator.handle(.motion(time: 100, x: fixed(11.25), y: fixed(21)))
        records += emulator.handle(.button(serial: 7, time: 110, button: left, pressed: true))
        records += emulator.handle(.motion(time: 120, x: fixed(15.5), y: fixed(25.75)))
        records += emulator.handle(.button(serial: 8, time: 130, button: left, pressed: false))
        let expected: [RawEvent] = [
            .down(serial: 7, time: 110, surface: surface, id: id, x: fixed(11.25), y: fixed(21)), .frame,
            .motion(time: 120, id: id, x: fixed(15.5), y: fixed(25.75)), .frame,
            .up(serial: 8, time: 130, id: id), .frame,
        ]
        #expect(records.map(\.event) == expected)
        #expect(records.allSatisfy { $0.isEmulated })
        #expect(records.allSatisfy { $0.hiResTimeNanoseconds == nil })
    }

    @Test func hoverOtherButtonsAndStrayReleasesProduceNothing() {
        var emulator = PointerTouchEmulator()
        #expect(emulator.handle(.motion(time: 1, x: fixed(1), y: fixed(1))).isEmpty)
        #expect(emulator.handle(.button(serial: 1, time: 2, button: left, pressed: true)).isEmpty)
        #expect(emulator.handle(.enter(surface: surface, x: fixed(5), y: fixed(5))).isEmpty)
        #expect(emulator.handle(.button(serial: 2, time: 3, button: left, pressed: false)).isEmpty)
        let rightButton: UInt32 = 0x111
        #expect(emulator.handle(.button(serial: 3, time: 4, button: rightButton, pressed: true)).isEmpty)
        #expect(emulator.handle(.motion(time: 5, x: fixed(6), y: fixed(6))).isEmpty)
        #expect(emulator.state == .hovering(surface: surface, x: fixed(6), y: fixed(6)))
    }

    @Test func leavingMidDragLiftsTheFingerAtTheLastTime() {
        var emulator = PointerTouchEmulator()
        _ = emulator.handle(.enter(surface: surface, x: fixed(1), y: fixed(2)))
        _ = emulator.handle(.button(serial: 4, time: 50, button: left, pressed: true))
        _ = emulator.handle(.motion(time: 60, x: fixed(3), y: fixed(4)))
        let records = emulator.handle(.leave(serial: 9))
        #expect(records.map(\.event) == [.up(serial: 9, time: 60, id: id), .frame])
        #expect(emulator.state == .away)
        // The release after leaving belongs to nobody.
        #expect(emulator.handle(.button(serial: 10, time: 70, button: left, pressed: false)).isEmpty)
    }

    @Test func fixedCoordinatesKeepTheirRawBits() {
        var emulator = PointerTouchEmulator()
        let oddX = WLFixed(rawValue: -1), oddY = WLFixed(rawValue: 0x7fff_ffff)
        _ = emulator.handle(.enter(surface: nil, x: oddX, y: oddY))
        let records = emulator.handle(.button(serial: 1, time: 1, button: left, pressed: true))
        #expect(records.first?.event == .down(serial: 1, time: 1, surface: nil, id: id, x: oddX, y: oddY))
    }
}
