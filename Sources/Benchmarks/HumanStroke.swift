import Foundation
import TouchKit

// MARK: - Strokes as a hand makes them

/// The kinds of finger motion `gesture-bench latency --effective` injects and reports apart.
public enum StrokeKind: String, Sendable, CaseIterable {
    /// The classic drag: 190–265 px/s, wavy, stopping from full speed between two input frames.
    case abrupt = "abrupt drag"
    /// Minimum-jerk strokes lifted as soon as they come to rest.
    case minimumJerk = "minimum-jerk"
    /// Minimum-jerk strokes that rest before the finger lifts.
    case minimumJerkHeld = "minimum-jerk, held"
}

/// A straight stroke with a minimum-jerk speed profile, the smoothest motion from rest to rest
/// and close to how a finger moves (Flash and Hogan): s(t) = L·(10τ³ − 15τ⁴ + 6τ⁵), τ = t/T.
/// It speeds up, peaks at 1.875 L/T halfway and slows to rest at L, so a predictor sees the stop
/// coming, which the abrupt drag never lets it.
public struct HumanStroke: Sendable, Equatable {
    /// How far the finger travels (logical px).
    public var length: Double
    /// How long it travels (s).
    public var duration: Double
    /// How long it rests at the end before lifting (s); 0 lifts one input interval after the end.
    public var hold: Double

    /// Creates a stroke.
    public init(length: Double, duration: Double, hold: Double) {
        self.length = length
        self.duration = duration
        self.hold = hold
    }

    /// The set the benchmark injects: every length with every duration, each with and without `hold`.
    public static func benchmarkSet(hold: Double) -> [HumanStroke] {
        [0.0, hold].flatMap { rest in
            [100.0, 300, 600].flatMap { length in
                [0.15, 0.3, 0.6].map { HumanStroke(length: length, duration: $0, hold: rest) }
            }
        }
    }

    /// The kind the stroke is reported as.
    public var kind: StrokeKind { hold > 0 ? .minimumJerkHeld : .minimumJerk }

    /// Distance travelled at `time` s after the start (clamped to the stroke).
    public func distance(at time: Double) -> Double {
        let t = min(max(time / duration, 0), 1)
        return length * t * t * t * (10 - 15 * t + 6 * t * t)
    }

    /// Speed at `time` s after the start (px/s): 30 L/T · τ²(1 − τ)².
    public func speed(at time: Double) -> Double {
        let t = min(max(time / duration, 0), 1)
        return 30 * length / duration * t * t * (1 - t) * (1 - t)
    }

    /// The frames a touchscreen sampling every `interval` s reports, the down at `start` (a
    /// CLOCK_MONOTONIC time), from `origin` along the unit vector `direction`: the down, a motion
    /// per sample up to the end (the last one exactly at the end, where the finger comes to
    /// rest), and the up after the hold (at least one interval after the last motion).
    public func path(start: Double, origin: Point, direction: (x: Double, y: Double), interval: Double) -> InjectedPath {
        var offsets = Array(stride(from: 0, to: duration, by: interval))
        if duration - offsets.last! < interval / 4 { offsets.removeLast() }  // no motion a fraction of a sample before the end
        offsets.append(duration)
        var times = offsets.map { start + $0 }
        var points = offsets.map { offset in
            let s = distance(at: offset)
            return Point(x: origin.x + direction.x * s, y: origin.y + direction.y * s)
        }
        times.append(start + duration + max(hold, interval))
        points.append(points.last!)
        return InjectedPath(times: times, points: points)
    }
}

/// One injected stroke of a run: its kind and where the finger was when.
public struct InjectedStroke: Sendable {
    /// How it moved.
    public var kind: StrokeKind
    /// The frames as sent (CLOCK_MONOTONIC s).
    public var path: InjectedPath

    /// Creates a stroke record.
    public init(kind: StrokeKind, path: InjectedPath) {
        self.kind = kind
        self.path = path
    }
}
