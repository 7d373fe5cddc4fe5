import TouchKit

// MARK: - Strokes the real Qt 6.4.2 received, and what its Flickable drew

/// Recorded by `gesture-sandbox toolkits --scroll --corpus --toolkits qt` (oracles/qt-scroll/oracle.py under the
/// runner's weston, a loaded two-core machine), every time moved by the same amount to 81 503 000 ms since boot: the
/// wl_touch events from its WAYLAND_DEBUG log (with the wl_touch frame that closed each), every frame's animation tick
/// time (ms), contentY, the last touch handled before the frame and before its tick, each touch-down's last tick
/// before it, and each fling's clock and velocity (contentY px/s).
struct QtScrollStream {
    var startOffset: Double
    var events: [ScrollTouchEvent]
    /// (tick ms, contentY, last touch ms, last touch before the tick ms)
    var frames: [(time: Double, offset: Double, touch: Double, tickTouch: Double?)]
    var flingClocks: [Double], pressClocks: [Double]
    /// The velocity each fling started with, as the Flickable reported it.
    var flings: [Double]

    var input: ScrollModelInput {
        ScrollModelInput(startOffset: startOffset, events: events,
                         frames: frames.map { ScrollFrame(time: $0.time, lastTouch: $0.touch, touchBeforeTime: $0.tickTouch) },
                         flingClocks: flingClocks, pressClocks: pressClocks)
    }

    /// `flick-300px-120ms-steady` (corpus of scroll strokes, case flick-300px-120ms-steady).
    static let flick300120msSteady = QtScrollStream(
        startOffset: 100318,
        events: [
            ScrollTouchEvent(.down, time: 81503001, x: 500, y: 600, frame: 0),
            ScrollTouchEvent(.motion, time: 81503054, x: 499.75, y: 580, frame: 1),
            ScrollTouchEvent(.motion, time: 81503066, x: 499.5, y: 560, frame: 2),
            ScrollTouchEvent(.motion, time: 81503074, x: 499.25, y: 540, frame: 3),
            ScrollTouchEvent(.motion, time: 81503085, x: 499, y: 520, frame: 4),
            ScrollTouchEvent(.motion, time: 81503094, x: 498.75, y: 500, frame: 5),
            ScrollTouchEvent(.motion, time: 81503102, x: 498.5, y: 480, frame: 6),
            ScrollTouchEvent(.motion, time: 81503114, x: 498.25, y: 460, frame: 7),
            ScrollTouchEvent(.motion, time: 81503122, x: 498, y: 440, frame: 8),
            ScrollTouchEvent(.motion, time: 81503130, x: 497.75, y: 420, frame: 9),
            ScrollTouchEvent(.motion, time: 81503138, x: 497.5, y: 400, frame: 10),
            ScrollTouchEvent(.motion, time: 81503146, x: 497.25, y: 380, frame: 11),
            ScrollTouchEvent(.motion, time: 81503154, x: 497, y: 360, frame: 12),
            ScrollTouchEvent(.motion, time: 81503162, x: 496.75, y: 340, frame: 13),
            ScrollTouchEvent(.motion, time: 81503170, x: 496.5, y: 320, frame: 14),
            ScrollTouchEvent(.motion, time: 81503179, x: 496.25, y: 300, frame: 15),
            ScrollTouchEvent(.up, time: 81503179, x: 496.25, y: 300, frame: 16),
        ],
        frames: [
            (81503066.685, 100338, 81503074, 81503066), (81503085.685, 100358, 81503085, 81503074), (81503114.685, 100398, 81503102, 81503102),
            (81503129.685, 100478, 81503138, 81503122), (81503162.685, 100538, 81503162, 81503154), (81503194.685, 100604.771, 81503179, 81503179),
            (81503210.685, 100631.1582, 81503179, 81503179), (81503242.685, 100682.7811, 81503179, 81503179), (81503274.685, 100732.8686, 81503179, 81503179),
            (81503290.685, 100757.3366, 81503179, 81503179), (81503322.685, 100805.121, 81503179, 81503179), (81503354.685, 100851.37, 81503179, 81503179),
            (81503369.685, 100872.5207, 81503179, 81503179), (81503401.685, 100916.5147, 81503179, 81503179), (81503434.685, 100960.2753, 81503179, 81503179),
            (81503450.685, 100980.9049, 81503179, 81503179), (81503481.685, 101019.7823, 81503179, 81503179), (81503514.685, 101059.5845, 81503179, 81503179),
            (81503530.685, 101078.2948, 81503179, 81503179), (81503562.685, 101114.5639, 81503179, 81503179), (81503594.685, 101149.2976, 81503179, 81503179),
            (81503610.685, 101166.0887, 81503179, 81503179), (81503642.685, 101198.5193, 81503179, 81503179), (81503674.685, 101229.4146, 81503179, 81503179),
            (81503689.685, 101243.3682, 81503179, 81503179), (81503721.685, 101272.0084, 81503179, 81503179), (81503754.685, 101299.9355, 81503179, 81503179),
            (81503770.685, 101312.8881, 81503179, 81503179), (81503801.685, 101336.8916, 81503179, 81503179), (81503834.685, 101360.8602, 81503179, 81503179),
            (81503850.685, 101371.8937, 81503179, 81503179), (81503882.685, 101392.809, 81503179, 81503179), (81503914.685, 101412.1889, 81503179, 81503179),
            (81503930.685, 101421.3031, 81503179, 81503179), (81503962.685, 101438.3799, 81503179, 81503179), (81503994.685, 101453.9214, 81503179, 81503179),
            (81504010.685, 101461.1164, 81503179, 81503179), (81504042.685, 101474.3548, 81503179, 81503179), (81504074.685, 101486.0578, 81503179, 81503179),
            (81504089.685, 101491.0151, 81503179, 81503179), (81504122.685, 101500.7336, 81503179, 81503179), (81504154.685, 101508.5982, 81503179, 81503179),
            (81504169.685, 101511.7562, 81503179, 81503179), (81504202.685, 101517.5162, 81503179, 81503179), (81504234.685, 101521.5424, 81503179, 81503179),
            (81504266.685, 101524.0331, 81503179, 81503179), (81504282.685, 101524.7028, 81503179, 81503179), (81504314.685, 101525, 81503179, 81503179),
        ],
        flingClocks: [81503178.685], pressClocks: [], flings: [1685.185])

