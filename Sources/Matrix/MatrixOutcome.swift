import Foundation
import Scenes
import TouchStream

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
    /// What the compositor did to the window during the script: its last configure
    /// ("1280×683 maximized+activated…") or "closed" (xdg_toplevel.close), when that differs from
    /// the configure it was shown with; nil when it stayed as shown.
    public var window: String?

    /// Creates an outcome.
    public init(views: [String: String] = [:], recognizers: [String: String] = [:], window: String? = nil) {
        self.views = views
        self.recognizers = recognizers
        self.window = window
    }

    /// The window's part of the outcome, read from the trace's `toplevel-configure` and
    /// `toplevel-close` records: the window counts as shown at its first configure with the
    /// `activated` state (every compositor here activates a new window; touches on the title bar
    /// reach no trace, so the first touch cannot mark the script's start).
    public static func window(in records: [RawRecord]) -> String? {
        var shown: String?, last: String?
        for record in records {
            guard let event = record.event.surfaceEvent else { continue }
            switch event.kind {
            case .toplevelConfigure:
                let size = (event.width ?? 0) == 0 && (event.height ?? 0) == 0
                    ? "client's size" : "\(event.width ?? 0)×\(event.height ?? 0)"
                let text = "\(size) \(ToplevelStateNames.text(event.states ?? 0))"
                if shown == nil, ToplevelStateNames.contains(event.states ?? 0, "activated") { shown = text }
                last = text
            case .toplevelClose:
                last = "closed"
            default:
                break
            }
        }
        guard let shown, let last, last != shown else { return nil }
        return last
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
