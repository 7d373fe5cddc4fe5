import Foundation

/// Sets the scale and rotation of mutter's one virtual monitor (org.gnome.Mutter.DisplayConfig): the
/// monitor is started at width × scale by height × scale pixels (sides swapped for a quarter turn)
/// and then given this scale and transform, so its logical size is what the run asked for and the
/// screen-cast stream has scale pixels per logical pixel.
enum MutterDisplayConfig {
    private static let service = "org.gnome.Mutter.DisplayConfig"
    private static let path = "/org/gnome/Mutter/DisplayConfig"
    /// ApplyMonitorsConfig's method 1: apply until mutter exits, write no monitors.xml.
    private static let temporary: UInt32 = 1

    /// Gives the first monitor `scale` (a fractional one only where mutter lists it among the mode's
    /// supported scales) and waits until mutter reports the new layout.
    static func apply(scale: Double, rotation: Int = 0, on bus: DBusConnection, timeout: Double) throws {
        // DisplayConfig's transforms: 0 normal, 1 90°, 2 180°, 3 270° (counter-clockwise in mutter's
        // meta_monitor_transform, as wl_output's), the same numbers wl_output.transform uses.
        guard let transform = [0: UInt32(0), 90: 1, 180: 2, 270: 3][rotation] else {
            throw DriverError("mutter rotates by 0, 90, 180 or 270 degrees, not \(rotation)")
        }
        let state = try bus.call(destination: service, path: path, interface: service, method: "GetCurrentState",
                                 timeout: timeout)
        guard state.count >= 2, let serial = state[0].uint32Value,
              case .structure(let monitor)? = state[1].arrayValue?.first, monitor.count >= 2,
              case .structure(let spec) = monitor[0], let connector = spec.first?.stringValue,
              let modes = monitor[1].arrayValue else {
            throw DriverError("mutter's DisplayConfig.GetCurrentState has no monitor: \(state.prefix(2))")
        }
        // A mode is (id, width, height, refresh, preferred scale, supported scales, properties).
        let current = modes.first { mode in
            guard case .structure(let fields) = mode, fields.count >= 7 else { return false }
            return fields[6].dictionaryValue?["is-current"] == .bool(true)
        }
        guard case .structure(let mode)? = current, let modeID = mode[0].stringValue,
              let supported = mode[5].arrayValue?.compactMap(\.doubleValue) else {
            throw DriverError("mutter's monitor \(connector) has no current mode")
        }
        // mutter lists fractional scales as the nearest value that gives whole logical pixels
        // (1.25 as 1.2500000, 1.5 as 1.5): compare to within a thousandth.
        guard let offered = supported.first(where: { abs($0 - scale) < 0.001 }) else {
            throw DriverError("mutter offers the scales \(supported.map { "\($0)" }.joined(separator: ", ")) for \(modeID), not \(scale)")
        }
        try bus.subscribe(interface: service, member: "MonitorsChanged", path: path)
        let logicalMonitor = DBusValue.structure([
            .int32(0), .int32(0), .double(offered), .uint32(transform), .bool(true),
            .array(elementSignature: "(ssa{sv})", [.structure([.string(connector), .string(modeID), .dictionary([:])])]),
        ])
        try bus.call(destination: service, path: path, interface: service, method: "ApplyMonitorsConfig", arguments: [
            .uint32(serial), .uint32(temporary), .array(elementSignature: "(iiduba(ssa{sv}))", [logicalMonitor]),
            .dictionary([:]),
        ], timeout: timeout)
        _ = try bus.waitForSignal(interface: service, member: "MonitorsChanged", path: path, timeout: timeout)
    }
}