    /// `batched-300px-120ms` (corpus of scroll strokes, case batched-300px-120ms).
    static let batched300120ms = QtScrollStream(
        startOffset: 94753,
        events: [
            ScrollTouchEvent(.down, time: 81503000, x: 450, y: 600, frame: 0),
            ScrollTouchEvent(.motion, time: 81503021, x: 449.75, y: 580, frame: 1),
            ScrollTouchEvent(.motion, time: 81503021, x: 450, y: 560, frame: 1),
            ScrollTouchEvent(.motion, time: 81503032, x: 449.75, y: 540, frame: 2),
            ScrollTouchEvent(.motion, time: 81503032, x: 450, y: 520, frame: 2),
            ScrollTouchEvent(.motion, time: 81503048, x: 449.75, y: 500, frame: 3),
            ScrollTouchEvent(.motion, time: 81503048, x: 450, y: 480, frame: 3),
            ScrollTouchEvent(.motion, time: 81503068, x: 449.75, y: 460, frame: 4),
            ScrollTouchEvent(.motion, time: 81503068, x: 450, y: 440, frame: 4),
            ScrollTouchEvent(.motion, time: 81503097, x: 449.75, y: 420, frame: 5),
            ScrollTouchEvent(.motion, time: 81503097, x: 450, y: 400, frame: 5),
            ScrollTouchEvent(.motion, time: 81503101, x: 449.75, y: 380, frame: 6),
            ScrollTouchEvent(.motion, time: 81503101, x: 450, y: 360, frame: 6),
            ScrollTouchEvent(.motion, time: 81503113, x: 449.75, y: 340, frame: 7),
            ScrollTouchEvent(.motion, time: 81503113, x: 450, y: 320, frame: 7),
            ScrollTouchEvent(.motion, time: 81503121, x: 449.75, y: 310, frame: 8),
            ScrollTouchEvent(.motion, time: 81503121, x: 450, y: 300, frame: 8),
            ScrollTouchEvent(.up, time: 81503121, x: 450, y: 300, frame: 9),
        ],
        frames: [
            (81503043.685, 94793, 81503048, 81503032), (81503058.685, 94833, 81503068, 81503048), (81503107.685, 94913, 81503101, 81503101),
            (81503122.685, 95005.7479, 81503121, 81503121), (81503155.685, 95076.6051, 81503121, 81503121), (81503187.685, 95143.755, 81503121, 81503121),
            (81503219.685, 95209.3686, 81503121, 81503121), (81503251.685, 95273.4461, 81503121, 81503121), (81503283.685, 95335.9874, 81503121, 81503121),
            (81503315.685, 95396.9925, 81503121, 81503121), (81503347.685, 95456.4614, 81503121, 81503121), (81503363.685, 95485.6198, 81503121, 81503121),
            (81503394.685, 95541.0213, 81503121, 81503121), (81503426.685, 95596.6977, 81503121, 81503121), (81503459.685, 95652.5051, 81503121, 81503121),
            (81503491.685, 95705.0612, 81503121, 81503121), (81503506.685, 95729.168, 81503121, 81503121), (81503538.685, 95779.4678, 81503121, 81503121),
            (81503570.685, 95828.2314, 81503121, 81503121), (81503602.685, 95875.4589, 81503121, 81503121), (81503635.685, 95922.5532, 81503121, 81503121),
            (81503667.685, 95966.6602, 81503121, 81503121), (81503684.685, 95989.4673, 81503121, 81503121), (81503715.685, 96029.9404, 81503121, 81503121),
            (81503746.685, 96068.9719, 81503121, 81503121), (81503778.685, 96107.7503, 81503121, 81503121), (81503811.685, 96146.1316, 81503121, 81503121),
            (81503827.685, 96164.1526, 81503121, 81503121), (81503858.685, 96197.9755, 81503121, 81503121), (81503891.685, 96232.3963, 81503121, 81503121),
            (81503923.685, 96264.2138, 81503121, 81503121), (81503955.685, 96294.4952, 81503121, 81503121), (81503988.685, 96324.1139, 81503121, 81503121),
            (81504018.685, 96349.6223, 81503121, 81503121), (81504052.685, 96376.8997, 81503121, 81503121), (81504067.685, 96388.3825, 81503121, 81503121),
            (81504099.685, 96411.751, 81503121, 81503121), (81504130.685, 96432.9243, 81503121, 81503121), (81504168.685, 96456.912, 81503121, 81503121),
            (81504180.685, 96464.037, 81503121, 81503121), (81504211.685, 96481.4433, 81503121, 81503121), (81504243.685, 96497.899, 81503121, 81503121),
            (81504259.685, 96505.5508, 81503121, 81503121), (81504291.685, 96519.7022, 81503121, 81503121), (81504323.685, 96532.3174, 81503121, 81503121),
            (81504355.685, 96543.3964, 81503121, 81503121), (81504371.685, 96548.3598, 81503121, 81503121), (81504403.685, 96557.1346, 81503121, 81503121),
            (81504434.685, 96564.1702, 81503121, 81503121), (81504451.685, 96567.4163, 81503121, 81503121), (81504483.685, 96572.3506, 81503121, 81503121),
            (81504514.685, 96575.6658, 81503121, 81503121), (81504547.685, 96577.6106, 81503121, 81503121), (81504563.685, 96577.9655, 81503121, 81503121),
            (81504595.685, 96578, 81503121, 81503121),
        ],
        flingClocks: [81503107.685], pressClocks: [], flings: [2194.444])

