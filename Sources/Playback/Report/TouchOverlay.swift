import Render
import TouchKit
import TouchStream

// MARK: - Where the fingers were, drawn over a report picture

/// The touches of a trace drawn over the scene: each finger's path with its id, a disc at its down,
/// a square at its up (or a cross at a cancel), and the finding's event circled and labelled with
/// its rule id, so a report's pictures show what the compositor sent.
///
/// Coordinates are surface-local logical px, which is the replay window's space. A finding whose
/// event has no position (frame, cancel, capabilities) is labelled in the top-left corner instead.
public struct TouchOverlay {
    /// Colours by order of first down (id 0 need not be first), cycling; dark enough on every scene.
    public static let palette: [Color] = [
        Color(rgb: 0x1E63D6), Color(rgb: 0xD14E00), Color(rgb: 0x0E8A4B), Color(rgb: 0x8E2DC5),
        Color(rgb: 0x9A7B00), Color(rgb: 0x00838F), Color(rgb: 0xC2185B), Color(rgb: 0x5D4037),
    ]
    /// The finding's circle and label.
    public static let findingColor = Color(rgb: 0xE00000)
    /// The pale edge under every path and disc, so a path stays visible over a view of its own colour.
    public static let haloColor = Color(rgb: 0xFFFFFF, alpha: 0.85)
    /// How far the halo reaches past a path or disc, logical px.
    public static let haloWidth = 1.5
    /// The shortest stretch of a path drawn on its own, logical px (see ``drawnPoints(_:)``).
    public static let minimumSegment = 1.0
    /// Stroke width of a path, logical px.
    public static let pathWidth = 3.0
    /// Radius of the disc at a down, logical px.
    public static let downRadius = 7.0
    /// Side of the square at an up (and of the cross at a cancel), logical px.
    public static let upSide = 14.0
    /// Radius of the circle around the finding's event, logical px, and its stroke.
    public static let findingRadius = 26.0, findingStroke = 3.0
    /// Label text size, logical px.
    public static let labelSize = 14.0

    /// A finding to mark: its rule and where its event was (nil when the event has no position).
    public struct Mark: Hashable, Sendable {
        /// Creates a mark.
        public init(ruleID: String, recordIndex: Int, point: Point?) {
            self.ruleID = ruleID
            self.recordIndex = recordIndex
            self.point = point
        }

        public var ruleID: String
        public var recordIndex: Int
        public var point: Point?
    }

    /// The sequences drawn.
    public let timeline: TouchTimeline
    /// The finding marked, if any.
    public let mark: Mark?

    /// The overlay of `records` (the trace up to the picture's moment), marking `finding` when given.
    public init(records: [RawRecord], finding: Finding?) {
        timeline = TouchTimeline(records: records)
        mark = finding.map { Mark(ruleID: $0.ruleID, recordIndex: $0.recordIndex,
                                  point: Self.position(of: $0, in: records)) }
    }

    /// The overlay of a timeline already laid out (and finished), marking `mark` when given.
    public init(timeline: TouchTimeline, mark: Mark?) {
        self.timeline = timeline
        self.mark = mark
    }

    /// Where the finding's event happened: its own coordinates, else the last position of its id
    /// before it, else nil.
    static func position(of finding: Finding, in records: [RawRecord]) -> Point? {
        guard records.indices.contains(finding.recordIndex) else { return nil }
        return position(of: finding, record: records[finding.recordIndex],
                        before: TouchTimeline(records: Array(records.prefix(finding.recordIndex + 1))))
    }

    /// ``position(of:in:)`` from the finding's `record` and the timeline of the trace up to it
    /// (finished), for a trace that is streamed rather than held.
    public static func position(of finding: Finding, record: RawRecord, before timeline: TouchTimeline) -> Point? {
        switch record.event {
        case .down(_, _, _, _, let x, let y), .motion(_, _, let x, let y):
            return Point(x: x.doubleValue, y: y.doubleValue)
        default:
            guard let id = finding.touchID else { return nil }
            return timeline.sequences.last { $0.id == id }?.samples.last.map { Point(x: $0.x, y: $0.y) }
        }
    }

    /// The colour of the `index`-th touch id (in order of first down).
    public static func color(forIDAt index: Int) -> Color { palette[index % palette.count] }

    // MARK: - Shapes

    /// The paths, down and up marks and the finding's circle as display items (drawn over the scene).
    public func items() -> [DisplayItem] {
        var items = halo()
        let ids = timeline.touchIDs
        for sequence in timeline.sequences {
            let color = Self.color(forIDAt: ids.firstIndex(of: sequence.id) ?? 0)
            let points = Self.drawnPoints(sequence.samples)
            for (from, to) in zip(points, points.dropFirst()) { items += Self.segment(from, to, color: color) }
            if let first = points.first {
                items.append(Self.disc(at: first, radius: Self.downRadius, color: color))
            }
            guard let last = points.last else { continue }
            switch sequence.end {
            case .up: items.append(Self.square(at: last, color: color))
            case .cancel: items += Self.cross(at: last, color: color)
            case .open: break
            }
        }
        if let point = mark?.point {
            let r = Self.findingRadius
            items.append(DisplayItem(rect: Rect(x: point.x - r, y: point.y - r, width: 2 * r, height: 2 * r),
                                     fill: .clear, cornerRadius: r, borderWidth: Self.findingStroke,
                                     borderColor: Self.findingColor))
        }
        return items
    }

