// MARK: - Frames of a display that never misses one

extension ScrollFrame {
    /// Frames every 1/60 s from 0 through one frame past `end` (ms), each drawn after every touch event up to it:
    /// what a scroll model needs when no real toolkit drew the frames (a stroke checked before a run, the HUD).
    public static func steady(through end: Double) -> [ScrollFrame] {
        let interval = 1000.0 / 60
        let count = Int(((max(0, end) + interval) / interval + 1e-9).rounded(.down)) + 1
        return (0..<count).map { index in
            let time = Double(index) * interval
            return ScrollFrame(time: time, lastTouch: time)
        }
    }
}
