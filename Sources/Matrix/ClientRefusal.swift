import Foundation

// MARK: - A feature the compositor cannot give our client

/// The line our client prints when a compositor lacks what an option needs
/// (`gesture-sandbox: not supported by sway: no ext_session_lock_manager_v1 global`), found in a
/// failed step's message, which quotes the client's log tail.
///
/// Such a cell is a fact about the compositor, not a failed run: the matrix shows the line itself.
enum ClientRefusal {
    /// What the client prints before the compositor's name.
    static let marker = "not supported by "

    /// "not supported by COMPOSITOR: REASON" from `message`, or nil when the failure was not a
    /// refusal. Log tails join lines with " | " or a space, and WAYLAND_DEBUG lines start with "[",
    /// so the reason ends at either, or at the end of the message.
    static func reason(in message: String) -> String? {
        guard let start = message.range(of: "gesture-sandbox: " + marker) else { return nil }
        let rest = message[start.upperBound...]
        guard let colon = rest.range(of: ": ") else { return nil }
        let compositor = rest[..<colon.lowerBound]
        guard !compositor.isEmpty, !compositor.contains(" ") else { return nil }
        var reason = rest[colon.upperBound...]
        for end in [" | ", "\n", " [", "; log "] {
            if let range = reason.range(of: end) { reason = reason[..<range.lowerBound] }
        }
        let trimmed = reason.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        return marker + compositor + ": " + trimmed
    }
}
