import TouchStream

// MARK: - M21: a touch landed away from the finger (kernel-lane-only scripts)

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
}
