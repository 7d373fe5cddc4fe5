// MARK: - Qt 6.4 Widgets' gestures and touch-to-mouse synthesis, re-created

/// A model of one Qt 6.4 QWidget that grabs the five standard gestures (Tap, TapAndHold, Pan, Pinch, Swipe), accepts
/// every gesture event and leaves its touch events unaccepted, as the Qt Widgets oracle declares it, fed the frames
/// QtWayland turns into touch events.
///
/// Delivery policy (measured on Debian's 6.4.2, and in QApplication::notify): the gesture manager filters every
/// touch event twice, once as it reaches the widget's QWidgetWindow and once as it reaches the widget, so each
/// recognizer runs twice per event (a tap starts and updates on its touch begin; a pinch step counts twice). Then
/// Qt synthesises mouse events from the primary point (``QtWidgets64TouchMouse``); they pass the gesture manager
/// too, where only QTapAndHoldGesture reads them. A TapAndHold finished by its timer carries its press's time; every
/// other state change carries the time of the touch event being delivered (a touch cancel: the last event's).
public struct QtWidgets64Model: ToolkitModel {
    /// The model's name with the Qt version it re-creates.
    public let name = "qtwidgets-6.4"
    /// Checked against oracles/qtwidgets/oracle.py.
    public let toolkit = "qtwidgets"

    private var events = QtWidgets64TouchEvents()
    private var mouse = QtWidgets64TouchMouse()
    private var tap = QtWidgets64TapRecognizer(), tapState = QtWidgets64ManagedGesture()
    private var hold = QtWidgets64TapAndHoldRecognizer(), holdState = QtWidgets64ManagedGesture()
    private var pan = QtWidgets64PanRecognizer(), panState = QtWidgets64ManagedGesture()
    private var pinch = QtWidgets64PinchRecognizer(), pinchState = QtWidgets64ManagedGesture()
    private var swipe = QtWidgets64SwipeRecognizer(), swipeState = QtWidgets64ManagedGesture()

    /// The filter passes of one touch event (QWidgetWindow, then the widget).
    static let filterPasses = 2

    /// Creates the model in Qt's start state (no touch yet, the cursor nowhere on the window).
    public init() {}

    public mutating func feed(_ frame: InputFrame) -> [ToolkitGesture] {
        var out = advance(to: frame.timestamp)
        let time = (frame.timestamp * 1000).rounded()
        for pass in frame.passes {
            guard let event = events.event(for: pass, at: time) else { continue }
            out += deliver(event)
        }
        return out
    }

    public mutating func advance(to time: Double) -> [ToolkitGesture] {
        guard let due = hold.due, due <= (time * 1000).rounded(), let pressTime = hold.pressTime else { return [] }
        let hotSpot = hold.hotSpot
        let result = hold.timerFired()
        return holdTransitions(result, time: pressTime, hotSpot: hotSpot)
    }

    // MARK: - One touch event

    private mutating func deliver(_ event: QtWidgets64TouchEvent) -> [ToolkitGesture] {
        var out: [ToolkitGesture] = []
        for _ in 0..<Self.filterPasses {
            out += filter(event)
        }
        for mouseEvent in mouse.handle(event) {
            out.append(Self.report(mouseEvent, time: event.time))
            let result: QtWidgets64Result
            switch mouseEvent {
            case .press(let at), .doubleClick(let at): result = hold.mousePress(at: at, time: event.time)
            case .move(let to): result = hold.mouseMove(to: to)
            case .release: result = hold.mouseRelease()
            }
            out += holdTransitions(result, time: event.time, hotSpot: hold.hotSpot)
        }
        return out
    }

