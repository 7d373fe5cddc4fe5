import CWayland

// MARK: - wl_registry: the globals on offer and binding them

/// A registry global: its name, interface and version.
public struct WaylandGlobal: Hashable, Sendable, Codable {
    /// The compositor's numeric name for it.
    public var name: UInt32
    /// The interface, e.g. "wl_seat".
    public var interface: String
    /// The version offered (or, in `WaylandRegistry.bound`, bound).
    public var version: UInt32

    /// Creates a global record.
    public init(name: UInt32, interface: String, version: UInt32) {
        self.name = name
        self.interface = interface
        self.version = version
    }
}

/// A wl_registry that records every global as it is advertised and binds at the version both sides speak.
///
/// Globals arrive on the next dispatch after `init`. A client that binds on sight does so from
/// `onGlobal`; a client that only needs a few singletons roundtrips once and calls `bind(_:as:version:)`
/// by interface name. Call `destroy()` after the bound objects and before the connection goes.
public final class WaylandRegistry {
    /// The wl_registry proxy.
    public let proxy: OpaquePointer
    /// Every global advertised and not removed, in advertisement order.
    public private(set) var globals: [WaylandGlobal] = []
    /// The globals bound, with the version bound.
    public private(set) var bound: [WaylandGlobal] = []
    /// Called with each global just after it is recorded.
    public var onGlobal: (WaylandGlobal) -> Void = { _ in }
    /// Called with a removed global's name just after it is forgotten.
    public var onGlobalRemoved: (UInt32) -> Void = { _ in }

    /// Requests the registry of `display`.
    public init(display: OpaquePointer) {
        proxy = wl_display_get_registry(display)
        wl_registry_add_listener(proxy, WaylandRegistry.listener, userData(self))
    }

    /// Destroys the wl_registry (the objects bound from it stay).
    public func destroy() { wl_registry_destroy(proxy) }

    /// Binds `global` as `type` at min(offered, `supported`): a client must not bind a version it
    /// does not implement, nor one the compositor does not offer.
    public func bind(_ global: WaylandGlobal, as type: UnsafePointer<wl_interface>, version supported: UInt32)
        -> OpaquePointer
    {
        let version = min(global.version, supported)
        bound.append(WaylandGlobal(name: global.name, interface: global.interface, version: version))
        return OpaquePointer(wl_registry_bind(proxy, global.name, type, version)!)
    }

    /// Binds the first advertised global of `interface` as `type` (see `bind(_:as:version:)`); nil when none is.
    public func bind(_ interface: String, as type: UnsafePointer<wl_interface>, version supported: UInt32)
        -> OpaquePointer?
    {
        globals.first { $0.interface == interface }.map { bind($0, as: type, version: supported) }
    }

    // MARK: - Events

    private func added(name: UInt32, interface: String, version: UInt32) {
        let global = WaylandGlobal(name: name, interface: interface, version: version)
        globals.append(global)
        onGlobal(global)
    }

    private func removed(name: UInt32) {
        globals.removeAll { $0.name == name }
        bound.removeAll { $0.name == name }
        onGlobalRemoved(name)
    }

    // The connection is single-threaded: libwayland calls these only from dispatch on its thread.
    nonisolated(unsafe) private static let listener = makeListener(wl_registry_listener(
        global: { data, _, name, interface, version in
            owner(data, as: WaylandRegistry.self).added(name: name, interface: swiftString(interface) ?? "",
                                                        version: version)
        },
        global_remove: { data, _, name in
            owner(data, as: WaylandRegistry.self).removed(name: name)
        }))
}
