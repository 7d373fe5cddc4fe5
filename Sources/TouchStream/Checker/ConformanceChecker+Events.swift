// MARK: - The rules, event by event

extension ConformanceChecker {
    mutating func down(_ id: Int32, x: WLFixed, y: WLFixed, surface: String?, time: UInt32, index: Int,
                       into findings: inout [Finding]) {
        if id < 0 || id > CheckerThresholds.largeTouchID {
            findings.append(ConformanceRule.a6.finding(
                "down with id \(id)\(id < 0 ? ", a negative id" : ", a very large id")", record: index, time: time,
                id: id))
        }
        if !isInsideSurface(x, y) {
            findings.append(ConformanceRule.s1.finding(
                "down of id \(id) at (\(x), \(y)) lies outside the \(surfaceSizeText) surface", record: index,
                time: time, id: id))
        }
        let touch = ActiveTouch(id: id, downRecord: index, surface: surface, x: x.rawValue, y: y.rawValue,
                                time: time)
        if let slot = touches.slot(of: id) {
            findings.append(ConformanceRule.r1.finding(
                "down for id \(id), which is already down since record \(touches[slot].downRecord)",
                record: index, time: time, id: id))
            touches[slot] = touch
            return
        }
        ended.forget(id)
        touches.insert(touch)
    }

    mutating func up(_ id: Int32, time: UInt32, index: Int, into findings: inout [Finding]) {
        guard let slot = touches.slot(of: id) else {
            return notDown(id, event: "up", time: time, index: index, into: &findings)
        }
        if touches[slot].contactFrame == frame.number {
            findings.append(ConformanceRule.a17.finding(
                "up of id \(id) in the same frame as a shape/orientation of it", record: index, time: time, id: id))
        }
        touches.remove(at: slot)
        ended.remember(id, .up(record: index))
        if touches.isEmpty { lastUp = LastUp(record: index, time: time, id: id) }
    }

    mutating func motion(_ id: Int32, x: WLFixed, y: WLFixed, time: UInt32, index: Int,
                         into findings: inout [Finding]) {
        guard let slot = touches.slot(of: id) else {
            return notDown(id, event: "motion", time: time, index: index, into: &findings)
        }
        let frameNumber = frame.number
        // One in-place update: the touch's surface name is never copied on this hot path.
        let (old, motionsInFrame) = touches.update(slot) { touch in
            let old = (x: touch.x, y: touch.y, time: touch.time)
            if touch.motionFrame == frameNumber {
                touch.motionsInFrame += 1
            } else {
                touch.motionFrame = frameNumber
                touch.motionsInFrame = 1
            }
            touch.x = x.rawValue
            touch.y = y.rawValue
            touch.time = time
            return (old, touch.motionsInFrame)
        }
        if old.x == x.rawValue, old.y == y.rawValue {
            findings.append(ConformanceRule.a12.finding(
                "motion of id \(id) to (\(x), \(y)), where it already was", record: index, time: time, id: id))
        }
        if motionsInFrame == 2 {
            findings.append(ConformanceRule.a13.finding(
                "second motion of id \(id) in one frame", record: index, time: time, id: id))
        }
        if !isInsideSurface(x, y) {
            findings.append(ConformanceRule.a11.finding(
                "motion of id \(id) to (\(x), \(y)), outside the \(surfaceSizeText) surface", record: index,
                time: time, id: id))
        }
        if let jump = surfaceSwitchJump(fromX: old.x, y: old.y, time: old.time, toX: x, y: y, time: time) {
            findings.append(ConformanceRule.h2.finding(
                "motion of id \(id) jumps \(jump) px from (\(WLFixed(rawValue: old.x)), \(WLFixed(rawValue: old.y))) as if re-based on another surface",
                record: index, time: time, id: id))
        }
    }

    mutating func shape(_ id: Int32, major: WLFixed, minor: WLFixed, index: Int, into findings: inout [Finding]) {
        contactEvent("shape", id: id, index: index, into: &findings)
        if major < minor {
            findings.append(ConformanceRule.r10.finding(
                "shape of id \(id) has major \(major) < minor \(minor)", record: index, time: nil, id: id))
        }
    }

    mutating func orientation(_ id: Int32, degrees: WLFixed, index: Int, into findings: inout [Finding]) {
        contactEvent("orientation", id: id, index: index, into: &findings)
        if !CheckerThresholds.orientationRange.contains(degrees.doubleValue) {
            findings.append(ConformanceRule.r11.finding(
                "orientation of id \(id) is \(degrees)°", record: index, time: nil, id: id))
        }
    }

    /// What shape and orientation share: R12, R9/R3/R5, and the frame they need (R8, A17).
    private mutating func contactEvent(_ name: String, id: Int32, index: Int, into findings: inout [Finding]) {
        if let version = configuration.touchVersion, version < CheckerThresholds.shapeSinceVersion {
            findings.append(ConformanceRule.r12.finding(
                "\(name) of id \(id) on a wl_touch of version \(version)", record: index, time: nil, id: id))
        }
        if frame.contactRecord == nil { frame.contactRecord = index }
        frame.contactCount += 1
        if let slot = touches.slot(of: id) {
            touches[slot].contactFrame = frame.number
        } else {
            notDown(id, event: name, time: nil, index: index, into: &findings)
        }
    }