    /// `two-flicks-400ms-apart` (corpus of scroll strokes, case two-flicks-400ms-apart).
    static let twoFlicks400msApart = QtScrollStream(
        startOffset: 99490,
        events: [
            ScrollTouchEvent(.down, time: 81503041, x: 560, y: 120, frame: 0),
            ScrollTouchEvent(.motion, time: 81503041, x: 559.75, y: 140, frame: 1),
            ScrollTouchEvent(.motion, time: 81503041, x: 559.5, y: 160, frame: 2),
            ScrollTouchEvent(.motion, time: 81503086, x: 559.25, y: 180, frame: 3),
            ScrollTouchEvent(.motion, time: 81503086, x: 559, y: 200, frame: 4),
            ScrollTouchEvent(.motion, time: 81503086, x: 558.75, y: 220, frame: 5),
            ScrollTouchEvent(.motion, time: 81503097, x: 558.5, y: 240, frame: 6),
            ScrollTouchEvent(.motion, time: 81503137, x: 558.25, y: 260, frame: 7),
            ScrollTouchEvent(.motion, time: 81503137, x: 558, y: 280, frame: 8),
            ScrollTouchEvent(.motion, time: 81503137, x: 557.75, y: 300, frame: 9),
            ScrollTouchEvent(.motion, time: 81503174, x: 557.5, y: 320, frame: 10),
            ScrollTouchEvent(.motion, time: 81503185, x: 557.25, y: 340, frame: 11),
            ScrollTouchEvent(.motion, time: 81503193, x: 557, y: 360, frame: 12),
            ScrollTouchEvent(.motion, time: 81503199, x: 556.75, y: 370, frame: 13),
            ScrollTouchEvent(.up, time: 81503199, x: 556.75, y: 370, frame: 14),
            ScrollTouchEvent(.down, time: 81503609, x: 560, y: 120, frame: 14),
            ScrollTouchEvent(.motion, time: 81503613, x: 559.75, y: 144, frame: 15),
            ScrollTouchEvent(.motion, time: 81503642, x: 559.5, y: 168, frame: 16),
            ScrollTouchEvent(.motion, time: 81503653, x: 559.25, y: 192, frame: 17),
            ScrollTouchEvent(.motion, time: 81503669, x: 559, y: 216, frame: 18),
            ScrollTouchEvent(.motion, time: 81503703, x: 558.75, y: 240, frame: 19),
            ScrollTouchEvent(.motion, time: 81503712, x: 558.5, y: 264, frame: 20),
            ScrollTouchEvent(.motion, time: 81503749, x: 558.25, y: 288, frame: 21),
            ScrollTouchEvent(.motion, time: 81503749, x: 558, y: 312, frame: 22),
            ScrollTouchEvent(.motion, time: 81503761, x: 557.75, y: 336, frame: 23),
            ScrollTouchEvent(.motion, time: 81503793, x: 557.5, y: 360, frame: 24),
            ScrollTouchEvent(.motion, time: 81503833, x: 557.25, y: 384, frame: 25),
            ScrollTouchEvent(.motion, time: 81503833, x: 557, y: 408, frame: 26),
            ScrollTouchEvent(.motion, time: 81503837, x: 556.75, y: 420, frame: 27),
            ScrollTouchEvent(.up, time: 81503837, x: 556.75, y: 420, frame: 28),
        ],
        frames: [
            (81503091.615, 99430, 81503086, 81503041), (81503155.615, 99350, 81503137, 81503137), (81503192.615, 99310, 81503185, 81503137),
            (81503334.615, 99280, 81503199, 81503185), (81503387.615, 99208.0942, 81503199, 81503199), (81503405.615, 99184.632, 81503199, 81503199),
            (81503434.615, 99147.854, 81503199, 81503199), (81503483.615, 99088.5785, 81503199, 81503199), (81503577.615, 98984.9484, 81503199, 81503199),
            (81503620.615, 98917.9617, 81503613, 81503199), (81503749.615, 98797.9617, 81503712, 81503669), (81503749.615, 98701.9617, 81503793, 81503669),
            (81503833.615, 98641.9617, 81503837, 81503793), (81503893.615, 98594.2644, 81503837, 81503837), (81503923.615, 98572.4428, 81503837, 81503837),
            (81503997.615, 98524.3941, 81503837, 81503837), (81504061.615, 98489.4692, 81503837, 81503837), (81504081.615, 98479.8165, 81503837, 81503837),
            (81504137.615, 98455.984, 81503837, 81503837), (81504181.615, 98440.5618, 81503837, 81503837), (81504279.615, 98416.66, 81503837, 81503837),
            (81504309.615, 98412.226, 81503837, 81503837), (81504349.615, 98408.4162, 81503837, 81503837), (81504390.615, 98407.0044, 81503837, 81503837),
            (81504445.615, 98407, 81503837, 81503837),
        ],
        flingClocks: [81503334.615, 81503833.615], pressClocks: [81503049.615, 81503620.615], flings: [-1396.465, -840])

