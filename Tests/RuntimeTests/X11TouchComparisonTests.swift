import Matrix
import Testing
import TouchStream

/// The X11 window's records against the wl_touch stream of the same touches: which observation
/// each difference gives. X11 values are those Xwayland sent under weston 10 (docs/x11-oracle.md);
/// times are ms since a machine's boot, as real servers send them.
@Suite struct X11TouchComparisonTests {
    private static let window = "x11-window@0x400000"
    private static let emulatingPointer: UInt32 = 0x2_0000
    private static let pointerEmulated: UInt32 = 0x1_0000

    private func wayland(_ text: String) throws -> [RawRecord] {
        try CompactTrace.parse(text, name: "wl").compactMap { if case .record(let record) = $0 { record } else { nil } }
    }

    /// An X11 event at window position (x, y) px, as Xwayland rounds it (1/65536 of the value lost).
    private func x11(_ kind: SurfaceEventKind, _ detail: UInt32, _ x: Double, _ y: Double, time: UInt32,
                     flags: UInt32 = 0x2_0000) -> SurfaceEvent {
        let fixed = { (value: Double) in Int32((value * 65536 * (1 - 1.0 / 65536)).rounded()) }
        return SurfaceEvent(kind, surface: Self.window, time: time, device: 2, detail: detail, flags: flags,
                            ex: fixed(x), ey: fixed(y), rx: fixed(x), ry: fixed(y))
    }

    private let tap = "down 0 200 150 t=30759933; frame; up 0 t=30759993; frame"

    @Test("the same tap, positions off by Xwayland's rounding only: nothing found")
    func sameTap() throws {
        let comparison = X11TouchComparison(wayland: try wayland(tap), x11: [
            x11(.x11Motion, 0, 200, 150, time: 30759933, flags: Self.pointerEmulated),
            x11(.x11TouchBegin, 2, 200, 150, time: 30759933), x11(.x11TouchEnd, 2, 200, 150, time: 30759993),
        ])
        #expect(comparison.observations.isEmpty, "\(comparison.lines)")
        #expect(comparison.signatures == ["touch 1: begin, 0 updates, end", "pointer events: 1, not marked emulated: 0"])
    }

    @Test("only pointer events: M15; nothing at all: M16")
    func pointerOnlyAndNothing() throws {
        let pointerOnly = X11TouchComparison(wayland: try wayland(tap), x11: [
            x11(.x11ButtonPress, 1, 200, 150, time: 30759933, flags: Self.pointerEmulated),
            x11(.x11ButtonRelease, 1, 200, 150, time: 30759993, flags: Self.pointerEmulated),
        ])
        #expect(pointerOnly.observations == [.x11PointerOnly])
        #expect(X11TouchComparison(wayland: try wayland(tap), x11: []).observations == [.x11NothingArrived])
        // No wl_touch touch: nothing to compare, nothing found.
        #expect(X11TouchComparison(wayland: [], x11: []).observations.isEmpty)
    }

    @Test("a touch that never ends, or a missing update: M17")
    func touchesDiffer() throws {
        let noEnd = X11TouchComparison(wayland: try wayland(tap), x11: [x11(.x11TouchBegin, 2, 200, 150, time: 30759933)])
        #expect(noEnd.observations == [.x11TouchesDiffer])
        let drag = "down 0 200 150 t=4294967200; frame; motion 0 215 160 t=4294967216; frame; motion 0 230 170 t=4; frame; up 0 t=20; frame"
        let missing = X11TouchComparison(wayland: try wayland(drag), x11: [
            x11(.x11TouchBegin, 5, 200, 150, time: 4294967200), x11(.x11TouchUpdate, 5, 230, 170, time: 4),
            x11(.x11TouchEnd, 5, 230, 170, time: 20),
        ])
        // The second X11 event is the third wl_touch one: counted as a difference, and its position too.
        #expect(missing.observations == [.x11TouchesDiffer, .x11PositionOff])
        #expect(missing.lines.first == "touch 1 (wl_touch id 0, X11 touch 5): wl_touch down + 2 motions, end; X11 begin + 1 updates, end")
    }

    @Test("a title bar's height between the positions: M18, with both positions in the line")
    func positionOff() throws {
        let comparison = X11TouchComparison(wayland: try wayland(tap), x11: [
            x11(.x11TouchBegin, 2, 200, 187, time: 30759933), x11(.x11TouchEnd, 2, 200, 187, time: 30759993),
        ])
        #expect(comparison.observations == [.x11PositionOff])
        #expect(comparison.lines == ["touch 1 (wl_touch id 0, X11 touch 2), event 1: wl_touch 200.00000,150.00000; X11 199.99695,186.99715"])
        #expect(X11TouchComparison.tolerance(at: 200) < 0.01 && X11TouchComparison.tolerance(at: 200) > 200.0 / 65536)
    }

    @Test("an unmarked pointer motion while the finger is down: M19; one before the touch is not the touch's")
    func doubleDelivery() throws {
        let entering = x11(.x11Motion, 0, 100, 100, time: 30759438, flags: 0)
        let before = X11TouchComparison(wayland: try wayland(tap), x11: [
            entering, x11(.x11TouchBegin, 2, 200, 150, time: 30759933), x11(.x11TouchEnd, 2, 200, 150, time: 30759993),
        ])
        #expect(before.observations.isEmpty)
        let during = X11TouchComparison(wayland: try wayland(tap), x11: [
            x11(.x11TouchBegin, 2, 200, 150, time: 30759933), x11(.x11CoreMotion, 0, 200, 150, time: 30759933, flags: 0),
            x11(.x11TouchEnd, 2, 200, 150, time: 30759993),
        ])
        #expect(during.observations == [.x11DoubleDelivery])
    }

    @Test("X pixels twice the logical ones (mutter 43 at scale 2): M18, and the measured scale in the first line and the signature")
    func scaledXPixels() throws {
        let comparison = X11TouchComparison(wayland: try wayland(tap), x11: [
            x11(.x11TouchBegin, 3, 400, 300, time: 31202412), x11(.x11TouchEnd, 3, 400, 300, time: 31202463),
        ], scale: (2, 2))
        #expect(comparison.observations == [.x11PositionOff])
        #expect(comparison.lines.first == "the X11 window has 2.00000×2.00000 X pixels per logical pixel (calibration taps)")
        #expect(comparison.signatures.last == "X pixels per logical pixel: 2.00000×2.00000")
    }
}
