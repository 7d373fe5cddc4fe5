import SandboxHarness
import TouchStream

// MARK: - Sessions whose input and screenshots go through the harness weston

/// A session whose compositor runs as a client of the harness weston (the nested wlroots
/// compositors, Mir, Enlightenment): touch, keys and pointer go into weston through `input`, and
/// a screenshot is weston's, since the compositor inside fills weston's output. Each first checks
/// that the session is still live, so a compositor that exited is reported with its log.
protocol HarnessInputSession: CompositorSession {
    /// The parent compositor.
    var weston: WestonInstance { get }
    /// What sends input into `weston`.
    var input: HarnessInput { get }
    /// Throws when the session was stopped or its compositor exited.
    func live() throws
}

extension HarnessInputSession {
    @discardableResult
    public func inject(_ items: [ScriptItem]) throws -> [ScriptItem] {
        try live()
        return try input.inject(items, capabilities: capabilities)
    }

    public func key(_ code: UInt32, pressed: Bool) throws {
        try live()
        try input.key(code, pressed: pressed)
    }

    public func pointerMotion(x: Double, y: Double) throws {
        try live()
        try input.pointerMotion(x: x, y: y)
    }

    public func pointerButton(_ code: UInt32, pressed: Bool) throws {
        try live()
        try input.pointerButton(code, pressed: pressed)
    }

    public func screenshot(to path: String) throws {
        try live()
        try FileTransfer.move(try weston.screenshot(in: weston.runtimeDirectory), to: path)
    }
}
