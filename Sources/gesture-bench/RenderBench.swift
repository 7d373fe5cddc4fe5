import ArgumentParser
import Benchmarks
import Render
import TouchStream

/// `gesture-bench render`: full and damage-only repaint times of a window of views.
struct RenderBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Time full repaints and damage-only repaints while one view is dragged.")

    /// Full-repaint budget (ms): a third of a 120 Hz frame.
    static let fullTargetMs = 3.0
    /// Damage-only budget (ms) for one dragged 120 × 120 view.
    static let damageTargetMs = 0.3

    /// Turn of the dragged view in the third run (radians): 30°, off every fast path.
    static let turnedDragAngle = Double.pi / 6

    @Option(help: "Frames timed per run.") var iterations = 300
    @Option(help: "Buffer width in pixels.") var width = 1920
    @Option(help: "Buffer height in pixels.") var height = 1080
    @Option(help: "Views in the scene.") var views = 100
    @Option(help: "Write the last dragged frame to this PNG file.") var png: String?

    func validate() throws {
        guard iterations > 0, width > 0, height > 0, views > 0 else {
            throw ValidationError("iterations, width, height and views must be positive")
        }
    }

    func run() throws {
        let bench = RenderBenchmark(width: width, height: height, viewCount: views)
        let buffer = try PixelBuffer(width: width, height: height)
        let full = bench.measureFullRepaint(iterations: iterations, into: buffer)
        let drag = bench.measureDrag(iterations: iterations, into: buffer)
        let turned = bench.measureDrag(iterations: iterations, rotation: Self.turnedDragAngle, into: buffer)
        print("render \(width)×\(height), \(views) views")
        print("full repaint:      \(full) (target ≤ \(Self.fullTargetMs) ms)")
        print("damage-only drag:  \(drag) (target ≤ \(Self.damageTargetMs) ms)")
        print("same, view turned: \(turned) (rotated items take the per-pixel coverage path)")
        if let png { try OutputTarget.write(bytes: try PNGFile.encode(RGBAImage(buffer.target)), to: png) }
    }
}
