import Foundation
import Live
import Playback
import Render
import Scenes
import TouchKit
import TouchStream

// MARK: - What the HUD costs per frame

/// A repeatable live-frame workload: TouchDemo with two fingers moving every frame, drawn
/// damage-only as `LiveSession` draws it, with and without the HUD.
///
/// One frame = records pushed (a scene square dragged, a second finger moving on the
/// background), the scene's and the HUD's damage collected, the scene repainted inside it and
/// the HUD drawn over it. Times are wall-clock milliseconds.
public struct HUDBenchmark {
    /// Median and 90th percentile of one run (ms).
    public struct Summary: Sendable, CustomStringConvertible {
        /// Middle sample (ms).
        public let median: Double
        /// 90th percentile sample (ms).
        public let p90: Double
        /// One line for the console.
        public var description: String { String(format: "median %.3f ms, p90 %.3f ms", median, p90) }

        init(_ samples: [Double]) {
            median = Percentile.median(samples) ?? 0
            p90 = Percentile.of(samples, 90) ?? 0
        }
    }

    /// The results of `run`.
    public struct Result: Sendable {
        /// Whole damage-only frames without the HUD.
        public let withoutHUD: Summary
        /// Whole damage-only frames with the HUD shown.
        public let withHUD: Summary
        /// The HUD's own part of those frames: layout, damage diff and drawing.
        public let hudOnly: Summary
        /// A full repaint (scene and HUD) of the window.
        public let fullWithHUD: Summary
    }

    /// Window size (logical px).
    public var size: Size
    /// Buffer scale.
    public var scale: Int
    /// Frames drawn before timing, so glyph and corner caches are warm as in a running app.
    public let warmupFrames = 10
    /// Finger travel per frame (logical px): a brisk drag at 60 Hz.
    public let step = 6.0

    /// Creates the workload.
    public init(size: Size = Size(width: 1280, height: 720), scale: Int = 1) {
        self.size = size
        self.scale = max(1, scale)
    }

    /// Times `iterations` frames of each kind.
    public func run(iterations: Int) throws -> Result {
        let without = try measure(iterations: iterations, hud: false, full: false)
        let with = try measure(iterations: iterations, hud: true, full: false)
        let full = try measure(iterations: iterations, hud: true, full: true)
        return Result(withoutHUD: Summary(without.frames), withHUD: Summary(with.frames),
                      hudOnly: Summary(with.hud), fullWithHUD: Summary(full.frames))
    }

    // MARK: - Frames

    private func measure(iterations: Int, hud showsHUD: Bool, full: Bool) throws
        -> (frames: [Double], hud: [Double]) {
        let clock = VirtualClock()
        let host = SceneHost(sceneType: TouchDemoScene.self, size: size, profile: .uikit, clock: clock, recorder: nil)
        host.willHandleFrame = { time in clock.advance(to: max(clock.now, time)) }
        let hud = HUD()
        if let reason = hud.unavailableReason { throw FontError(description: reason) }
        hud.showsHUD = showsHUD
        let renderer = Renderer()
        let buffer = try PixelBuffer(width: Int(size.width) * scale, height: Int(size.height) * scale,
                                     format: .xrgb8888)
        var damage = DamageTracker()
        var frames: [Double] = [], hudTimes: [Double] = []
        let start = Point(x: TouchDemoScene.cornerMargin + 60, y: TouchDemoScene.cornerMargin + 60)
        for frame in 0..<(warmupFrames + iterations) {
            for record in records(frame: frame, start: start) {
                hud.record(record)
                host.push(record)
            }
            let t0 = DispatchTime.now().uptimeNanoseconds
            for rect in host.takeDamage() { damage.add(rect) }
            let t1 = DispatchTime.now().uptimeNanoseconds
            let snapshot = HUDSnapshot(windowSize: size, scene: TouchDemoScene.info.name, profile: "uikit",
                                       seatName: "bench", touchVersion: 8, frameCount: host.frameCount,
                                       touches: host.application.activeTouches.map {
                                           TouchLabel(id: $0.id, phase: $0.phase, tapCount: $0.tapCount,
                                                      location: $0.location(in: nil))
                                       }, log: hud.log.entries)
            for rect in hud.update(snapshot, keyMap: KeyCommand.keyMapLines) { damage.add(rect) }
            let t2 = DispatchTime.now().uptimeNanoseconds
            let repaint = full ? nil : damage.repaintRects(bufferAge: 1)
            renderer.draw(items: host.displayItems(), background: host.background, into: buffer.target,
                          scale: Double(scale), clip: repaint)
            let t3 = DispatchTime.now().uptimeNanoseconds
            hud.draw(into: buffer.target, scale: Double(scale), clip: repaint)
            let t4 = DispatchTime.now().uptimeNanoseconds
            damage.commitFrame()
            guard frame >= warmupFrames else { continue }
            frames.append(Double(t4 - t0) / 1e6)
            hudTimes.append(Double((t2 - t1) + (t4 - t3)) / 1e6)
        }
        return (frames, hudTimes)
    }

    /// Frame `n`'s records: finger 0 drags the red square right and back, finger 1 circles the middle.
    private func records(frame n: Int, start: Point) -> [RawRecord] {
        let time = UInt32(n * 16)
        let span = 40  // frames out, then as many back
        let phase = n % (2 * span)
        let travel = Double(phase < span ? phase : 2 * span - phase)
        let p0 = Point(x: start.x + travel * step, y: start.y + travel * step / 2)
        let angle = Double(n) * 0.1
        let p1 = Point(x: size.width / 2 + 120 * cos(angle), y: size.height / 2 + 120 * sin(angle))
        func fixed(_ v: Double) -> WLFixed { WLFixed(v) }
        if n == 0 {
            return [RawRecord(.down(serial: 1, time: time, surface: nil, id: 0, x: fixed(p0.x), y: fixed(p0.y))),
                    RawRecord(.down(serial: 2, time: time, surface: nil, id: 1, x: fixed(p1.x), y: fixed(p1.y))),
                    RawRecord(.frame)]
        }
        return [RawRecord(.motion(time: time, id: 0, x: fixed(p0.x), y: fixed(p0.y))),
                RawRecord(.motion(time: time, id: 1, x: fixed(p1.x), y: fixed(p1.y))),
                RawRecord(.frame)]
    }
}
