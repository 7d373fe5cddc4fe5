// MARK: - Holding back, releasing and taking touches from views

extension GestureArena {
    /// Touches of this pass whose view call must wait: behind earlier held calls, or delayed by an undecided recognizer.
    func holdBack(_ changed: [Touch]) -> Set<Touch> {
        var held: Set<Touch> = []
        for touch in changed {
            guard let record = records[touch], touch.delivery == .delivered || touch.delivery == .undecided,
                  let method = TouchMethod(phase: touch.phase) else { continue }
            if method == .touchesCancelled {
                // A view that never saw the touch begin is not told it was cancelled.
                if record.viewHasNotSeenBegan { held.insert(touch) }
                record.held.removeAll()
                continue
            }
            if !record.held.isEmpty || isDelayed(method, record) {
                record.held.append(HeldDelivery(pass: passNumber, method: method, snapshot: TouchSnapshot(touch)))
                held.insert(touch)
            }
        }
        return held
    }

    /// True while an undecided recognizer of the touch delays calls of `method` to its view.
    func isDelayed(_ method: TouchMethod, _ record: TouchRecord) -> Bool {
        let undecided = record.recognizers.filter { $0.state == .possible && $0.gestureTouches.contains(record.touch) }
        switch method {
        case .touchesBegan, .touchesMoved: return undecided.contains { $0.delaysTouchesBegan }
        case .touchesEnded: return undecided.contains { $0.delaysTouchesEnded }
        case .touchesCancelled: return false
        }
    }

    /// Makes the held view calls that nothing delays any more, oldest first (`event` nil: between events).
    func releaseHeld(in event: Event?) {
        var batch: [(touch: Touch, entry: HeldDelivery)] = []
        for record in records.values.sorted(by: { $0.touch.serial < $1.touch.serial }) {
            while let first = record.held.first, !isDelayed(first.method, record) {
                record.held.removeFirst()
                batch.append((record.touch, first))
            }
        }
        guard !batch.isEmpty else { return }
        let event = event ?? lateEvent(for: batch.map(\.touch))
        var groups: [(pass: UInt64, view: View, entries: [(touch: Touch, entry: HeldDelivery)])] = []
        for item in batch.sorted(by: { ($0.entry.pass, $0.touch.serial) < ($1.entry.pass, $1.touch.serial) }) {
            guard item.touch.delivery == .delivered, let view = item.touch.view else { continue }
            if let index = groups.firstIndex(where: { $0.pass == item.entry.pass && $0.view === view }) {
                groups[index].entries.append(item)
            } else {
                groups.append((item.entry.pass, view, [item]))
            }
        }
        for group in groups {
            for method in TouchMethod.allCases {
                let calls = group.entries.filter { $0.entry.method == method }
                guard !calls.isEmpty else { continue }
                deliver(method, calls.map { ($0.touch, $0.entry.snapshot) }, to: group.view, with: event)
            }
        }
    }

    /// A recognizer took `touches`: a view that saw a touch begin gets touchesCancelled; the rest are withheld.
    func takeFromViews(_ touches: Set<Touch>) {
        var cancelled: [Touch] = []
        var withheld: [Touch] = []
        for touch in touches.sorted(by: { $0.serial < $1.serial }) {
            guard let record = records[touch] else { continue }   // its view is already done with it
            let unseen = record.viewHasNotSeenBegan || touch.delivery == .undecided
            record.held.removeAll()
            guard touch.delivery == .delivered || touch.delivery == .undecided else { continue }
            touch.delivery = .withheld(.cancelledInView)
            if unseen { withheld.append(touch) } else { cancelled.append(touch) }
        }
        guard !cancelled.isEmpty || !withheld.isEmpty else { return }
        let event = currentEvent ?? lateEvent(for: cancelled + withheld)
        for touch in withheld { event.recorder?.recordWithheld(touch, reason: .cancelledInView, event: event) }
        var byView: [(view: View, touches: [Touch])] = []
        for touch in cancelled {
            guard let view = touch.view else { continue }
            if let index = byView.firstIndex(where: { $0.view === view }) {
                byView[index].touches.append(touch)
            } else {
                byView.append((view, [touch]))
            }
        }
        for (view, touches) in byView {
            let shown = touches.map { touch in
                var snapshot = TouchSnapshot(touch)
                snapshot.phase = .cancelled
                return (touch, snapshot)
            }
            deliver(.touchesCancelled, shown, to: view, with: event)
        }
    }

    /// Calls `view`'s touch method with each touch shown as its snapshot, then restores the touches.
    private func deliver(_ method: TouchMethod, _ calls: [(touch: Touch, snapshot: TouchSnapshot)],
                         to view: View, with event: Event) {
        let current = calls.map { TouchSnapshot($0.touch) }
        for call in calls { call.snapshot.apply(to: call.touch) }
        view.deliver(method, Set(calls.map(\.touch)), with: event)
        for (call, saved) in zip(calls, current) { saved.apply(to: call.touch) }
    }

    /// An event for calls made between input events (after a timer), stamped with the clock's time.
    private func lateEvent(for touches: [Touch]) -> Event {
        let application = window?.application
        let ordered = Array(Set(touches)).sorted { $0.serial < $1.serial }
        return Event(timestamp: application?.clock.now ?? 0, touches: ordered, recorder: application?.recorder)
    }
}

// MARK: - Touch snapshots

/// A touch's changing state at one moment, to show a held call as it would have looked then.
struct TouchSnapshot {
    var phase: TouchPhase
    var timestamp: Double
    var windowLocation: Point
    var previousWindowLocation: Point
    var coalescedWindowLocations: [Point]
    var coalescedTimestamps: [Double]

    init(_ touch: Touch) {
        phase = touch.phase
        timestamp = touch.timestamp
        windowLocation = touch.windowLocation
        previousWindowLocation = touch.previousWindowLocation
        coalescedWindowLocations = touch.coalescedWindowLocations
        coalescedTimestamps = touch.coalescedTimestamps
    }

    func apply(to touch: Touch) {
        touch.phase = phase
        touch.timestamp = timestamp
        touch.windowLocation = windowLocation
        touch.previousWindowLocation = previousWindowLocation
        touch.coalescedWindowLocations = coalescedWindowLocations
        touch.coalescedTimestamps = coalescedTimestamps
    }
}
