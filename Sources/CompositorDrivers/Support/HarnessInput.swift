import SandboxHarness
import TouchStream

// MARK: - Input through the harness weston to the compositor running inside it

/// Touch, keys and pointer for a compositor that runs as a client of the harness weston (the
/// nested wlroots compositors, Mir, Enlightenment): sent into weston, which passes them on.
final class HarnessInput {
    let harness: HarnessConnection
    /// Touch ids down in weston now: a frame with none is one weston would drop.
    private var activeTouches = Set<Int32>()

    init(_ harness: HarnessConnection) { self.harness = harness }

    /// Injects `items` (what `capabilities` cannot send comes back) and waits for weston to take them.
    func inject(_ items: [ScriptItem], capabilities: InjectionCapabilities) throws -> [ScriptItem] {
        let skipped = try ScriptInjection.run(items, capabilities: capabilities,
                                              sleep: { try harness.dispatch(for: $0) }, send: { try send($0) })
        try harness.roundtrip()
        return skipped
    }

    /// Forgets the touches down (the compositor inside was started again).
    func reset() { activeTouches.removeAll() }

    /// Sends one event through weston. A frame with no touch down would be dropped by weston
    /// (its grab has cleared the focus), so it goes to the compositor inside directly.
    private func send(_ event: RawEvent) throws {
        switch event {
        case .down(_, _, _, let id, _, _): activeTouches.insert(id)
        case .up(_, _, let id): activeTouches.remove(id)
        case .cancel: activeTouches.removeAll()
        case .frame where activeTouches.isEmpty:
            try harness.clientFrame()
            return
        default: break
        }
        try harness.sendInScript(event)
    }

    func key(_ code: UInt32, pressed: Bool) throws {
        try harness.key(code, pressed: pressed)
        try harness.roundtrip()
    }

    func pointerMotion(x: Double, y: Double) throws {
        try harness.pointerMotion(x: x, y: y)
        try harness.roundtrip()
    }

    func pointerButton(_ code: UInt32, pressed: Bool) throws {
        try harness.pointerButton(code, pressed: pressed)
        try harness.roundtrip()
    }
}
