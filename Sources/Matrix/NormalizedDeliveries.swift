import Foundation

// MARK: - Deliveries logs made comparable across compositors

/// A deliveries log with what differs by compositor for no reason of substance taken out: times
/// (`t`) and the recognizers' measured `values` (velocities depend on the compositor's clock) are
/// dropped, touch ids are renumbered with the stream's map. Each line is re-encoded with sorted keys.
public enum NormalizedDeliveries {
    /// The normalised log (JSON Lines); lines that are not JSON objects are kept as they are.
    public static func normalize(_ log: String, idMap: [Int32: Int]) -> String {
        var out = ""
        for line in log.split(separator: "\n", omittingEmptySubsequences: true) {
            guard var object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
                out += line + "\n"
                continue
            }
            object.removeValue(forKey: "t")
            object.removeValue(forKey: "values")
            if let id = (object["id"] as? NSNumber)?.int32Value { object["id"] = renumber(id, idMap) }
            if let touches = object["touches"] as? [[String: Any]] {
                object["touches"] = touches.map { touch in
                    var touch = touch
                    if let id = (touch["id"] as? NSNumber)?.int32Value { touch["id"] = renumber(id, idMap) }
                    return touch
                }
            }
            guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { continue }
            out += String(decoding: data, as: UTF8.self) + "\n"
        }
        return out
    }

    private static func renumber(_ id: Int32, _ map: [Int32: Int]) -> Int {
        map[id] ?? Int(id)
    }
}
