// MARK: - SDL 2.26's touch events on Wayland

/// SDL 2.26.5 on its Wayland backend: the SDL_FINGER* events, the mouse events SDL synthesises from the first
/// finger (SDL_HINT_TOUCH_MOUSE_EVENTS), and SDL_MULTIGESTURE, from a wl_touch stream, in float arithmetic as SDL
/// does it, so positions and gesture values match to the last bit.
///
/// Per wl_touch event, in the order SDL pushes the events (src/video/wayland/SDL_waylandevents.c:touch_handler_*
/// → src/events/SDL_touch.c:SDL_SendTouch / SDL_SendTouchMotion): first the synthesised mouse events, then the
/// finger event, then the multigesture step SDL_PushEvent computes from it (src/events/SDL_gesture.c). Each
/// carries the time of the wl_touch event that caused it. wl_touch.frame and wl_touch.cancel do nothing in SDL
/// 2.26 (their handlers are empty): a cancelled finger stays down until a new down of its id, which first sends
/// the lost finger-up (SDL_SendTouch) and so also ends the touch-mouse press.
public struct SDL226Model: ToolkitModel {
    /// The model's name with the SDL version it re-creates.
    public let name = "sdl2-2.26"
    /// Checked against oracles/sdl2/oracle.py.
    public let toolkit = "sdl2"
    /// The hints and window size the events depend on.
    public let settings: SDL226Settings

    /// SDL_Touch's fingers (SDL_touch.c:SDL_AddFinger / SDL_DelFinger), positions normalized.
    private var fingers: [(id: Int32, x: Float, y: Float, pressure: Float)] = []
    private var mouse: SDL226TouchMouse
    private var gesture = SDL226MultiGesture()

    /// Creates the model with SDL's default hints (what the oracle pins) in the oracle's window.
    public init(settings: SDL226Settings = .defaults) {
        self.settings = settings
        mouse = SDL226TouchMouse(settings: settings)
    }

    /// Each touch of the frame as the wl_touch events it came from: a down, its motion samples, an up.
    public mutating func feed(_ frame: InputFrame) -> [ToolkitGesture] {
        var out: [ToolkitGesture] = []
        for pass in frame.passes {
            for touch in pass {
                let time = { (index: Int) in
                    (index < touch.coalescedTimes.count ? touch.coalescedTimes[index] : frame.timestamp) * 1000
                }
                switch touch.phase {
                case .began:
                    out += down(touch.id, touch.coalesced[0], time: time(0).rounded())
                    for index in touch.coalesced.indices.dropFirst() {
                        out += motion(touch.id, touch.coalesced[index], time: time(index).rounded())
                    }
                case .moved:
                    for index in touch.coalesced.indices {
                        out += motion(touch.id, touch.coalesced[index], time: time(index).rounded())
                    }
                case .ended:
                    // Motions before the up in the same frame; a lone up repeats the last position, which SDL drops.
                    for index in touch.coalesced.indices {
                        out += motion(touch.id, touch.coalesced[index], time: time(index).rounded())
                    }
                    out += up(touch.id, time: (frame.timestamp * 1000).rounded(), pressure: 0)
                case .cancelled, .stationary:
                    // SDL_waylandevents.c:touch_handler_cancel is empty; shape and orientation are not listened to.
                    break
                }
            }
        }
        return out
    }

    /// SDL 2's touch events have no timers.
    public mutating func advance(to time: Double) -> [ToolkitGesture] { [] }

    // MARK: - SDL_waylandevents.c and SDL_touch.c

    /// touch_handler_down: the surface-local position divided by the window size, in double, kept as float.
    private func normalized(_ point: Point) -> (x: Float, y: Float) {
        (Float(point.x / Double(settings.windowWidth)), Float(point.y / Double(settings.windowHeight)))
    }

