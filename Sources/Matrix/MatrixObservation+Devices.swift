import TouchStream

// MARK: - M21, M22: touches through a device setup (kernel-lane-only scripts)

extension MatrixObservation {
    /// How far (logical px, on either axis) a down may lie from the script's point: the kernel
    /// lane sends the nearest device unit, a fraction of a pixel for every setup of the battery.
    static let landingTolerance = 1.5

    /// True when a down of `records` lies farther than ``landingTolerance`` from the script's down
    /// of the same order (both window-relative): the script's points are where fingers touch the
    /// glass, and the lane sends the units a correct stack lands there, so a compositor that
    /// ignored the touchscreen's output, its output's transform or the calibration matrix puts
    /// the touch elsewhere. Reported as M21 for a script with a device setup.
    static func landedAway(_ records: [RawRecord], script: MatrixScript) -> Bool {
        let aimed: [(Double, Double)] = script.items.compactMap { item in
            guard case .record(let record) = item, case .down(_, _, _, _, let x, let y) = record.event else { return nil }
            return (x.doubleValue, y.doubleValue)
        }
        let arrived: [(Double, Double)] = records.compactMap { record in
            guard case .down(_, _, _, _, let x, let y) = record.event else { return nil }
            return (x.doubleValue, y.doubleValue)
        }
        return zip(aimed, arrived).contains { aim, arrival in
            abs(aim.0 - arrival.0) > landingTolerance || abs(aim.1 - arrival.1) > landingTolerance
        }
    }

    /// True when the script's palm finger (its touchscreen's `palmFinger`) reached the client as a
    /// down that nothing ended: no wl_touch.up of its id and no wl_touch.cancel after it. libinput
    /// cancels a touchscreen contact that turns into a palm; a compositor that drops that cancel
    /// leaves the client a touch that is down for ever. Reported as M22.
    static func palmLeftDown(_ records: [RawRecord], script: MatrixScript) -> Bool {
        guard let setup = script.deviceSetup,
              let palm = setup.touchscreens.compactMap(\.palmFinger).first else { return false }
        let scripted: [Int32] = script.items.compactMap { item in
            guard case .record(let record) = item, case .down(_, _, _, let id, _, _) = record.event else { return nil }
            return id
        }
        guard let order = scripted.firstIndex(of: palm) else { return false }
        let downs = records.indices.filter { if case .down = records[$0].event { true } else { false } }
        guard order < downs.count, case .down(_, _, _, let id, _, _) = records[downs[order]].event else { return false }
        return !records[(downs[order] + 1)...].contains { record in
            switch record.event {
            case .up(_, _, let lifted): lifted == id
            case .cancel: true
            default: false
            }
        }
    }
}
