import TouchKit

// MARK: - A stroke the real Firefox 153.8.0 received, and what its page read

/// Recorded by `gesture-sandbox toolkits --scroll --corpus --toolkits firefox` (oracles/firefox-scroll/oracle.html
/// under the runner's weston): the wl_touch events from its WAYLAND_DEBUG log, each page frame's time (ms, CLOCK_MONOTONIC),
/// `scrollY` and the wl_touch time of the last touch the page had seen, and the done times of the frame callbacks
/// weston sent Firefox (its composites sample APZ at them). The frames stop 700 ms after the case began; `rest` is
/// where the page came to rest 2.6 s after it.
struct FirefoxScrollStream {
    var startOffset: Double
    var events: [ScrollTouchEvent]
    /// (frame time ms, scrollY, last touch ms)
    var frames: [(time: Double, offset: Double, touch: Double?)]
    var vsyncs: [Double]
    var rest: Double

    var input: ScrollModelInput {
        ScrollModelInput(startOffset: startOffset, events: events,
                         frames: frames.map { ScrollFrame(time: $0.time, lastTouch: $0.touch) }, vsyncs: vsyncs)
    }

    /// `flick-120px-80ms-decelerating` (corpus of scroll strokes), the case's injection starting at wl_touch time 61554381.
    static let flick = FirefoxScrollStream(
        startOffset: 99517,
        events: [
            ScrollTouchEvent(.down, time: 61554384, x: 500, y: 600),
            ScrollTouchEvent(.motion, time: 61554430, x: 499.75, y: 562),
            ScrollTouchEvent(.motion, time: 61554438, x: 499.5, y: 546.25),
            ScrollTouchEvent(.motion, time: 61554446, x: 499.25, y: 534.25),
            ScrollTouchEvent(.motion, time: 61554454, x: 499, y: 524),
            ScrollTouchEvent(.motion, time: 61554463, x: 498.75, y: 515.25),
            ScrollTouchEvent(.motion, time: 61554470, x: 498.5, y: 507),
            ScrollTouchEvent(.motion, time: 61554478, x: 498.25, y: 499.5),
            ScrollTouchEvent(.motion, time: 61554486, x: 498, y: 492.75),
            ScrollTouchEvent(.motion, time: 61554495, x: 497.75, y: 486.25),
            ScrollTouchEvent(.motion, time: 61554503, x: 497.5, y: 480),
            ScrollTouchEvent(.up, time: 61554503, x: 497.5, y: 480),
        ],
        frames: [
            (61554394.471, 99517, 61554384), (61554411.111, 99517, 61554384), (61554428.511, 99517, 61554384),
            (61554444.931, 99568, 61554438), (61554461.031, 99590, 61554455), (61554478.191, 99607, 61554471),
            (61554495.251, 99622, 61554487), (61554511.431, 99634, 61554504), (61554528.591, 99658, 61554504),
            (61554544.851, 99679, 61554504), (61554561.911, 99679, 61554504), (61554578.331, 99700, 61554504),
            (61554594.691, 99719, 61554504), (61554611.791, 99719, 61554504), (61554628.211, 99737, 61554504),
            (61554644.811, 99737, 61554504), (61554661.031, 99754, 61554504), (61554678.591, 99770, 61554504),
            (61554695.191, 99770, 61554504), (61554711.591, 99786, 61554504), (61554728.311, 99800, 61554504),
            (61554744.411, 99800, 61554504), (61554761.911, 99814, 61554504), (61554777.691, 99814, 61554504),
            (61554795.091, 99828, 61554504), (61554811.771, 99840, 61554504), (61554828.291, 99840, 61554504),
            (61554844.451, 99852, 61554504), (61554861.551, 99863, 61554504), (61554878.031, 99863, 61554504),
            (61554894.491, 99874, 61554504), (61554911.911, 99874, 61554504), (61554928.591, 99884, 61554504),
            (61554945.231, 99894, 61554504), (61554961.871, 99894, 61554504), (61554978.291, 99904, 61554504),
            (61554995.071, 99912, 61554504), (61555011.171, 99912, 61554504), (61555028.591, 99920, 61554504),
            (61555045.211, 99920, 61554504), (61555061.911, 99928, 61554504), (61555078.571, 99935, 61554504),
        ],
        vsyncs: [
            61554281, 61554308, 61554334, 61554361, 61554387, 61554414, 61554440, 61554467, 61554493, 61554520,
            61554546, 61554573, 61554599, 61554626, 61554652, 61554679, 61554705, 61554732, 61554758, 61554785,
            61554812, 61554838, 61554866, 61554892, 61554919, 61554946, 61554972, 61554999, 61555025, 61555052,
            61555078,
        ],
        rest: 100065)
}
