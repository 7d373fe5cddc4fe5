import CWaylandProtocols
import WaylandPlumbing

// MARK: - gesture_harness_v1

extension HarnessConnection {
    /// The gesture_harness_v1 version this client speaks.
    static let harnessVersion: UInt32 = 1

    /// A mapped client surface committed: recorded with the time the module stamped on it.
    private func committed(pid: UInt32, seconds: UInt32, nanoseconds: UInt32) {
        commits.append(HarnessCommit(pid: Int32(bitPattern: pid), seconds: seconds, nanoseconds: nanoseconds))
    }

    // A HarnessConnection dispatches only on the thread that calls it: libwayland calls this from there.
    nonisolated(unsafe) static let harnessListener = makeListener(gesture_harness_v1_listener(
        commit: { data, _, pid, seconds, nanoseconds in
            owner(data, as: HarnessConnection.self).committed(pid: pid, seconds: seconds, nanoseconds: nanoseconds)
        }))
}
