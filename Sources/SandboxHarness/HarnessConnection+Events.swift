import CWayland
import CWaylandProtocols

// Listener structs are built once and live for the process: libwayland keeps the
// pointer. `nonisolated(unsafe)` is sound because a HarnessConnection dispatches
// only on the thread that calls it, and the structs are never mutated.

// MARK: - wl_registry

extension HarnessConnection {
    /// The gesture_harness_v1 version this client speaks.
    static let harnessVersion: UInt32 = 1

    nonisolated(unsafe) static let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
        let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_registry_listener(
            global: { data, _, name, interface, version in
                guard let data, let interface else { return }
                let connection = Unmanaged<HarnessConnection>.fromOpaque(data).takeUnretainedValue()
                connection.registryGlobal(name: name, interface: String(cString: interface), version: version)
            },
            global_remove: { _, _, _ in
                // The harness global lives as long as weston; nothing else is bound.
            }
        ))
        return listener
    }()

    func registryGlobal(name: UInt32, interface: String, version: UInt32) {
        guard interface == "gesture_harness_v1", harness == nil, let registry else { return }
        let bound = wl_registry_bind(registry, name, gs_gesture_harness_v1_interface(),
                                     min(version, HarnessConnection.harnessVersion))
        harness = OpaquePointer(bound)
        gesture_harness_v1_add_listener(harness, HarnessConnection.harnessListener,
                                        Unmanaged.passUnretained(self).toOpaque())
    }
}

// MARK: - gesture_harness_v1

extension HarnessConnection {
    nonisolated(unsafe) static let harnessListener: UnsafeMutablePointer<gesture_harness_v1_listener> = {
        let listener = UnsafeMutablePointer<gesture_harness_v1_listener>.allocate(capacity: 1)
        listener.initialize(to: gesture_harness_v1_listener(
            commit: { data, _, pid, seconds, nanoseconds in
                guard let data else { return }
                let connection = Unmanaged<HarnessConnection>.fromOpaque(data).takeUnretainedValue()
                connection.commits.append(HarnessCommit(pid: Int32(bitPattern: pid), seconds: seconds,
                                                        nanoseconds: nanoseconds))
            }
        ))
        return listener
    }()
}
