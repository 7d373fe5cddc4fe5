// MARK: - QQuickDeliveryAgent for one item with three handlers, and the grabs between them

extension Qt64Model {
    /// QQuickDeliveryAgentPrivate::deliverPointerEvent (see the policy on ``Qt64Model``).
    mutating func deliverEvent() {
        visited = []
        if event.isBegin {
            for handler in Qt64Handler.allCases { visit(handler) }
        }
        if event.points.contains(where: { $0.state != .pressed }) {
            deliverUpdatedPoints()
        }
        if event.isEnd {
            for handler in Qt64Handler.allCases { visit(handler) }
        }
    }

    /// QQuickDeliveryAgentPrivate::deliverUpdatedPoints.
    private mutating func deliverUpdatedPoints() {
        var exclusive: [Qt64Handler] = []
        for point in event.points {
            if let holder = grabs[point.id]?.exclusive, !exclusive.contains(holder) { exclusive.append(holder) }
        }
        for holder in exclusive {
            // The grabber first (even if a press already reached it), then the item's other handlers.
            if !visited.contains(holder) { visited.append(holder) }
            handlePointerEvent(holder)
            for handler in Qt64Handler.allCases { visit(handler) }
        }
        for point in event.points {
            for holder in grabs[point.id]?.passive ?? [] { visit(holder) }
        }
        let everyPointGrabbed = event.points.allSatisfy { point in
            grabs[point.id].map { $0.exclusive != nil || !$0.passive.isEmpty } ?? false
        }
        if !everyPointGrabbed, event.points.contains(where: { $0.state != .pressed }) {
            for handler in Qt64Handler.allCases { visit(handler) }
        }
    }

    private mutating func visit(_ handler: Qt64Handler) {
        guard !visited.contains(handler) else { return }
        visited.append(handler)
        handlePointerEvent(handler)
    }

    /// QQuickPointerHandler::handlePointerEvent: a handler that declines the event deactivates and
    /// gives up the exclusive grab of every point that changed.
    private mutating func handlePointerEvent(_ handler: Qt64Handler) {
        let wants: Bool
        switch handler {
        case .tap: wants = tapWantsEvent()
        case .drag: wants = multiPointWantsEvent(.drag) || drag.active
        case .pinch: wants = multiPointWantsEvent(.pinch)
        }
        if wants {
            switch handler {
            case .tap: tapHandle()
            case .drag: dragHandle()
            case .pinch: pinchHandle()
            }
            return
        }
        setActive(handler, false)
        for point in event.points where grabs[point.id]?.exclusive == handler && point.state != .stationary {
            setExclusiveGrab(nil, point)
            grabChanged(handler, .cancelGrabExclusive, point)
        }
    }

    // MARK: - Grabs

    /// QPointingDevicePrivate::setExclusiveGrabber: the previous holder is told it lost the point.
    mutating func setExclusiveGrab(_ handler: Qt64Handler?, _ point: Qt64Point) {
        let previous = grabs[point.id]?.exclusive
        guard previous != handler else { return }
        grabs[point.id, default: Qt64Grabs()].exclusive = handler
        if let previous { grabChanged(previous, .ungrabExclusive, point) }
        if let handler { grabChanged(handler, .grabExclusive, point) }
    }

    mutating func addPassiveGrab(_ handler: Qt64Handler, _ point: Qt64Point) {
        guard grabs[point.id]?.passive.contains(handler) != true else { return }
        grabs[point.id, default: Qt64Grabs()].passive.append(handler)
    }

    /// QQuickPointerHandler::cancelAllGrabs.
    mutating func cancelAllGrabs(_ handler: Qt64Handler, _ point: Qt64Point) {
        if grabs[point.id]?.exclusive == handler {
            setExclusiveGrab(nil, point)
            grabChanged(handler, .cancelGrabExclusive, point)
        }
        if grabs[point.id]?.passive.contains(handler) == true {
            // QPointingDevicePrivate::removePassiveGrabber reports an ungrab first: for a released
            // point that is what lets TapHandler count the tap before the cancel.
            grabs[point.id]?.passive.removeAll { $0 == handler }
            grabChanged(handler, .ungrabPassive, point)
            grabChanged(handler, .cancelGrabPassive, point)
        }
    }

    /// The handler's onGrabChanged for a grab it gained or lost.
    mutating func grabChanged(_ handler: Qt64Handler, _ transition: Qt64GrabTransition, _ point: Qt64Point) {
        switch handler {
        case .tap: tapGrabChanged(transition, point)
        case .drag, .pinch: multiPointGrabChanged(handler, transition)
        }
    }
}
