import Render
import TouchKit

// MARK: - Panels: what is drawn where

/// One line of HUD text: top-left corner, size and colour (logical px).
public struct HUDText: Hashable, Sendable {
    /// The text.
    public var text: String
    /// Top-left corner of its box.
    public var origin: Point
    /// Text size.
    public var size: Double
    /// Colour.
    public var color: Color
}

/// A filled rectangle of the HUD (panel backgrounds, cross-hair strokes).
public struct HUDBox: Hashable, Sendable {
    /// Where (logical px).
    public var rect: Rect
    /// Colour (composited over the scene).
    public var color: Color
}

/// One independently damaged piece of the HUD: a panel or one finger's label.
///
/// `frame` bounds everything the panel draws; when a panel changes, its old and new frames are
/// the damage, so an unchanged panel costs nothing and a moving label repaints two small boxes.
public struct HUDPanel: Hashable, Sendable {
    /// Stable identity across frames ("info", "log", "touch 3", …).
    public var id: String
    /// The bounding box of everything below.
    public var frame: Rect
    /// Boxes, drawn first, in order.
    public var boxes: [HUDBox]
    /// Text lines, drawn over the boxes.
    public var lines: [HUDText]
}

/// Lays a `HUDSnapshot` out as panels: info and recognizers at the top, the log at the bottom,
/// a label beside each finger, and the key map (when shown) in the middle.
public struct HUDLayout {
    /// Internal, not private: the control strip's layout (ControlStripLayout.swift) measures with it.
    let text: TextRenderer

    /// The key map panel's id.
    static let keyMapID = "keys"

    /// The id of a finger's label panel.
    static func labelID(_ touch: TouchLabel) -> String { "touch \(touch.id)" }

    /// A layout measuring with `text`.
    public init(text: TextRenderer) { self.text = text }

    /// The panels for `snapshot`; the key map is added when `keyMap` is non-nil.
    public func panels(_ snapshot: HUDSnapshot, showsHUD: Bool, keyMap: [String]?) -> [HUDPanel] {
        var result: [HUDPanel] = []
        if showsHUD {
            let info = panel("info", at: Point(x: HUDStyle.columnX, y: HUDStyle.margin), lines: infoLines(snapshot))
            result.append(info)
            let recognizers = panel("recognizers", at: Point(x: HUDStyle.columnX, y: info.frame.maxY + HUDStyle.margin),
                                    lines: recognizerLines(snapshot.recognizers))
            result.append(recognizers)
            var above = recognizers.frame.maxY
            if let heading = snapshot.toolkitModels.first {
                let models = panel("toolkit models", at: Point(x: HUDStyle.columnX, y: above + HUDStyle.margin),
                                   lines: [(heading, HUDStyle.dimTextColor)]
                                       + snapshot.toolkitModels.dropFirst().map { ($0, HUDStyle.textColor) })
                result.append(models)
                above = models.frame.maxY
            }
            result.append(panel("hint", at: Point(x: HUDStyle.columnX, y: above + HUDStyle.margin),
                                lines: [(HUDStyle.hint, HUDStyle.dimTextColor)]))
            result.append(logPanel(snapshot))
            result += snapshot.touches.map(touchPanel)
        }
        if let keyMap {
            var map = panel(Self.keyMapID, at: .zero, lines: [("keys", HUDStyle.dimTextColor)] + keyMap.map { ($0, HUDStyle.textColor) })
            let dx = ((snapshot.windowSize.width - map.frame.width) / 2).rounded() - map.frame.minX
            let dy = ((snapshot.windowSize.height - map.frame.height) / 2).rounded() - map.frame.minY
            map = Self.moved(map, by: Point(x: dx, y: dy))
            result.append(map)
        }
        return result
    }

    // MARK: - Panels

    private func infoLines(_ s: HUDSnapshot) -> [(String, Color)] {
        let seat = s.seatName.map { "seat \"\($0)\"" } ?? "seat (unnamed)"
        let touch = s.touchVersion.map { "wl_touch v\($0)" } ?? "no wl_touch"
        var lines: [(String, Color)] = [
            ("scene \(s.scene) · profile \(s.profile)", HUDStyle.textColor),
            ("\(seat) · \(touch)", HUDStyle.textColor),
            ("frames \(s.frameCount) · touches \(s.touches.count)\(s.isPaused ? " · PAUSED" : "")", HUDStyle.textColor),
        ]
        if let latency = s.latency { lines.append((latency, HUDStyle.textColor)) }
        if let prediction = s.prediction { lines.append((prediction, HUDStyle.textColor)) }
        if let status = s.status { lines.append((status, HUDStyle.dimTextColor)) }
        return lines
    }

    private func recognizerLines(_ recognizers: [RecognizerLine]) -> [(String, Color)] {
        guard !recognizers.isEmpty else { return [("no recognizers", HUDStyle.dimTextColor)] }
        return [("recognizers", HUDStyle.dimTextColor)]
            + recognizers.map { ("\($0.name) \($0.state) — \($0.reason)", HUDStyle.textColor) }
    }

