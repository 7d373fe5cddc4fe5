@testable import CompositorDrivers
import Foundation
import SandboxHarness
import Testing

/// The waits for a client's window read its WAYLAND_DEBUG=client log while the client writes it:
/// followed through a real file written a few bytes at a time (lines cut anywhere), each scan
/// tells what the whole log up to the last complete line says.
struct ClientLogScanTests {
    /// Lines of our client's log under GNOME Shell (libdecor decorations), in their order, with the
    /// wl_touch and buffer traffic between them left out.
    static let mapLog = """
        [ 450301.651]  -> wl_display@1.get_registry(new id wl_registry@2)
        [ 450301.727]  -> wl_display@1.sync(new id wl_callback@3)
        [ 450369.741] wl_callback@3.done(6)
        [ 450372.118] wl_seat@11.capabilities(7)
        [ 450372.273]  -> wl_surface@3.commit()
        [ 450379.244] xdg_toplevel@19.configure(0, 0, array[0])
        [ 450379.349] xdg_surface@18.configure(5)
        [ 450379.355]  -> xdg_surface@18.ack_configure(5)
        [ 450420.138] wl_callback@23.done(6)
        [ 450428.215] xdg_surface@19.configure(6)
        [ 450442.474]  -> wl_surface@28.attach(wl_buffer@35, 0, 0)
        [ 450442.501]  -> wl_surface@28.commit()
        [ 450479.538]  -> xdg_surface@19.ack_configure(6)
        [ 450535.396]  -> wl_surface@20.attach(wl_buffer@49, 0, 0)
        [ 450535.406]  -> wl_surface@20.frame(new id wl_callback@50)
        [ 450535.429]  -> wl_surface@20.commit()
        [ 450600.321] wl_display@1.delete_id(50)
        [ 450600.371] xdg_surface@19.configure(7)
        [ 450601.470]  -> xdg_surface@19.ack_configure(7)
        [ 450601.961] wl_callback@50.done(82112992)

        """

    /// A log file that grows while a follower reads it.
    private final class GrowingLog {
        let path = NSTemporaryDirectory() + "gesture-client-log-\(UUID().uuidString).log"
        private let descriptor: Int32

        init() {
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        }

        deinit {
            close(descriptor)
            unlink(path)
        }

        func append(_ bytes: ArraySlice<UInt8>) {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            #expect(written == bytes.count)
        }
    }

    /// Writes `log` `piece` bytes at a time; after each piece, what `scan` made of the lines completed so far.
    private func follow<Scan: LogScan, Value>(_ log: String, piece: Int, scan: Scan,
                                              _ read: (Scan) -> Value) -> [(lines: Int, value: Value)] {
        let file = GrowingLog()
        let follower = LogFollower(path: file.path, scan: scan)
        let bytes = Array(log.utf8)
        var seen: [(lines: Int, value: Value)] = []
        for start in stride(from: 0, to: bytes.count, by: piece) {
            let end = min(start + piece, bytes.count)
            file.append(bytes[start..<end])
            seen.append((bytes[..<end].count(where: { $0 == UInt8(ascii: "\n") }), read(follower.refresh())))
        }
        return seen
    }

    /// The value read once the first `lines` lines were complete (the last refresh that saw that many).
    private func value<Value>(after lines: Int, in seen: [(lines: Int, value: Value)]) -> Value? {
        seen.last { $0.lines == lines }?.value
    }

    @Test("mapped: not yet until a buffer is committed after the first ack, committed until a frame callback asked for since is done")
    func mapState() {
        for piece in [1, 7, 64, 4096] {
            let seen = follow(Self.mapLog, piece: piece, scan: ClientMapScan()) { $0.state }
            #expect(seen.last?.value == .drawn)
            for (lines, state) in seen {
                // A commit and a callback's done before the first ack_configure count for nothing; the
                // attach (line 11) and commit (line 12) after it do; wl_callback@50, asked for on line
                // 15, is done on line 20.
                let expected: ClientMapScan.State = lines < 12 ? .notYet : lines < 20 ? .committed : .drawn
                #expect(state == expected, "\(piece) bytes at a time, \(lines) lines")
            }
        }
    }

    @Test("configures: each xdg_surface.configure the client was sent, not xdg_toplevel's nor the acks")
    func configureCount() {
        let seen = follow(Self.mapLog, piece: 5, scan: ClientMapScan()) { $0.configures }
        #expect(value(after: 6, in: seen) == 0)
        #expect(value(after: 7, in: seen) == 1)
        #expect(value(after: 10, in: seen) == 2)
        #expect(value(after: 20, in: seen) == 3)
    }

    @Test("a callback done that the window did not ask for after the ack does not make it drawn")
    func unrelatedCallback() {
        let log = Self.mapLog.replacingOccurrences(of: "wl_callback@50.done(", with: "wl_callback@150.done(")
        let seen = follow(log, piece: 13, scan: ClientMapScan()) { $0.state }
        #expect(value(after: 20, in: seen) == .committed)
    }

    @Test("touch: the last wl_seat.capabilities decides (mutter adds touch at the first injected touch)")
    func seatTouch() {
        let log = """
            [ 100372.118] wl_seat@11.capabilities(3)
            [ 100372.190]  -> wl_seat@11.get_pointer(new id wl_pointer@14)
            [ 100380.001] wl_seat@11.capabilities(7)
            [ 100390.001] wl_seat@11.capabilities(3)

            """
        let seen = follow(log, piece: 3, scan: SeatTouchScan()) { $0.hasTouch }
        #expect(value(after: 1, in: seen) == false)
        #expect(value(after: 2, in: seen) == false)
        #expect(value(after: 3, in: seen) == true)
        #expect(value(after: 4, in: seen) == false)
    }

    /// Pointer events of our client's log under Mir and mutter, with a frame and a request between.
    static let pointerLog = """
        [ 490322.542] wl_pointer@19.enter(7, wl_surface@3, 98.00000000, 75.00000000)
        [ 490322.560] wl_pointer@19.frame()
        [ 490350.100]  -> wl_pointer@19.set_cursor(7, nil, 0, 0)
        [ 490400.123] wl_pointer@19.motion(12345, 99.00000000, 75.00000000)
        [ 490600.903] wl_pointer@19.leave(8, wl_surface@3)
        [ 490610.211] wl_pointer@19.motion(12400, 5.00000000, 6.00000000)
        [ 490700.001] wl_pointer@19.enter(9, wl_surface@7, 3.50000000, 4.25000000)

        """

    @Test("pointer probe: every enter and motion position, in order")
    func probePositions() {
        let seen = follow(Self.pointerLog, piece: 11, scan: PointerProbe.Positions()) { $0.all.map { [$0.x, $0.y] } }
        #expect(value(after: 3, in: seen) == [[98, 75]])
        #expect(value(after: 7, in: seen) == [[98, 75], [99, 75], [5, 6], [3.5, 4.25]])
    }

    @Test("window probe: positions with the surface entered; a motion after leave has none")
    func surfacePositions() {
        let seen = follow(Self.pointerLog, piece: 2, scan: ClientDebugLog.PointerPositions()) {
            $0.all.map { "\($0.surface) \($0.x) \($0.y)" }
        }
        #expect(value(after: 4, in: seen) == ["wl_surface@3 98.0 75.0", "wl_surface@3 99.0 75.0"])
        #expect(value(after: 7, in: seen) == ["wl_surface@3 98.0 75.0", "wl_surface@3 99.0 75.0", "wl_surface@7 3.5 4.25"])
    }
}
