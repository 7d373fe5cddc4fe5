import TestSupport
@testable import WaylandClient

// MARK: - Our WaylandApp as the bare weston's client

extension PrivateWeston {
    /// Connects a `WaylandApp`, retrying while weston finishes starting.
    func connect() throws -> WaylandApp {
        try connect(retryingWhile: { error in
            guard case .connection(.cannotConnect)? = error as? WaylandError else { return false }
            return true
        }) { socketPath in
            try WaylandApp(display: socketPath, title: "gesture-sandbox test", appID: "gesture-sandbox")
        }
    }
}