    private func logPanel(_ s: HUDSnapshot) -> HUDPanel {
        let lineHeight = text.lineHeight(size: HUDStyle.textSize)
        let rows = Double(HUDStyle.logLength + 1)
        let height = rows * lineHeight + 2 * HUDStyle.padding
        let origin = Point(x: HUDStyle.columnX, y: s.windowSize.height - HUDStyle.margin - height)
        var lines: [HUDText] = [HUDText(text: "raw events (newest last)", origin: origin.offset(HUDStyle.padding, HUDStyle.padding),
                                        size: HUDStyle.textSize, color: HUDStyle.dimTextColor)]
        for (row, entry) in s.log.enumerated() {
            let y = origin.y + HUDStyle.padding + Double(row + 1) * lineHeight
            lines.append(HUDText(text: entry.text, origin: Point(x: origin.x + HUDStyle.padding, y: y),
                                 size: HUDStyle.textSize,
                                 color: entry.isBoundary ? HUDStyle.dimTextColor : HUDStyle.textColor))
        }
        let frame = Rect(origin: origin, size: Size(width: HUDStyle.logWidth, height: height))
        return HUDPanel(id: "log", frame: frame, boxes: [HUDBox(rect: frame, color: HUDStyle.panelColor)], lines: lines)
    }

    /// One finger's label and cross-hair.
    func touchPanel(_ touch: TouchLabel) -> HUDPanel {
        let p = touch.location, r = HUDStyle.markRadius, t = HUDStyle.markThickness
        let marks = [Rect(x: p.x - r, y: p.y - t / 2, width: 2 * r, height: t),
                     Rect(x: p.x - t / 2, y: p.y - r, width: t, height: 2 * r)]
        let size = text.measure(touch.text, size: HUDStyle.labelSize)
        let origin = Point(x: p.x + HUDStyle.labelOffset.x, y: p.y + HUDStyle.labelOffset.y - size.height)
        let box = Rect(x: origin.x - HUDStyle.padding, y: origin.y - HUDStyle.padding,
                       width: size.width + 2 * HUDStyle.padding, height: size.height + 2 * HUDStyle.padding)
        let o = HUDStyle.markOutline
        let outlines = marks.map {
            HUDBox(rect: Rect(x: $0.minX - o, y: $0.minY - o, width: $0.width + 2 * o, height: $0.height + 2 * o),
                   color: HUDStyle.markOutlineColor)
        }
        let boxes = [HUDBox(rect: box, color: HUDStyle.panelColor)] + outlines
            + marks.map { HUDBox(rect: $0, color: HUDStyle.markColor) }
        let frame = boxes.dropFirst().reduce(box) { Self.union($0, $1.rect) }
        return HUDPanel(id: Self.labelID(touch), frame: frame, boxes: boxes,
                        lines: [HUDText(text: touch.text, origin: origin, size: HUDStyle.labelSize, color: HUDStyle.textColor)])
    }

    /// A panel of `lines` stacked from `origin`, sized to its widest line.
    private func panel(_ id: String, at origin: Point, lines: [(String, Color)]) -> HUDPanel {
        let lineHeight = text.lineHeight(size: HUDStyle.textSize)
        var width = 0.0
        var placed: [HUDText] = []
        for (row, (string, color)) in lines.enumerated() {
            width = max(width, text.measure(string, size: HUDStyle.textSize).width)
            placed.append(HUDText(text: string, origin: origin.offset(HUDStyle.padding, HUDStyle.padding + Double(row) * lineHeight),
                                  size: HUDStyle.textSize, color: color))
        }
        let frame = Rect(origin: origin, size: Size(width: (width + 2 * HUDStyle.padding).rounded(.up),
                                                    height: Double(lines.count) * lineHeight + 2 * HUDStyle.padding))
        return HUDPanel(id: id, frame: frame, boxes: [HUDBox(rect: frame, color: HUDStyle.panelColor)], lines: placed)
    }

    // MARK: - Geometry

    static func moved(_ panel: HUDPanel, by d: Point) -> HUDPanel {
        var panel = panel
        panel.frame.origin = panel.frame.origin.offset(d.x, d.y)
        panel.boxes = panel.boxes.map { HUDBox(rect: Rect(origin: $0.rect.origin.offset(d.x, d.y), size: $0.rect.size), color: $0.color) }
        panel.lines = panel.lines.map { var line = $0; line.origin = line.origin.offset(d.x, d.y); return line }
        return panel
    }

    /// `rect` cut to `bounds` (an empty rect at `bounds`' origin when they do not meet).
    static func clamped(_ rect: Rect, to bounds: Rect) -> Rect {
        let x0 = max(rect.minX, bounds.minX), y0 = max(rect.minY, bounds.minY)
        let x1 = min(rect.maxX, bounds.maxX), y1 = min(rect.maxY, bounds.maxY)
        guard x1 > x0, y1 > y0 else { return Rect(origin: bounds.origin, size: Size(width: 0, height: 0)) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    static func union(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = min(a.minX, b.minX), y0 = min(a.minY, b.minY)
        return Rect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
    }
}

extension Point {
    /// This point moved by (dx, dy).
    func offset(_ dx: Double, _ dy: Double) -> Point { Point(x: x + dx, y: y + dy) }
}
