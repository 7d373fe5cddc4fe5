import TouchKit

// MARK: - A view that shows and remembers the touches it receives

/// A view that overrides all four touch methods to record which touches it received
/// and outlines itself while it tracks at least one.
///
/// Because it handles every phase itself, nothing it receives is forwarded up the
/// responder chain: the deliveries log shows exactly the calls this view got.
/// The exclusive-touch, forwarding and hit-test scenes use it to make delivery visible.
public class TrackingView: View {
    /// Outline width while tracking, logical px.
    public static let trackingBorderWidth = 6.0
    /// Outline colour while tracking.
    public static let trackingBorderColor = Color.white

    /// Ids of every touch that began in this view, in order of arrival.
    public private(set) var received: [Int32] = []
    /// Ids of the touches this view tracks now (began, not yet ended or cancelled).
    public private(set) var tracking: Set<Int32> = []

    /// Creates a view filled with `color`.
    public init(frame: Rect, name: String, color: Color) {
        super.init(frame: frame, name: name)
        backgroundColor = color
        borderColor = Self.trackingBorderColor
    }

    /// `received` as comma-separated ids ("" when none), for snapshot facts.
    public var receivedFact: String { FactText.ids(received) }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        for touch in touches.sorted(by: { $0.id < $1.id }) {
            received.append(touch.id)
            tracking.insert(touch.id)
        }
        showTracking()
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) { finish(touches) }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { finish(touches) }

    private func finish(_ touches: Set<Touch>) {
        tracking.subtract(touches.map(\.id))
        showTracking()
    }

    private func showTracking() {
        borderWidth = tracking.isEmpty ? 0 : Self.trackingBorderWidth
    }
}
