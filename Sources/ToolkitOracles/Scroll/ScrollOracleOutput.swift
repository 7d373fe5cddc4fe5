import Foundation

// MARK: - What a scrolling oracle prints besides its ready line

/// One drawn frame: the frame clock's time (µs of CLOCK_MONOTONIC), the vertical offset, and the wl_touch time
/// (ms) of the last touch event handled before it (0: none yet); optionally the last one handled before the frame
/// clock's time itself (`tickTouch`: Qt's frame time is its animation tick's, which can precede touch events).
struct ScrollFrameLine: Decodable, Hashable {
    var frame: Int64
    var offset: Double
    var touch: UInt32
    var tickTouch: UInt32?
}

/// The velocity the toolkit computed at a lift, and its frame clock then (µs) if it reported it; or (`kind` "press")
/// the clock's last tick before the toolkit handled a touch-down.
struct ScrollSwipeLine: Decodable, Hashable {
    var kind: String
    var time: UInt32
    var vx: Double?
    var vy: Double?
    var clock: Int64?
}

/// When the toolkit began handling one touch event: its wl_touch time (ms) and the toolkit's clock (µs).
struct ScrollTouchLine: Decodable, Hashable {
    var kind: String
    var time: UInt32
    var clock: Int64
}

/// The ready line's scroll fields: the content's height and the page (the view's height), px.
struct ScrollReadyLine: Decodable {
    var content: Double?
    var page: Double?
}

enum ScrollOracleOutput {
    /// The frame, swipe and touch lines of `log` (one JSON object per line), in order.
    static func lines(_ log: String) -> (frames: [ScrollFrameLine], swipes: [ScrollSwipeLine], touches: [ScrollTouchLine]) {
        let decoder = JSONDecoder()
        var frames: [ScrollFrameLine] = [], swipes: [ScrollSwipeLine] = [], touches: [ScrollTouchLine] = []
        for line in log.split(whereSeparator: \.isNewline) where line.hasPrefix("{") {
            let data = Data(line.utf8)
            if line.contains("\"frame\""), let frame = try? decoder.decode(ScrollFrameLine.self, from: data) {
                frames.append(frame)
            } else if line.contains("\"swipe\"") || line.contains("\"press\""),
                      let swipe = try? decoder.decode(ScrollSwipeLine.self, from: data) {
                swipes.append(swipe)
            } else if line.contains("\"kind\":\"touch\""), let touch = try? decoder.decode(ScrollTouchLine.self, from: data) {
                touches.append(touch)
            }
        }
        return (frames, swipes, touches)
    }

    /// µs of CLOCK_MONOTONIC as ms relative to the wl_touch time `origin` (uint32 ms, wrapping): the frame clock
    /// and weston's wl_touch stamps read the same clock.
    static func milliseconds(_ microseconds: Int64, after origin: UInt32) -> Double {
        let whole = UInt32(truncatingIfNeeded: microseconds / 1000)
        let fraction = Double(microseconds % 1000) / 1000
        return Double(Int32(bitPattern: whole &- origin)) + fraction
    }

    /// A wl_touch time relative to `origin`, ms (wrap-aware).
    static func milliseconds(_ time: UInt32, after origin: UInt32) -> Double {
        Double(Int32(bitPattern: time &- origin))
    }
}
