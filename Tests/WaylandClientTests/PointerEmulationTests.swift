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
        #expect(emulator.state == .hovering(surface: surface, at: .init(x: fixed(6), y: fixed(6))))
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

    // MARK: - Alt: a second finger

    private let second = PointerTouchEmulator.secondTouchID
    private var centre: PointerTouchEmulator.Position { .init(x: fixed(100), y: fixed(50)) }

    @Test func altMirrorsASecondFingerAroundTheCentre() {
        var emulator = PointerTouchEmulator()
        _ = emulator.handle(.enter(surface: surface, x: fixed(120), y: fixed(60.5)))
        var records = emulator.handle(.button(serial: 5, time: 10, button: left, pressed: true,
                                              modifiers: [.alt], centre: centre))
        records += emulator.handle(.motion(time: 20, x: fixed(130), y: fixed(50)))
        records += emulator.handle(.button(serial: 6, time: 30, button: left, pressed: false, modifiers: []))
        let expected: [RawEvent] = [
            .down(serial: 5, time: 10, surface: surface, id: id, x: fixed(120), y: fixed(60.5)),
            .down(serial: 5, time: 10, surface: surface, id: second, x: fixed(80), y: fixed(39.5)),
            .frame,
            .motion(time: 20, id: id, x: fixed(130), y: fixed(50)),
            .motion(time: 20, id: second, x: fixed(70), y: fixed(50)),
            .frame,
            .up(serial: 6, time: 30, id: id), .up(serial: 6, time: 30, id: second), .frame,
        ]
        #expect(records.map(\.event) == expected)
        #expect(records.allSatisfy { $0.isEmulated })
    }

    @Test func altShiftMovesBothFingersTogether() {
        var emulator = PointerTouchEmulator()
        _ = emulator.handle(.enter(surface: surface, x: fixed(110), y: fixed(50)))
        let down = emulator.handle(.button(serial: 1, time: 1, button: left, pressed: true,
                                           modifiers: [.alt, .shift], centre: centre))
        let moved = emulator.handle(.motion(time: 2, x: fixed(115), y: fixed(47.25)))
        #expect(down.map(\.event)[1] == .down(serial: 1, time: 1, surface: surface, id: second, x: fixed(90), y: fixed(50)))
        #expect(moved.map(\.event) == [.motion(time: 2, id: id, x: fixed(115), y: fixed(47.25)),
                                       .motion(time: 2, id: second, x: fixed(95), y: fixed(47.25)), .frame])
    }

    @Test func modifiersCountOnlyAtThePress() {
        var emulator = PointerTouchEmulator()
        _ = emulator.handle(.enter(surface: surface, x: fixed(1), y: fixed(1)))
        _ = emulator.handle(.button(serial: 1, time: 1, button: left, pressed: true, modifiers: [], centre: centre))
        let moved = emulator.handle(.motion(time: 2, x: fixed(2), y: fixed(2)))
        #expect(moved.map(\.event) == [.motion(time: 2, id: id, x: fixed(2), y: fixed(2)), .frame])
        let leave = emulator.handle(.leave(serial: 3))
        #expect(leave.map(\.event) == [.up(serial: 3, time: 2, id: id), .frame])
    }
}
