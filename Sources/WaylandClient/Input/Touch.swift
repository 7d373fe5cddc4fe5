import CWayland
import CWaylandProtocols
import TouchStream
import WaylandPlumbing

// MARK: - wl_touch

/// A wl_touch (and its zwp_input_timestamps_v1, when offered); its events go to a `TouchEvents`.
final class Touch {
    /// The wl_touch proxy.
    let proxy: OpaquePointer
    private let events: TouchEvents
    private var timestamps: OpaquePointer?

    /// Gets the wl_touch of `seat`.
    init(seat: OpaquePointer, sink: InputSink) {
        proxy = wl_seat_get_touch(seat)
        events = TouchEvents(sink: sink)
        wl_touch_add_listener(proxy, TouchEvents.listener, userData(events))
    }

    /// The wl_touch version (the seat's).
    var version: UInt32 { wl_proxy_get_version(proxy) }

    /// Subscribes to high-resolution timestamps for this wl_touch (once).
    func attachTimestamps(manager: OpaquePointer) {
        guard timestamps == nil, let object = zwp_input_timestamps_manager_v1_get_touch_timestamps(manager, proxy) else {
            return
        }
        timestamps = object
        zwp_input_timestamps_v1_add_listener(object, TouchEvents.timestampsListener, userData(events))
    }

    /// Releases (v3+) or destroys the wl_touch and its timestamps object.
    func release() {
        if let timestamps { zwp_input_timestamps_v1_destroy(timestamps) }
        timestamps = nil
        if version >= 3 { wl_touch_release(proxy) } else { wl_touch_destroy(proxy) }
    }
}

// MARK: - wl_touch events as records

/// Turns the seven wl_touch events into `RawRecord`s exactly as received: wl_fixed bits kept,
/// no buffering, no interpretation (frame assembly is TouchStream's job). A
/// zwp_input_timestamps_v1.timestamp applies to the next event that carries a time.
final class TouchEvents {
    private unowned let sink: InputSink
    /// The hi-res time waiting for the next down/up/motion.
    private(set) var pendingHiResTime: UInt64?

    /// Translates into `sink`.
    init(sink: InputSink) { self.sink = sink }

    /// Delivers an event that carries a wl_touch time, with the hi-res time that preceded it.
    private func deliverTimed(_ event: RawEvent) {
        let hiRes = pendingHiResTime
        pendingHiResTime = nil
        sink.deliver(RawRecord(event, hiResTimeNanoseconds: hiRes))
    }

    private func deliver(_ event: RawEvent) { sink.deliver(RawRecord(event)) }

    // MARK: - Listeners

    // The event loop is single-threaded: libwayland calls these only from dispatch on its thread.
    nonisolated(unsafe) static let listener = makeListener(wl_touch_listener(
        down: { data, _, serial, time, surface, id, x, y in
            owner(data, as: TouchEvents.self).deliverTimed(.down(serial: serial, time: time, surface: proxyName(surface),
                                                                 id: id, x: WLFixed(rawValue: x), y: WLFixed(rawValue: y)))
        },
        up: { data, _, serial, time, id in
            owner(data, as: TouchEvents.self).deliverTimed(.up(serial: serial, time: time, id: id))
        },
        motion: { data, _, time, id, x, y in
            owner(data, as: TouchEvents.self).deliverTimed(.motion(time: time, id: id, x: WLFixed(rawValue: x),
                                                                   y: WLFixed(rawValue: y)))
        },
        frame: { data, _ in owner(data, as: TouchEvents.self).deliver(.frame) },
        cancel: { data, _ in owner(data, as: TouchEvents.self).deliver(.cancel) },
        shape: { data, _, id, major, minor in
            owner(data, as: TouchEvents.self).deliver(.shape(id: id, major: WLFixed(rawValue: major),
                                                             minor: WLFixed(rawValue: minor)))
        },
        orientation: { data, _, id, orientation in
            owner(data, as: TouchEvents.self).deliver(.orientation(id: id, orientation: WLFixed(rawValue: orientation)))
        }))

    // The event loop is single-threaded: libwayland calls this only from dispatch on its thread.
    nonisolated(unsafe) static let timestampsListener = makeListener(zwp_input_timestamps_v1_listener(
        timestamp: { data, _, secondsHigh, secondsLow, nanoseconds in
            owner(data, as: TouchEvents.self).pendingHiResTime =
                InputTimestamp.nanoseconds(secondsHigh: secondsHigh, secondsLow: secondsLow, nanoseconds: nanoseconds)
        }))
}

// MARK: - zwp_input_timestamps_v1 arithmetic

/// The timestamp event's split seconds joined into nanoseconds.
enum InputTimestamp {
    /// Nanoseconds per second.
    static let nanosecondsPerSecond: UInt64 = 1_000_000_000

    /// (tv_sec_hi << 32 | tv_sec_lo) seconds plus `nanoseconds`, saturating instead of overflowing.
    static func nanoseconds(secondsHigh: UInt32, secondsLow: UInt32, nanoseconds: UInt32) -> UInt64 {
        let seconds = UInt64(secondsHigh) << 32 | UInt64(secondsLow)
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: nanosecondsPerSecond)
        let (total, overflow2) = scaled.addingReportingOverflow(UInt64(nanoseconds))
        return overflow || overflow2 ? .max : total
    }
}
