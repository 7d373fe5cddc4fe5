import CWayland
import TouchStream
import CWaylandProtocols
import WaylandPlumbing

// MARK: - Capabilities

/// The device kinds a seat offers (wl_seat.capability).
public struct SeatCapabilities: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    /// Wraps the wl_seat.capability bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let pointer = SeatCapabilities(rawValue: 1)
    public static let keyboard = SeatCapabilities(rawValue: 2)
    public static let touch = SeatCapabilities(rawValue: 4)

    /// Names for the environment snapshot, in protocol order.
    public var names: [String] {
        [(Self.pointer, "pointer"), (.keyboard, "keyboard"), (.touch, "touch")].filter { contains($0.0) }.map(\.1)
    }

    /// What turned on and what turned off going from `self` to `new`: devices are acquired and
    /// released only on these edges, never again for a repeated announcement.
    func edges(to new: SeatCapabilities) -> (added: SeatCapabilities, removed: SeatCapabilities) {
        (new.subtracting(self), subtracting(new))
    }
}

// MARK: - wl_seat

/// One bound wl_seat and the touch, pointer and keyboard objects its capabilities allow.
final class Seat {
    /// The wl_seat proxy.
    let proxy: OpaquePointer
    /// The registry name.
    let globalName: UInt32
    /// wl_seat.name (v2), e.g. "default".
    private(set) var name: String?
    private(set) var capabilities: SeatCapabilities = []
    /// Whether wl_seat.capabilities has arrived yet (the first report is always recorded).
    private var hasReportedCapabilities = false
    private(set) var touch: Touch?
    private(set) var pointer: Pointer?
    private(set) var keyboard: Keyboard?
    private unowned let sink: InputSink
    private let timestampsManager: () -> OpaquePointer?
    /// `run --pointer-only`: wl_touch is never bound and the pointer records what it receives.
    private let pointerOnly: Bool

    /// Takes ownership of a bound wl_seat; devices appear when capabilities arrive.
    init(proxy: OpaquePointer, globalName: UInt32, sink: InputSink, pointerOnly: Bool = false,
         timestampsManager: @escaping () -> OpaquePointer?) {
        self.proxy = proxy
        self.globalName = globalName
        self.sink = sink
        self.pointerOnly = pointerOnly
        self.timestampsManager = timestampsManager
        wl_seat_add_listener(proxy, Seat.listener, userData(self))
    }

    /// The bound version (shared by its wl_touch, wl_pointer and wl_keyboard).
    var version: UInt32 { wl_proxy_get_version(proxy) }

    /// Releases the devices and the seat.
    func destroy() {
        apply(capabilities: [], recorded: false)
        if version >= 5 { wl_seat_release(proxy) } else { wl_seat_destroy(proxy) }
    }

    /// Subscribes the existing touch to hi-res timestamps once the manager is bound.
    func timestampsManagerAppeared(_ manager: OpaquePointer) {
        touch?.attachTimestamps(manager: manager)
    }

    /// The snapshot of this seat for `ClientEnvironment`.
    var info: ClientEnvironment.SeatInfo {
        .init(name: name, version: version, capabilities: capabilities.names, touchVersion: touch?.version)
    }

    /// Creates and releases devices on capability edges; `recorded` sends the touch bit as a
    /// capabilities record at the first report and at each touch edge (R13/R14 in the checker).
    private func apply(capabilities new: SeatCapabilities, recorded: Bool = true) {
        let (added, removed) = capabilities.edges(to: new)
        capabilities = new
        if recorded, !hasReportedCapabilities || added.contains(.touch) || removed.contains(.touch) {
            sink.deliver(RawRecord(.capabilities(touch: new.contains(.touch))))
        }
        hasReportedCapabilities = true
        if removed.contains(.touch) { touch?.release(); touch = nil }
        if removed.contains(.pointer) { pointer?.release(); pointer = nil }
        if removed.contains(.keyboard) { keyboard?.release(); keyboard = nil }
        // A client that never binds wl_touch is what makes a compositor emulate a pointer from touch.
        if added.contains(.touch), !pointerOnly {
            let touch = Touch(seat: proxy, sink: sink)
            if let manager = timestampsManager() { touch.attachTimestamps(manager: manager) }
            self.touch = touch
        }
        if added.contains(.pointer) {
            pointer = Pointer(seat: proxy, sink: sink, records: pointerOnly) { [unowned self] in keyboard?.modifiers ?? [] }
        }
        if added.contains(.keyboard) { keyboard = Keyboard(seat: proxy, sink: sink) }
    }

    // MARK: - Listener

    // The event loop is single-threaded: libwayland calls these only from dispatch on its thread.
    nonisolated(unsafe) private static let listener = makeListener(wl_seat_listener(
        capabilities: { data, _, bits in
            owner(data, as: Seat.self).apply(capabilities: SeatCapabilities(rawValue: bits))
        },
        name: { data, _, name in owner(data, as: Seat.self).name = swiftString(name) }))
}
