import CWayland

// MARK: - Listener storage and user data

/// Allocates a listener struct once for the life of the process: libwayland keeps the
/// pointer it is given, so the struct must never move or be freed.
public func makeListener<Listener>(_ listener: Listener) -> UnsafePointer<Listener> {
    let storage = UnsafeMutablePointer<Listener>.allocate(capacity: 1)
    storage.initialize(to: listener)
    return UnsafePointer(storage)
}

/// The user-data pointer handed to libwayland for `object`; not retained (the owner outlives its proxies).
public func userData(_ object: AnyObject) -> UnsafeMutableRawPointer {
    Unmanaged.passUnretained(object).toOpaque()
}

/// Recovers the object a listener was registered with.
public func owner<Owner: AnyObject>(_ data: UnsafeMutableRawPointer?, as _: Owner.Type = Owner.self) -> Owner {
    Unmanaged<Owner>.fromOpaque(data!).takeUnretainedValue()
}

/// The name a trace gives a Wayland object, "interface@id", e.g. "wl_surface@3".
public func proxyName(_ proxy: OpaquePointer?) -> String? {
    guard let proxy else { return nil }
    return "\(String(cString: wl_proxy_get_class(proxy)))@\(wl_proxy_get_id(proxy))"
}

/// A C string argument as a Swift string (nil stays nil).
public func swiftString(_ cString: UnsafePointer<CChar>?) -> String? {
    cString.map { String(cString: $0) }
}