    mutating func cancel(index: Int, into findings: inout [Finding]) {
        if frame.eventCount > 0 {
            findings.append(ConformanceRule.a3.finding(
                "cancel with \(frame.eventCount) event\(frame.eventCount == 1 ? "" : "s") of an unfinished frame pending",
                record: index, time: nil, id: nil))
        }
        closeFrame(because: "the cancel", into: &findings)
        let active = touches.removeAll()
        if active.isEmpty {
            findings.append(ConformanceRule.a19.finding("cancel while no touch is down", record: index, time: nil,
                                                        id: nil))
        }
        if let first = active.first, active.contains(where: { $0.surface != first.surface }) {
            let ids = active.map { "\($0.id) on \($0.surface.map { Quoted.text(Array($0.utf8)) } ?? "?")" }.joined(separator: ", ")
            findings.append(ConformanceRule.a4.finding(
                "cancel while touches are down on several surfaces (\(ids))", record: index, time: nil, id: nil))
        }
        for touch in active { ended.remember(touch.id, .cancelled(record: index)) }
        previousWasCancel = true
    }

    /// An event for an id that is not down, under the most specific rule (R3, R5, R9, R2).
    private mutating func notDown(_ id: Int32, event: String, time: UInt32?, index: Int,
                                  into findings: inout [Finding]) {
        switch ended.lookup(id) {
        case .up(let record)?:
            findings.append(ConformanceRule.r3.finding(
                "\(event) for id \(id) after its up at record \(record)", record: index, time: time, id: id))
        case .cancelled(let record)?:
            findings.append(ConformanceRule.r5.finding(
                "\(event) for id \(id), which was active at the cancel at record \(record)", record: index,
                time: time, id: id))
        case nil where event == "shape" || event == "orientation":
            findings.append(ConformanceRule.r9.finding(
                "\(event) for id \(id), which is not down", record: index, time: time, id: id))
        case nil:
            findings.append(ConformanceRule.r2.finding(
                "\(event) for id \(id), which is not down", record: index, time: time, id: id))
        }
    }

    // MARK: - Time and serials

    /// A14 for a step backwards (wrap-aware) and H1's microsecond evidence.
    mutating func observeTime(_ time: UInt32, index: Int, id: Int32?, into findings: inout [Finding]) {
        defer { lastTime = time }
        guard let last = lastTime else { return }
        let step = Int32(bitPattern: time &- last)
        if step < 0 {
            findings.append(ConformanceRule.a14.finding(
                "time \(time) is \(-Int64(step)) ms earlier than the previous event's \(last)", record: index,
                time: time, id: id))
            return
        }
        guard step > 0, !timeScale.decided, !touches.isEmpty else { return }
        timeScale.samples += 1
        if step >= CheckerThresholds.microsecondStepMilliseconds { timeScale.microsecondLike += 1 }
        guard timeScale.samples == CheckerThresholds.microsecondSampleCount else { return }
        timeScale.decided = true
        if timeScale.microsecondLike >= CheckerThresholds.microsecondEvidenceCount {
            findings.append(ConformanceRule.h1.finding(
                "\(timeScale.microsecondLike) of the first \(timeScale.samples) time steps while a touch was down are ≥ \(CheckerThresholds.microsecondStepMilliseconds) ms apart: the times look like microseconds",
                record: index, time: time, id: id))
        }
    }

    /// S8: down and up serials never go backwards (equal serials are tolerated).
    ///
    /// The counter is a uint32 that only counts up, so a lower serial is a step back unless the
    /// counter wrapped: from the upper half of the range to the lower half (a drop of 2^31 or more).
    /// A rise is never a step back, however large (other clients' serials come in between).
    mutating func observeSerial(_ serial: UInt32, index: Int, time: UInt32, id: Int32,
                                into findings: inout [Finding]) {
        defer { lastSerial = serial }
        guard let last = lastSerial, serial < last, last - serial < 1 << 31 else { return }
        findings.append(ConformanceRule.s8.finding(
            "serial \(serial) is lower than the previous down/up serial \(last)", record: index, time: time, id: id))
    }

    // MARK: - Geometry

    /// True when the point lies within the surface (edges included), or the size is unknown.
    private func isInsideSurface(_ x: WLFixed, _ y: WLFixed) -> Bool {
        guard let width = configuration.surfaceWidth, let height = configuration.surfaceHeight else { return true }
        let px = x.doubleValue, py = y.doubleValue
        return px >= 0 && py >= 0 && px <= width && py <= height
    }

    private var surfaceSizeText: String {
        "\(WLFixed(configuration.surfaceWidth ?? 0))×\(WLFixed(configuration.surfaceHeight ?? 0))"
    }

    /// The jump length (rounded to 1/256 px) when a motion step is long and fast enough to look
    /// like coordinates re-based on another surface (H2), else nil.
    private func surfaceSwitchJump(fromX oldX: Int32, y oldY: Int32, time oldTime: UInt32, toX x: WLFixed,
                                   y: WLFixed, time: UInt32) -> WLFixed? {
        let dx = (Double(x.rawValue) - Double(oldX)) / 256, dy = (Double(y.rawValue) - Double(oldY)) / 256
        let squared = dx * dx + dy * dy
        let minimum = CheckerThresholds.surfaceSwitchMinimumJump
        guard squared >= minimum * minimum else { return nil }
        let distance = squared.squareRoot()
        // Same-time events (one evdev frame) count as 1 ms apart, so dt never divides by zero.
        let elapsed = max(1, Double(Int32(bitPattern: time &- oldTime)))
        guard distance / elapsed >= CheckerThresholds.surfaceSwitchMinimumSpeed else { return nil }
        return WLFixed(distance)
    }
}