    /// The points a path is drawn through: a sample closer than ``minimumSegment`` to the last one
    /// drawn is skipped (the final sample never is). Anti-aliased bars shorter than a pixel cover it
    /// only partly, and a dense stretch of them would come out paler than the path's colour.
    static func drawnPoints(_ samples: [TouchTimeline.Sample]) -> [Point] {
        var points: [Point] = []
        for (index, sample) in samples.enumerated() {
            let point = Point(x: sample.x, y: sample.y)
            if let last = points.last, index < samples.count - 1,
               ((point.x - last.x) * (point.x - last.x) + (point.y - last.y) * (point.y - last.y)).squareRoot() < minimumSegment {
                continue
            }
            points.append(point)
        }
        return points
    }

    /// Every path and disc a little wider in the halo colour, drawn first.
    private func halo() -> [DisplayItem] {
        var items: [DisplayItem] = []
        for sequence in timeline.sequences {
            let points = Self.drawnPoints(sequence.samples)
            for (from, to) in zip(points, points.dropFirst()) {
                items += Self.segment(from, to, color: Self.haloColor, width: Self.pathWidth + 2 * Self.haloWidth)
            }
            if let first = points.first {
                items.append(Self.disc(at: first, radius: Self.downRadius + Self.haloWidth, color: Self.haloColor))
            }
        }
        return items
    }

    /// The labels: each sequence's id next to its down, the rule id next to the finding's circle.
    public func labels() -> [(text: String, origin: Point, color: Color)] {
        var labels: [(String, Point, Color)] = []
        let ids = timeline.touchIDs
        for sequence in timeline.sequences {
            guard let first = sequence.samples.first else { continue }
            let color = Self.color(forIDAt: ids.firstIndex(of: sequence.id) ?? 0)
            labels.append(("id \(sequence.id)", Point(x: first.x + Self.downRadius + 3, y: first.y + Self.downRadius), color))
        }
        if let mark {
            let text = "\(mark.ruleID) (record \(mark.recordIndex))"
            let origin = mark.point.map { Point(x: $0.x + Self.findingRadius + 4, y: $0.y - Self.findingRadius) }
                ?? Point(x: 8, y: 8)
            labels.append((text, origin, Self.findingColor))
        }
        return labels
    }

    /// Draws the labels over `target` (the items are drawn with the scene by the renderer).
    public func drawLabels(into target: PixelTarget, scale: Double, with text: TextRenderer) {
        let canvas = OverlayCanvas(target: target, scale: scale, clip: nil)
        for label in labels() {
            let size = text.measure(label.text, size: Self.labelSize)
            // A pale box under the text keeps it readable over any view.
            canvas.fill(Rect(x: label.origin.x - 2, y: label.origin.y - 1, width: size.width + 4, height: size.height + 2),
                        color: Color(rgb: 0xFFFFFF, alpha: 0.8))
            canvas.draw(label.text, at: label.origin, size: Self.labelSize, color: label.color, with: text)
        }
    }

    private static func segment(_ a: Point, _ b: Point, color: Color, width: Double = pathWidth) -> [DisplayItem] {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return [] }
        let half = width / 2
        // Axis-aligned strokes stay axis-aligned (crisp); others are a rotated bar from a to b.
        if dy == 0 || dx == 0 {
            let rect = Rect(x: min(a.x, b.x) - (dy == 0 ? 0 : half), y: min(a.y, b.y) - (dx == 0 ? 0 : half),
                            width: dy == 0 ? abs(dx) : width, height: dx == 0 ? abs(dy) : width)
            return [DisplayItem(rect: rect, fill: color)]
        }
        let cos = dx / length, sin = dy / length
        let transform = AffineTransform(a: cos, b: sin, c: -sin, d: cos, tx: a.x, ty: a.y)
        return [DisplayItem(rect: Rect(x: 0, y: -half, width: length, height: width), transform: transform, fill: color)]
    }

    private static func disc(at point: Point, radius: Double, color: Color) -> DisplayItem {
        DisplayItem(rect: Rect(x: point.x - radius, y: point.y - radius, width: 2 * radius, height: 2 * radius),
                    fill: color, cornerRadius: radius)
    }

    private static func square(at point: Point, color: Color) -> DisplayItem {
        let half = upSide / 2
        return DisplayItem(rect: Rect(x: point.x - half, y: point.y - half, width: upSide, height: upSide),
                           fill: .clear, borderWidth: pathWidth, borderColor: color)
    }

    private static func cross(at point: Point, color: Color) -> [DisplayItem] {
        let half = upSide / 2
        return segment(Point(x: point.x - half, y: point.y - half), Point(x: point.x + half, y: point.y + half), color: color)
            + segment(Point(x: point.x - half, y: point.y + half), Point(x: point.x + half, y: point.y - half), color: color)
    }
}
