import TouchKit

// MARK: - The boundary corpus of the gtk-3.24 model, generated from its own settings

extension GTK324Model: ToolkitCorpusProviding {
    /// The shared GTK boundary cases (``GTKBoundaryCorpus``) at ``settings``, every case with a cancel closed by a
    /// tap, then the cases only GTK 3 answers its own way: sub-pixel drifts of a long press around the drag
    /// threshold, which GTK 3 checks on whole pixels.
    public var corpus: [ToolkitCorpusCase] {
        let shared = GTKBoundaryCorpus(doubleClickTime: settings.doubleClickTime.value,
                                       doubleClickDistance: settings.doubleClickDistance.value,
                                       dragThreshold: settings.dragThreshold.value,
                                       longPressTime: settings.longPressTime.value).cases
        let cases = shared.map(Self.closingCancel) + wholePixelCases
        // The sample first, so `--limit 12` (and the toolkits test tier) touches every GTK 3 rule.
        let sample = Self.sample.compactMap { name in cases.first { $0.name == name } }
        return sample + cases.filter { !Self.sample.contains($0.name) }
    }

    /// Twelve cases, one per rule: series, timers, slop, pan, two fingers, both cancels and the whole-pixel drift.
    private static let sample = [
        "double-tap-0", "second-press-x-far-0", "hold-long-0", "hold-drift-x-out-0", "hold-subpixel-fraction-in-x",
        "hold-subpixel-whole-out-y", "drag-right-0", "drag-down-0", "pinch-out-0", "third-finger-0", "cancel-hold-0",
        "cancel-pinch-0",
    ]

    /// GTK 3 hands the cancel of the pointer-emulating touch to its controllers only with the next touch event: a
    /// case ending in a cancel would see it land in the next case, whose fresh model cannot know of it. A tap
    /// 100 ms after the cancel brings it inside its own case (where the model must hold it back the same way).
    private static func closingCancel(_ entry: ToolkitCorpusCase) -> ToolkitCorpusCase {
        guard entry.script.split(separator: ";").contains(where: { $0.trimmingPrefix(" ") == "cancel" }) else { return entry }
        var script = GTKCorpusScript()
        script.raw(entry.script)
        script.sleep(100)
        script.tap(520, 340)
        return ToolkitCorpusCase(name: entry.name, summary: entry.summary + "; a tap 100 ms later delivers GTK 3's held-back "
                                     + "cancel", script: script.text)
    }

    /// A press held 1.6 × the long-press time after one motion at 150 ms from a sub-pixel start: the drift in
    /// doubles is beyond the drag threshold in every case, but the positions truncated to gint (what
    /// gtk_drag_check_threshold takes) are beyond it only in some.
    private var wholePixelCases: [ToolkitCorpusCase] {
        let slop = settings.dragThreshold.value
        let hold = Int(settings.longPressTime.value) * 8 / 5
        // (label, start offset within the pixel, drift), each on x and on y.
        let drifts: [(String, Double, Double)] = [
            ("whole-in", 0, slop + 0.9), ("fraction-in", 0.9, slop + 0.05), ("fraction-in-wide", 0.5, slop + 0.45),
            ("whole-out", 0, slop + 1.1), ("fraction-out", 0.4, slop + 0.7), ("back-out", 0, -(slop + 0.9)),
        ]
        var cases: [ToolkitCorpusCase] = []
        for (label, start, drift) in drifts {
            for horizontal in [true, false] {
                let (x, y) = (240 + start, 180 + start)
                let (tx, ty) = horizontal ? (x + drift, y) : (x, y + drift)
                var script = GTKCorpusScript()
                script.raw("down 0 \(Self.decimal(x)) \(Self.decimal(y)); frame")
                script.sleep(150)
                script.raw("motion 0 \(Self.decimal(tx)) \(Self.decimal(ty)); frame")
                script.sleep(hold - 150)
                script.up(0)
                let axis = horizontal ? "x" : "y"
                cases.append(ToolkitCorpusCase(
                    name: "hold-subpixel-\(label)-\(axis)",
                    summary: "held \(hold) ms after moving \(Self.decimal(drift)) px on \(axis) from \(Self.decimal(x)),"
                        + "\(Self.decimal(y)): whole pixels \(Int(tx) - Int(x)),\(Int(ty) - Int(y)) against \(Int(slop))",
                    script: script.text))
            }
        }
        return cases
    }

    /// Two decimals at most, as the compact script writes coordinates (wl_fixed carries 1/256 px).
    private static func decimal(_ value: Double) -> String {
        let hundredths = (value * 100).rounded()
        let whole = hundredths / 100
        return whole == whole.rounded() ? String(Int(whole)) : String(whole)
    }
}
