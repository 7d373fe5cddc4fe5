import TouchKit

// MARK: - Begin points (Event Handling Guide for iOS, listings 3-4 and 3-5)

/// A multitouch surface that remembers where each finger began and, when the
/// finger ends or is cancelled, reports how far it travelled from there.
public final class BeginPointsScene: Scene {
    public static let info = SceneInfo(
        name: "beginpoints",
        summary: "stores each touch's begin point on touchesBegan and reads it back when the touch ends",
        seed: "Event Handling Guide for iOS, listings 3-4 and 3-5 (storing and retrieving begin locations)")

    /// The window's background colour.
    public static let background = Color(rgb: 0x1a237e)

    public let window: Window
    /// The full-window view running the listings.
    public let surface: BeginPointsView

    public init(context: SceneContext) {
        window = Window(frame: Rect(origin: .zero, size: context.size), name: "window")
        window.backgroundColor = Self.background
        surface = BeginPointsView(frame: Rect(origin: .zero, size: context.size))
        window.addSubview(surface)
    }

    public func resize(to size: Size) {
        window.frame = Rect(origin: .zero, size: size)
        surface.frame = Rect(origin: .zero, size: size)
    }

    public func snapshot() -> SceneSnapshot {
        SceneSnapshot(views: namedViewFrames(), facts: [
            "finished": surface.finished.map { "\($0.id):\(FactText.number($0.distance))" }
                .joined(separator: ","),
            "beginPoints": surface.finished.map { "\($0.id)@\(FactText.point($0.begin))" }.joined(separator: ","),
            "cancelled": FactText.ids(surface.finished.filter(\.wasCancelled).map(\.id)),
            "stillStored": String(surface.storedCount),
        ])
    }
}

/// Listings 3-4/3-5: a dictionary from touch to begin point, filled on began, read and emptied on ended/cancelled.
///
/// Each touch is its own key (a Touch's identity is one finger's life), so
/// several fingers, and a later finger reusing a compositor id, never mix.
/// Distances are in this view's coordinates, from the begin point to the last location.
/// While a touch is down, a marker named "begin<ID>" shows its stored begin point.
public final class BeginPointsView: View {
    /// Side of a begin-point marker, logical px.
    public static let markerSide = 24.0
    /// Marker colour.
    public static let markerColor = Color(rgb: 0xffca28)

    /// One finished touch: its id, where it began, where it finished, and the straight-line distance.
    public struct FinishedTouch: Hashable, Sendable {
        /// The compositor's touch id.
        public var id: Int32
        /// Where the touch began (the stored point), view coordinates.
        public var begin: Point
        /// Where the touch was when it ended or was cancelled, view coordinates.
        public var end: Point
        /// Straight-line distance from `begin` to `end`, logical px.
        public var distance: Double
        /// True when the touch was cancelled rather than lifted.
        public var wasCancelled: Bool
    }

    /// Every finished touch, in the order they finished (within one call, by id).
    public private(set) var finished: [FinishedTouch] = []
    private var beginPoints: [Touch: Point] = [:]
    private var markers: [Touch: View] = [:]

    /// Creates the view; it takes every finger (isMultipleTouchEnabled), as the listings require.
    public init(frame: Rect) {
        super.init(frame: frame, name: "beginpoints")
        isMultipleTouchEnabled = true
    }

    /// Begin points stored for touches that have not finished.
    public var storedCount: Int { beginPoints.count }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        // Listing 3-4: cache the begin location of each new touch.
        for touch in touches.sorted(by: { $0.serial < $1.serial }) {
            let begin = touch.location(in: self)
            beginPoints[touch] = begin
            showMarker(for: touch, at: begin)
        }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        retrieveBeginPoints(of: touches, cancelled: false)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        retrieveBeginPoints(of: touches, cancelled: true)
    }

    /// Listing 3-5: look each touch's begin point up, use it, and remove the entry.
    private func retrieveBeginPoints(of touches: Set<Touch>, cancelled: Bool) {
        for touch in touches.sorted(by: { ($0.id, $0.serial) < ($1.id, $1.serial) }) {
            guard let begin = beginPoints.removeValue(forKey: touch) else { continue }
            markers.removeValue(forKey: touch)?.removeFromSuperview()
            let end = touch.location(in: self)
            let distance = ((end.x - begin.x) * (end.x - begin.x) + (end.y - begin.y) * (end.y - begin.y)).squareRoot()
            finished.append(FinishedTouch(id: touch.id, begin: begin, end: end, distance: distance,
                                          wasCancelled: cancelled))
        }
    }

    private func showMarker(for touch: Touch, at point: Point) {
        let side = Self.markerSide
        let marker = View(frame: Rect(x: 0, y: 0, width: side, height: side), name: "begin\(touch.id)")
        marker.backgroundColor = Self.markerColor
        marker.cornerRadius = side / 2
        // Markers must not catch the fingers that land on them.
        marker.isUserInteractionEnabled = false
        marker.center = point
        addSubview(marker)
        markers[touch] = marker
    }
}
