import TouchKit

// MARK: - Input builders

/// A finger going down at (x, y) in window coordinates.
func down(_ id: Int32, _ x: Double, _ y: Double) -> TouchInput {
    TouchInput(id: id, phase: .began, location: Point(x: x, y: y))
}

/// A finger moving to (x, y).
func move(_ id: Int32, _ x: Double, _ y: Double) -> TouchInput {
    TouchInput(id: id, phase: .moved, location: Point(x: x, y: y))
}

/// A finger lifting at (x, y).
func up(_ id: Int32, _ x: Double, _ y: Double) -> TouchInput {
    TouchInput(id: id, phase: .ended, location: Point(x: x, y: y))
}

/// A touch cancelled at (x, y).
func cancel(_ id: Int32, _ x: Double, _ y: Double) -> TouchInput {
    TouchInput(id: id, phase: .cancelled, location: Point(x: x, y: y))
}

// MARK: - Rig

/// An application with one 320×480 window, a virtual clock and a deliveries log.
final class Rig {
    let clock = VirtualClock()
    let recorder = DeliveryRecorder()
    let app: Application
    let window: Window

    init(profile: ThresholdProfile = .uikit, window: Window? = nil, app: Application? = nil) {
        self.app = app ?? Application(clock: clock, profile: profile, recorder: recorder, name: "app")
        self.app.recorder = recorder
        self.window = window ?? Window(frame: Rect(x: 0, y: 0, width: 320, height: 480), name: "window")
        self.app.addWindow(self.window)
    }

    /// Adds a named view with `frame` to `parent` (the window by default).
    @discardableResult
    func addView(_ name: String, _ frame: Rect, to parent: View? = nil) -> View {
        let view = View(frame: frame, name: name)
        (parent ?? window).addSubview(view)
        return view
    }

    /// Sends one frame with one pass at `t` seconds.
    @discardableResult
    func send(at t: Double, _ inputs: TouchInput...) -> [InputIssue] {
        clock.advance(to: t)
        return app.handle(InputFrame(timestamp: t, passes: [inputs]))
    }

    /// Log lines since the last call, in the compact form `describe` gives.
    func takeLog() -> [String] {
        defer { recorder.removeAll() }
        return recorder.entries.map(describe)
    }
}

// MARK: - Compact log lines

/// "A touchesBegan 0@(10,20)" for calls, "withheld 1 A exclusiveTouch" for refusals, "tap possible→ended REASON" for transitions.
func describe(_ entry: DeliveryEntry) -> String {
    switch entry {
    case .call(let call):
        let touches = call.touches.map { "\($0.id)@(\(num($0.location.x)),\(num($0.location.y)))" }
        return "\(call.responder) \(call.method.rawValue) " + touches.joined(separator: " ")
    case .withheld(let entry):
        return "withheld \(entry.id) \(entry.view ?? "-") \(entry.reason.rawValue)"
    case .transition(let step):
        return "\(step.recognizer) \(step.from.rawValue)→\(step.to.rawValue) \(step.reason)"
    }
}

/// Integral values without ".0", others rounded to 1e-9 so float noise does not matter.
func num(_ value: Double) -> String {
    let rounded = (value * 1e9).rounded() / 1e9
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
}

/// Rectangle shorthand.
func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
    Rect(x: x, y: y, width: w, height: h)
}
