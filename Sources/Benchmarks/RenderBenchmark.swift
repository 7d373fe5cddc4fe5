import Foundation
import Render
import TouchFuzz
import TouchKit
import TouchStream

/// A repeatable render workload: a window of views repainted whole, or by damage while one view is dragged.
///
/// The scene is deterministic (a fixed pseudo-random layout), so runs compare across machines
/// and commits. Times are wall-clock milliseconds per `Renderer.draw` call.
public struct RenderBenchmark {
    /// Median and 90th percentile of a run, in milliseconds.
    public struct Summary: Sendable, CustomStringConvertible {
        /// Middle sample (ms).
        public let median: Double
        /// 90th percentile sample (ms).
        public let p90: Double
        /// Samples timed.
        public let iterations: Int
        /// One line for the console.
        public var description: String {
            "median \(Self.format(median)) ms, p90 \(Self.format(p90)) ms over \(iterations) frames"
        }
        /// Milliseconds with three decimals (microsecond resolution), without Foundation.
        static func format(_ ms: Double) -> String {
            let micros = Int((ms * 1000).rounded())
            let fraction = String(micros % 1000)
            return "\(micros / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
        }
    }

    /// Buffer width in pixels.
    public var width: Int
    /// Buffer height in pixels.
    public var height: Int
    /// Views in the scene, the dragged one included.
    public var viewCount: Int
    /// Side of the dragged square view (logical px).
    public let draggedSide = 120.0
    /// How far the dragged view moves per frame (logical px): a brisk finger at 60 Hz.
    public let dragStep = Point(x: 7.25, y: 4.5)
    /// Frames drawn before timing starts, so the mask cache is warm as in a running app.
    public let warmupFrames = 10

    /// Creates the workload.
    public init(width: Int = 1920, height: Int = 1080, viewCount: Int = 100) {
        self.width = width; self.height = height; self.viewCount = max(1, viewCount)
    }

    // MARK: - Scene

    /// The scene with the dragged view (last, on top) at `dragged`, turned by `rotation` radians.
    public func scene(dragged: Point, rotation: Double = 0) -> [DisplayItem] {
        var random = SplitMix64(seed: 0x5eed)
        let palette: [UInt32] = [0xe74c3c, 0x3498db, 0x2ecc71, 0xf1c40f, 0x9b59b6, 0x1abc9c, 0xe67e22, 0x34495e]
        var items: [DisplayItem] = []
        for index in 0..<(viewCount - 1) {
            let side = 40 + Double(random.int(in: 0...159)), other = 40 + Double(random.int(in: 0...159))
            let x = Double(random.int(in: 0...max(0, width - Int(side) - 1))), y = Double(random.int(in: 0...max(0, height - 201)))
            let fill = Color(rgb: palette[index % palette.count])
            switch index % 4 {
            case 0: items.append(DisplayItem(rect: Rect(x: x, y: y, width: side, height: other), fill: fill,
                                             cornerRadius: 8 + Double(index % 3) * 8))
            case 1: items.append(DisplayItem(rect: Rect(x: x, y: y, width: side, height: side), fill: fill,
                                             cornerRadius: side / 2))
            case 2: items.append(DisplayItem(rect: Rect(x: x, y: y, width: side, height: other), fill: fill,
                                             cornerRadius: 12, borderWidth: 3, borderColor: .black))
            default: items.append(DisplayItem(rect: Rect(x: x + 0.5, y: y, width: side, height: other), fill: fill,
                                              borderWidth: 2, borderColor: .white, alpha: 0.8))
            }
        }
        items.append(draggedItem(at: dragged, rotation: rotation))
        return items
    }

    /// The dragged view: a bordered rounded square whose unturned origin is `origin`.
    public func draggedItem(at origin: Point, rotation: Double = 0) -> DisplayItem {
        let half = draggedSide / 2
        let place = AffineTransform(rotationAngle: rotation)
            .concatenating(AffineTransform(translationX: origin.x + half, y: origin.y + half))
        return DisplayItem(rect: Rect(x: -half, y: -half, width: draggedSide, height: draggedSide), transform: place,
                           fill: Color(rgb: 0xff2d55), cornerRadius: 16, borderWidth: 2, borderColor: .white)
    }

    /// The window area the dragged view covers: its damage rect.
    public func draggedBounds(at origin: Point, rotation: Double = 0) -> Rect {
        let turned = draggedSide * (abs(cos(rotation)) + abs(sin(rotation)))
        let centre = Point(x: origin.x + draggedSide / 2, y: origin.y + draggedSide / 2)
        return Rect(x: centre.x - turned / 2, y: centre.y - turned / 2, width: turned, height: turned)
    }

    /// Where the dragged view is at `frame`: a diagonal path bouncing inside the window.
    public func draggedOrigin(frame: Int) -> Point {
        func bounce(_ travelled: Double, _ span: Double) -> Double {
            let period = 2 * span, t = travelled.truncatingRemainder(dividingBy: period)
            return t < span ? t : period - t
        }
        return Point(x: bounce(dragStep.x * Double(frame), Double(width) - draggedSide),
                     y: bounce(dragStep.y * Double(frame), Double(height) - draggedSide))
    }

    // MARK: - Runs

    /// Times full repaints of the whole scene.
    public func measureFullRepaint(iterations: Int, into buffer: PixelBuffer, renderer: Renderer = Renderer()) -> Summary {
        let items = scene(dragged: draggedOrigin(frame: 0))
        return measure(iterations: iterations) { _ in
            renderer.draw(items: items, background: .white, into: buffer)
        }
    }

    /// Times damage-only repaints (old and new bounds of the dragged view) while it moves each frame.
    public func measureDrag(iterations: Int, rotation: Double = 0, into buffer: PixelBuffer,
                            renderer: Renderer = Renderer()) -> Summary {
        var previous = draggedOrigin(frame: 0)
        var items = scene(dragged: previous, rotation: rotation)
        renderer.draw(items: items, background: .white, into: buffer)
        return measure(iterations: iterations) { frame in
            let next = draggedOrigin(frame: frame + 1)
            items[items.count - 1] = draggedItem(at: next, rotation: rotation)
            let damage = [draggedBounds(at: previous, rotation: rotation), draggedBounds(at: next, rotation: rotation)]
            renderer.draw(items: items, background: .white, into: buffer, clip: damage)
            previous = next
        }
    }

    private func measure(iterations: Int, frame: (Int) -> Void) -> Summary {
        let clock = ContinuousClock()
        var samples: [Double] = []
        for index in 0..<(warmupFrames + max(1, iterations)) {
            let elapsed = clock.measure { frame(index) }
            if index >= warmupFrames {
                samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
            }
        }
        return Summary(median: Percentile.median(samples) ?? 0, p90: Percentile.of(samples, 90) ?? 0,
                       iterations: samples.count)
    }
}
