// MARK: - Touch methods

/// The four touch methods of a responder, named as the deliveries log writes them.
public enum TouchMethod: String, Sendable, Codable, CaseIterable {
    case touchesBegan, touchesMoved, touchesEnded, touchesCancelled

    /// The method that delivers touches of `phase`; nil for `stationary`, which is never delivered.
    public init?(phase: TouchPhase) {
        switch phase {
        case .began: self = .touchesBegan
        case .moved: self = .touchesMoved
        case .ended: self = .touchesEnded
        case .cancelled: self = .touchesCancelled
        case .stationary: return nil
        }
    }

    /// The phase of the touches this method carries.
    public var phase: TouchPhase {
        switch self {
        case .touchesBegan: .began
        case .touchesMoved: .moved
        case .touchesEnded: .ended
        case .touchesCancelled: .cancelled
        }
    }
}

// MARK: - Responder

/// An object that can receive touches, as UIResponder.
///
/// Every default `touches*` implementation forwards the call unchanged to `next`
/// (view → superview → … → window → application). Calls made through
/// `deliver(_:_:with:)` — which is how TouchKit itself calls responders, including
/// the forwarding — are written to the event's deliveries log, so overrides are
/// logged exactly like the defaults.
open class Responder {
    /// The name the deliveries log uses for this responder.
    public var name: String

    /// Creates a responder; without a name, the log uses the class name.
    public init(name: String? = nil) {
        self.name = name ?? String(describing: type(of: self))
    }

    /// The next responder in the chain; nil ends it.
    open var next: Responder? { nil }

    /// Touches of phase `began`; the default forwards to `next`.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        next?.deliver(.touchesBegan, touches, with: event)
    }

    /// Touches of phase `moved`; the default forwards to `next`.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        next?.deliver(.touchesMoved, touches, with: event)
    }

    /// Touches of phase `ended`; the default forwards to `next`.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        next?.deliver(.touchesEnded, touches, with: event)
    }

    /// Touches of phase `cancelled`; the default forwards to `next`.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        next?.deliver(.touchesCancelled, touches, with: event)
    }

    /// Logs the call in the event's deliveries log, then calls the matching `touches*` method.
    public final func deliver(_ method: TouchMethod, _ touches: Set<Touch>, with event: Event) {
        event.recorder?.recordCall(responder: self, method: method, touches: touches, event: event)
        switch method {
        case .touchesBegan: touchesBegan(touches, with: event)
        case .touchesMoved: touchesMoved(touches, with: event)
        case .touchesEnded: touchesEnded(touches, with: event)
        case .touchesCancelled: touchesCancelled(touches, with: event)
        }
    }

    /// The view whose coordinates the log uses for this responder; nil means window coordinates.
    var logCoordinateSpace: View? { nil }
}
