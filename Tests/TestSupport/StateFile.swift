import TouchKit

// MARK: - The scene's final state

/// The JSON `run --state` writes.
public struct StateFile: Decodable, Sendable {
    /// Each view's frame by name: x, y, width, height.
    public var views: [String: [Double]]
    /// The scene's facts by name.
    public var facts: [String: String]

    /// A named view's frame.
    public func frame(_ name: String) -> Rect? {
        views[name].map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
    }
}