    /// One pass of QGestureManager::filterEventThroughContexts over the widget's five gestures.
    private mutating func filter(_ event: QtWidgets64TouchEvent) -> [ToolkitGesture] {
        var out: [ToolkitGesture] = []
        let time = event.time

        let tapResult = tap.recognize(event, state: tapState.state)
        let tapSpot = tap.hotSpot
        let (tapDelivered, tapReset) = tapState.apply(tapResult)
        out += tapDelivered.compactMap { state in
            Self.gesture(Self.tapKinds[state], time: time, recognizer: "QTapGesture", at: tapSpot, count: state == .finished ? 1 : nil)
        }
        if tapReset { tap.reset() }

        out += holdTransitions(hold.recognize(event, state: holdState.state), time: hold.pressTime ?? time, hotSpot: hold.hotSpot)

        let panResult = pan.recognize(event, state: panState.state)
        let (panSpot, panOffset) = (pan.hotSpot ?? event.points.first?.pressPosition, pan.offset)
        let (panDelivered, panReset) = panState.apply(panResult)
        out += panDelivered.compactMap { state in
            var gesture = Self.gesture(Self.panKinds[state], time: time, recognizer: "QPanGesture", at: panSpot)
            gesture?.dx = panOffset.x
            gesture?.dy = panOffset.y
            return gesture
        }
        if panReset { pan.reset() }

        let pinchResult = pinch.recognize(event, state: pinchState.state)
        let (pinchSpot, scale, angle) = (pinch.hotSpot, pinch.totalScale, pinch.totalRotation)
        let (pinchDelivered, pinchReset) = pinchState.apply(pinchResult)
        out += pinchDelivered.compactMap { state in
            var gesture = Self.gesture(Self.pinchKinds[state], time: time, recognizer: "QPinchGesture", at: pinchSpot)
            if state == .finished {
                gesture?.scale = scale
                gesture?.angle = angle
            }
            return gesture
        }
        if pinchReset { pinch.reset() }

        let swipeResult = swipe.recognize(event, state: swipeState.state)
        let (swipeSpot, swipeAngle) = (swipe.hotSpot, swipe.angle)
        let (swipeDelivered, swipeReset) = swipeState.apply(swipeResult)
        out += swipeDelivered.compactMap { state in
            var gesture = Self.gesture(Self.swipeKinds[state], time: time, recognizer: "QSwipeGesture", at: swipeSpot)
            if state == .finished { gesture?.angle = swipeAngle }
            return gesture
        }
        if swipeReset { swipe.reset() }
        return out
    }

    private mutating func holdTransitions(_ result: QtWidgets64Result, time: Double, hotSpot: Point?) -> [ToolkitGesture] {
        let (delivered, reset) = holdState.apply(result)
        if reset { hold.reset() }
        return delivered.compactMap { Self.gesture(Self.holdKinds[$0], time: time, recognizer: "QTapAndHoldGesture", at: hotSpot) }
    }

    // MARK: - Reporting, as the oracle maps each state

    private static let tapKinds: [QtWidgets64GestureState: ToolkitGesture.Kind] =
        [.started: .gestureStarted, .updated: .gestureUpdated, .finished: .tap, .canceled: .cancel]
    private static let holdKinds: [QtWidgets64GestureState: ToolkitGesture.Kind] =
        [.started: .gestureStarted, .updated: .gestureUpdated, .finished: .longPress, .canceled: .cancel]
    private static let panKinds: [QtWidgets64GestureState: ToolkitGesture.Kind] =
        [.started: .panBegin, .updated: .panUpdate, .finished: .panEnd, .canceled: .cancel]
    private static let pinchKinds: [QtWidgets64GestureState: ToolkitGesture.Kind] =
        [.started: .pinchBegin, .updated: .gestureUpdated, .finished: .pinchEnd, .canceled: .cancel]
    private static let swipeKinds: [QtWidgets64GestureState: ToolkitGesture.Kind] =
        [.started: .gestureStarted, .updated: .gestureUpdated, .finished: .swipe, .canceled: .cancel]

    private static func gesture(_ kind: ToolkitGesture.Kind?, time: Double, recognizer: String, at spot: Point?,
                                count: Int? = nil) -> ToolkitGesture? {
        guard let kind else { return nil }
        return ToolkitGesture(kind: kind, time: time, recognizer: recognizer, count: count, x: spot?.x, y: spot?.y)
    }

    /// The widget gets the mouse position on whole px (measured: 378.5 → 379, 283.67 → 284; QWidgetWindow maps it as
    /// a QPoint), while QGuiApplication's cursor, which decides double-clicks, keeps the fraction.
    private static func report(_ event: QtWidgets64TouchMouse.Event, time: Double) -> ToolkitGesture {
        let whole = { (point: Point) -> (x: Double, y: Double) in
            let (x, y) = qtWidgetsRounded(point)
            return (Double(x), Double(y))
        }
        switch event {
        case .press(let at):
            return ToolkitGesture(kind: .pointerDown, time: time, recognizer: "MouseButtonPress", count: 1, x: whole(at).x, y: whole(at).y)
        case .doubleClick(let at):
            return ToolkitGesture(kind: .pointerDown, time: time, recognizer: "MouseButtonDblClick", count: 2, x: whole(at).x, y: whole(at).y)
        case .move(let to):
            return ToolkitGesture(kind: .pointerMotion, time: time, recognizer: "MouseMove", x: whole(to).x, y: whole(to).y)
        case .release(let at):
            return ToolkitGesture(kind: .pointerUp, time: time, recognizer: "MouseButtonRelease", x: whole(at).x, y: whole(at).y)
        }
    }
}
