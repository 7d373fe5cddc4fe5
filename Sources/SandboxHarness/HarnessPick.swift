import CWaylandProtocols
import TouchStream
import WaylandPlumbing

/// The client view at a global point, as gesture_harness_pick_v1.picked reports it.
public struct PickResult: Hashable, Sendable {
    /// View position, global (output space).
    public var x: Int32
    /// View position, global.
    public var y: Int32
    /// Surface width (surface-local units).
    public var width: Int32
    /// Surface height.
    public var height: Int32
    /// The owning client's pid.
    public var pid: Int32

    /// Creates a pick result.
    public init(x: Int32, y: Int32, width: Int32, height: Int32, pid: Int32) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.pid = pid
    }
}

/// The state of the one pick a blocking connection can have in flight.
enum PickAnswer {
    case none
    case waiting
    case picked(PickResult)
    case nothing
}

// MARK: - gesture_harness_pick_v1

extension HarnessConnection {
    /// Seconds to wait for a pick answer before reporting the compositor as stuck.
    static let pickTimeout = 5.0

    /// The client view at global (x, y), or nil when no client surface is there.
    public func pick(x: Double, y: Double) throws -> PickResult? {
        guard let pickObject = gesture_harness_v1_pick(harness, WLFixed(x).rawValue, WLFixed(y).rawValue) else {
            throw HarnessError("pick(\(x), \(y)): could not create the request object")
        }
        defer { gesture_harness_pick_v1_destroy(pickObject) }
        pickAnswer = .waiting
        gesture_harness_pick_v1_add_listener(pickObject, HarnessConnection.pickListener, userData(self))
        let deadline = MonotonicClock.now() + HarnessConnection.pickTimeout
        while case .waiting = pickAnswer {
            let remaining = deadline - MonotonicClock.now()
            if remaining <= 0 {
                throw HarnessError("pick(\(x), \(y)): no answer within \(HarnessConnection.pickTimeout) s")
            }
            try dispatchOnce(timeout: remaining)
        }
        defer { pickAnswer = .none }
        if case .picked(let result) = pickAnswer { return result }
        return nil
    }

    /// How often `waitForView` asks again (seconds).
    static let viewPollInterval = 0.002

    /// Polls `pick(x:y:)` until it finds a view (of the client with `pid`, when given), up to
    /// `timeout` seconds; nil on timeout. A view enters weston's pick list only at the
    /// repaint after its mapping commit, so a touch sent right after that commit can miss it.
    public func waitForView(x: Double, y: Double, pid: Int32? = nil, timeout: Double) throws -> PickResult? {
        let deadline = MonotonicClock.now() + timeout
        while true {
            if let found = try pick(x: x, y: y), pid == nil || found.pid == pid { return found }
            if MonotonicClock.now() >= deadline { return nil }
            try dispatch(for: HarnessConnection.viewPollInterval)
        }
    }

    // A HarnessConnection dispatches only on the thread that calls it: libwayland calls these from there.
    nonisolated(unsafe) static let pickListener = makeListener(gesture_harness_pick_v1_listener(
        picked: { data, _, x, y, width, height, pid in
            owner(data, as: HarnessConnection.self).pickAnswer =
                .picked(PickResult(x: x, y: y, width: width, height: height, pid: Int32(bitPattern: pid)))
        },
        nothing: { data, _ in owner(data, as: HarnessConnection.self).pickAnswer = .nothing }))
}