    private mutating func down(_ id: Int32, _ point: Point, time: Double) -> [ToolkitGesture] {
        let (x, y) = normalized(point)
        var out = mouse.fingerDown(id, x: x, y: y, time: time)
        if fingers.contains(where: { $0.id == id }) {
            // SDL_SendTouch: "This finger is already down. Assume the finger-up for the previous touch was lost".
            out += up(id, time: time, pressure: 1)
        }
        fingers.append((id, x, y, Self.pressure))
        let at = px(x, y)
        out += push(ToolkitGesture(kind: .touchDown, time: time, recognizer: "SDL_FINGERDOWN", x: at.x, y: at.y,
                                   finger: Int(id), dx: 0, dy: 0, pressure: Double(Self.pressure)), id: id, x: x, y: y, dx: 0, dy: 0)
        return out
    }

    private mutating func motion(_ id: Int32, _ point: Point, time: Double) -> [ToolkitGesture] {
        let (x, y) = normalized(point)
        var out = mouse.fingerMotion(id, x: x, y: y, time: time)
        guard let index = fingers.firstIndex(where: { $0.id == id }) else {
            // SDL_SendTouchMotion on an unknown finger sends a down instead (its mouse part above already ran).
            return out + down(id, point, time: time)
        }
        let dx = x - fingers[index].x, dy = y - fingers[index].y, dp = Self.pressure - fingers[index].pressure
        // "Drop events that don't change state".
        guard dx != 0 || dy != 0 || dp != 0 else { return out }
        fingers[index].x = x
        fingers[index].y = y
        fingers[index].pressure = Self.pressure
        let at = px(x, y)
        out += push(ToolkitGesture(kind: .touchMotion, time: time, recognizer: "SDL_FINGERMOTION", x: at.x, y: at.y,
                                   finger: Int(id), dx: Double(dx) * Double(settings.windowWidth),
                                   dy: Double(dy) * Double(settings.windowHeight), pressure: Double(Self.pressure)),
                    id: id, x: x, y: y, dx: dx, dy: dy)
        return out
    }

    /// touch_handler_up passes pressure 0; the lost finger-up a repeated down sends passes the down's 1.
    private mutating func up(_ id: Int32, time: Double, pressure: Float) -> [ToolkitGesture] {
        var out = mouse.fingerUp(id, time: time)
        guard let index = fingers.firstIndex(where: { $0.id == id }) else { return out }
        // "I don't trust the coordinates passed on fingerUp": the finger's last position.
        let finger = fingers[index]
        // SDL_DelFinger moves the last finger into the freed slot.
        fingers.swapAt(index, fingers.count - 1)
        fingers.removeLast()
        out += push(ToolkitGesture(kind: .touchUp, time: time, recognizer: "SDL_FINGERUP", x: px(finger.x, finger.y).x,
                                   y: px(finger.x, finger.y).y, finger: Int(id), dx: 0, dy: 0, pressure: Double(pressure)),
                    id: id, x: finger.x, y: finger.y, dx: 0, dy: 0)
        return out
    }

    /// SDL_PushEvent: the event, then the multigesture step SDL_GestureProcessEvent derives from it.
    private mutating func push(_ event: ToolkitGesture, id: Int32, x: Float, y: Float, dx: Float, dy: Float) -> [ToolkitGesture] {
        var out = [event]
        let step: SDL226MultiGesture.Step?
        switch event.kind {
        case .touchDown: step = gesture.fingerDown(x: x, y: y)
        case .touchUp: step = gesture.fingerUp(x: x, y: y)
        default: step = gesture.fingerMotion(x: x, y: y, dx: dx, dy: dy)
        }
        if let step {
            let centre = px(step.x, step.y)
            out.append(ToolkitGesture(kind: .multiGesture, time: event.time, recognizer: "SDL_MULTIGESTURE", x: centre.x,
                                      y: centre.y, angle: Double(step.dTheta) * 180 / Double.pi, fingers: step.fingers,
                                      distance: Double(step.dDist)))
        }
        return out
    }

    /// The pressure touch_handler_down and touch_handler_motion pass: wl_touch has none.
    private static let pressure: Float = 1

    /// A normalized position in window px, as the oracle reports it.
    private func px(_ x: Float, _ y: Float) -> (x: Double, y: Double) {
        (Double(x) * Double(settings.windowWidth), Double(y) * Double(settings.windowHeight))
    }
}
