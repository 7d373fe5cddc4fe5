import Foundation

// MARK: - Screenshots with weston-screenshooter

extension WestonInstance {
    /// Seconds weston-screenshooter may take before it counts as hung.
    public static let screenshotTimeout = 10.0

    /// Captures the whole output with weston-screenshooter (needs weston's `--debug`, which
    /// this instance always passes) into `directory`; returns the PNG's path.
    public func screenshot(in directory: String) throws -> String {
        let manager = FileManager.default
        let before = Set((try? manager.contentsOfDirectory(atPath: directory)) ?? [])
        // weston-screenshooter writes into its working directory; sh sets it for us.
        let shooter = try launch("/bin/sh",
                                 arguments: ["-c", "cd -- \"$0\" && exec weston-screenshooter", directory],
                                 logName: "screenshooter-\(MonotonicClock.now()).log")
        let termination = shooter.wait(timeout: WestonInstance.screenshotTimeout) ?? shooter.terminate()
        guard termination == .exited(0) else {
            throw HarnessError("weston-screenshooter failed (\(termination)) in \(directory): \(shooter.output())")
        }
        let after = Set((try? manager.contentsOfDirectory(atPath: directory)) ?? [])
        guard let png = after.subtracting(before).filter({ $0.hasSuffix(".png") }).sorted().last else {
            throw HarnessError("weston-screenshooter wrote no PNG into \(directory): \(shooter.output())")
        }
        return "\(directory)/\(png)"
    }
}
