import ArgumentParser
import Benchmarks
import Live
import TouchKit

/// `gesture-bench hud`: what the heads-up display adds to a damage-only live frame.
struct HUDBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hud",
        abstract: "Time damage-only TouchDemo frames with two moving fingers, with and without the HUD.")

    /// Budget for the HUD's own share of a frame (ms): a tenth of a 120 Hz frame.
    static let hudTargetMs = 0.8

    @Option(help: "Frames timed per run.") var iterations = 300
    @Option(help: "Window width (logical px).") var width = 1280
    @Option(help: "Window height (logical px).") var height = 720
    @Option(help: "Buffer scale.") var scale = 1

    func validate() throws {
        guard iterations > 0, width > 0, height > 0, (1...4).contains(scale) else {
            throw ValidationError("iterations, width and height must be positive; scale 1...4")
        }
    }

    func run() throws {
        let bench = HUDBenchmark(size: Size(width: Double(width), height: Double(height)), scale: scale)
        let result = try bench.run(iterations: iterations)
        print("hud \(width)×\(height) @\(scale)x, TouchDemo, two fingers moving every frame, \(iterations) frames")
        print("damage-only frame, HUD off: \(result.withoutHUD)")
        print("damage-only frame, HUD on:  \(result.withHUD)")
        print("  of which the HUD:         \(result.hudOnly) (target ≤ \(Self.hudTargetMs) ms)")
        print("full repaint, HUD on:       \(result.fullWithHUD)")
    }
}
