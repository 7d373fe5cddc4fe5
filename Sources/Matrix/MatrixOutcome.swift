import Foundation
import Scenes

// MARK: - Where things ended

/// What a run left behind in the scene: how far each view moved from where the scene put it
/// (so windows of different sizes compare), and each recognizer's last state.
public struct MatrixOutcome: Hashable, Sendable {
    /// View name → "Δx,Δy" of its frame's origin since the scene was built ("0,0": it stayed),
    /// plus " size W×H" when its size changed.
    public var views: [String: String]
    /// "recognizer@view" → "fired ×N" (recognized or ended N times), else the last state it
    /// decided (began, failed, cancelled), else "possible".
    public var recognizers: [String: String]

    /// Creates an outcome.
    public init(views: [String: String] = [:], recognizers: [String: String] = [:]) {
        self.views = views
        self.recognizers = recognizers
    }

    /// Reads the outcome from the scene's snapshots before and after, and the deliveries log.
    public init(initial: SceneSnapshot?, final snapshot: SceneSnapshot?, deliveriesLog: String) {
        var views: [String: String] = [:]
        for (name, frame) in snapshot?.views ?? [:] where frame.count >= 4 {
            let start = initial?.views[name] ?? frame
            guard start.count >= 4 else { continue }
            var text = "\(Self.number(frame[0] - start[0])),\(Self.number(frame[1] - start[1]))"
            if frame[2] != start[2] || frame[3] != start[3] {
                text += " size \(Self.number(frame[2]))×\(Self.number(frame[3]))"
            }
            views[name] = text
        }
        // Recognizers return to possible once they have fired, so the last state says little:
        // count the times each fired (recognized or ended), else keep the last decision it made.
        var fires: [String: Int] = [:], decided: [String: String] = [:], order: [String] = []
        for line in deliveriesLog.split(separator: "\n") {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
                  object["kind"] as? String == "transition", let name = object["recognizer"] as? String,
                  let state = object["to"] as? String else { continue }
            let key = (object["view"] as? String).map { "\(name)@\($0)" } ?? name
            if !order.contains(key) { order.append(key) }
            if state == "recognized" || state == "ended" { fires[key, default: 0] += 1 }
            if state != "possible" { decided[key] = state }
        }
        var recognizers: [String: String] = [:]
        for key in order {
            recognizers[key] = fires[key].map { "fired ×\($0)" } ?? decided[key] ?? "possible"
        }
        self.init(views: views, recognizers: recognizers)
    }

    /// Recognizers that fired at least once.
    public var fired: [String] {
        recognizers.filter { $0.value.hasPrefix("fired") }.keys.sorted()
    }

    private static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
    }
}
