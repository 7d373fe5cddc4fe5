import Benchmarks
import Render
import Testing
import TouchKit

@Suite struct RenderBenchmarkTests {
    private let bench = RenderBenchmark(width: 320, height: 240, viewCount: 12)

    @Test func sceneIsDeterministicWithTheDraggedViewOnTop() {
        let origin = Point(x: 33, y: 44)
        let scene = bench.scene(dragged: origin)
        #expect(scene.count == 12)
        #expect(scene == bench.scene(dragged: origin))
        #expect(scene.last?.rect == Rect(x: -60, y: -60, width: 120, height: 120))
        #expect(scene.last?.transform == AffineTransform(translationX: 93, y: 104))
        #expect(scene.contains { $0.cornerRadius * 2 == $0.rect.width && $0.rect.width == $0.rect.height })
        #expect(scene.contains { $0.borderWidth > 0 })
    }

    @Test func dragPathStaysInsideTheWindow() {
        for frame in 0..<500 {
            let p = bench.draggedOrigin(frame: frame)
            #expect(p.x >= 0 && p.x <= 200 && p.y >= 0 && p.y <= 120, "frame \(frame) at \(p)")
        }
    }

    @Test(arguments: [0, Double.pi / 6])
    func damageOnlyDragFramesEndEqualToAFullRepaint(rotation: Double) throws {
        let buffer = try PixelBuffer(width: 320, height: 240)
        let iterations = 25
        let summary = bench.measureDrag(iterations: iterations, rotation: rotation, into: buffer)
        #expect(summary.iterations == iterations)
        #expect(summary.median > 0 && summary.p90 >= summary.median)
        // Warm-up and timed frames each moved the view once.
        let final = bench.draggedOrigin(frame: bench.warmupFrames + iterations)
        let full = try PixelBuffer(width: 320, height: 240)
        Renderer().draw(items: bench.scene(dragged: final, rotation: rotation), background: .white, into: full)
        #expect(buffer.snapshot() == full.snapshot())
    }
}