    /// `tap-stops-fling-350ms` (corpus of scroll strokes, case tap-stops-fling-350ms).
    static let tapStopsFling350ms = QtScrollStream(
        startOffset: 98194,
        events: [
            ScrollTouchEvent(.down, time: 81503000, x: 600, y: 600, frame: 0),
            ScrollTouchEvent(.motion, time: 81503008, x: 599.75, y: 574.5, frame: 1),
            ScrollTouchEvent(.motion, time: 81503026, x: 599.5, y: 549, frame: 2),
            ScrollTouchEvent(.motion, time: 81503057, x: 599.25, y: 523.75, frame: 3),
            ScrollTouchEvent(.motion, time: 81503057, x: 599, y: 498.25, frame: 4),
            ScrollTouchEvent(.motion, time: 81503084, x: 598.75, y: 472.75, frame: 5),
            ScrollTouchEvent(.motion, time: 81503094, x: 598.5, y: 447.25, frame: 6),
            ScrollTouchEvent(.motion, time: 81503108, x: 598.25, y: 421.75, frame: 7),
            ScrollTouchEvent(.motion, time: 81503132, x: 598, y: 396.25, frame: 8),
            ScrollTouchEvent(.motion, time: 81503132, x: 597.75, y: 371, frame: 9),
            ScrollTouchEvent(.motion, time: 81503148, x: 597.5, y: 345.5, frame: 10),
            ScrollTouchEvent(.motion, time: 81503159, x: 597.25, y: 320, frame: 11),
            ScrollTouchEvent(.motion, time: 81503165, x: 597, y: 294.5, frame: 12),
            ScrollTouchEvent(.motion, time: 81503175, x: 596.75, y: 269, frame: 13),
            ScrollTouchEvent(.motion, time: 81503212, x: 596.5, y: 250, frame: 14),
            ScrollTouchEvent(.up, time: 81503212, x: 596.5, y: 250, frame: 15),
            ScrollTouchEvent(.down, time: 81503560, x: 600, y: 360, frame: 15),
            ScrollTouchEvent(.up, time: 81503640, x: 600, y: 360, frame: 16),
        ],
        frames: [
            (81503072.615, 98244.75, 81503057, 81503026), (81503140.615, 98372, 81503132, 81503057), (81503140.615, 98397.5, 81503148, 81503057),
            (81503190.615, 98474, 81503175, 81503148), (81503262.615, 98493, 81503212, 81503175), (81503348.615, 98620.5947, 81503212, 81503212),
            (81503468.615, 98780.0955, 81503212, 81503212), (81503517.615, 98839.0148, 81503212, 81503212), (81503600.615, 98892.1456, 81503560, 81503560),
            (81503641.615, 98892, 81503640, 81503560),
        ],
        flingClocks: [81503262.615], pressClocks: [81503003.615, 81503564.615], flings: [1548.153])

}
