import Foundation
import TouchKit

// MARK: - Real toolkit vs model, one case

/// What a real toolkit and its model recognised for one case, and where they differ.
///
/// Compared: every gesture whose kind is not an update, by (recognizer, kind, count, time in whole
/// ms), as multisets: order within one millisecond does not matter. Scale, angle and velocity are
/// shown beside each matched pair and flagged when they differ by more than ``ValueTolerance``;
/// a flag is reported but does not make the case disagree (the models' docs state their precision).
public struct GestureComparison: Sendable {
    /// The identity of a compared gesture.
    public struct Key: Hashable, Comparable, Sendable, CustomStringConvertible {
        public var time: Int64
        public var recognizer: String
        public var kind: ToolkitGesture.Kind
        public var count: Int?
        /// The finger of a touch kind (two fingers' events in one millisecond are told apart by it).
        public var finger: Int?

        /// The key of `gesture`.
        public init(_ gesture: ToolkitGesture) {
            time = Int64(gesture.time.rounded())
            recognizer = gesture.recognizer
            kind = gesture.kind
            count = gesture.kind.comparesCount ? gesture.count : nil
            finger = gesture.kind.valuesDecide ? gesture.finger : nil
        }

        public static func < (a: Key, b: Key) -> Bool {
            (a.time, a.recognizer, a.kind.rawValue, a.count ?? 0, a.finger ?? -1)
                < (b.time, b.recognizer, b.kind.rawValue, b.count ?? 0, b.finger ?? -1)
        }

        public var description: String {
            "\(recognizer) \(kind.rawValue)\(count.map { " ×\($0)" } ?? "")\(finger.map { " finger \($0)" } ?? "") @\(time)"
        }
    }

    /// One line of the side-by-side view: a real gesture, a model gesture, or both matched.
    public struct Row: Sendable {
        public var real: ToolkitGesture?
        public var model: ToolkitGesture?
        /// Values of a matched pair that differ beyond the tolerance (`scale 1.50 vs 1.20`).
        public var valueNotes: [String]
        /// True when only one side has it, or, for a kind whose values decide, when they are off.
        public var differs: Bool {
            guard let kind = real?.kind, model != nil else { return true }
            return kind.valuesDecide && !valueNotes.isEmpty
        }
    }

    /// The real toolkit's compared gestures, by time.
    public let real: [ToolkitGesture]
    /// The model's compared gestures, by time.
    public let model: [ToolkitGesture]
    /// Both sides aligned: matched pairs and one-sided gestures, by time.
    public let rows: [Row]

    /// Compares `real` with `model` (update kinds are dropped from both).
    public init(real: [ToolkitGesture], model: [ToolkitGesture]) {
        let compared = { (list: [ToolkitGesture]) in
            list.filter { !$0.kind.isUpdate }.sorted { Key($0) < Key($1) }
        }
        self.real = compared(real)
        self.model = compared(model)
        var unmatched = self.model
        var rows: [Row] = []
        for gesture in self.real {
            // Of several same-key candidates (two fingers' multi-gesture steps in one ms) the one whose values agree.
            let sameKey = { (other: ToolkitGesture) in Key(other) == Key(gesture) }
            if let index = unmatched.firstIndex(where: { sameKey($0) && ValueTolerance.notes(gesture, $0).isEmpty })
                ?? unmatched.firstIndex(where: sameKey) {
                let other = unmatched.remove(at: index)
                rows.append(Row(real: gesture, model: other, valueNotes: ValueTolerance.notes(gesture, other)))
            } else {
                rows.append(Row(real: gesture, model: nil, valueNotes: []))
            }
        }
        rows += unmatched.map { Row(real: nil, model: $0, valueNotes: []) }
        self.rows = rows.sorted { Key(($0.real ?? $0.model)!) < Key(($1.real ?? $1.model)!) }
    }

    /// True when both sides have the same compared gestures.
    public var agrees: Bool { !rows.contains(where: \.differs) }
    /// Gestures only the real toolkit reported.
    public var missing: [ToolkitGesture] { rows.compactMap { $0.model == nil ? $0.real : nil } }
    /// Gestures only the model reported.
    public var extra: [ToolkitGesture] { rows.compactMap { $0.real == nil ? $0.model : nil } }
    /// Matched pairs whose values differ beyond the tolerance.
    public var valueDifferences: Int { rows.filter { !$0.valueNotes.isEmpty }.count }
}

extension ToolkitGesture.Kind {
    /// True for the kinds that are shown but never compared (*-update).
    public var isUpdate: Bool {
        self == .dragUpdate || self == .panUpdate || self == .gestureUpdated
    }

    /// True for the kinds whose tap count is part of what is compared.
    public var comparesCount: Bool {
        self == .tap || self == .pointerDown || self == .pointerUp
    }

    /// True for a toolkit's raw event kinds (touch, synthesised pointer, multi-gesture steps): their values are
    /// exact results of the toolkit's arithmetic, so a pair whose values are off differs.
    public var valuesDecide: Bool {
        switch self {
        case .touchDown, .touchMotion, .touchUp, .pointerDown, .pointerMotion, .pointerUp, .multiGesture: true
        default: false
        }
    }
}

/// How far apart a matched pair's values may be before the report flags them.
public enum ValueTolerance {
    /// Scale at a pinch's end, absolute.
    public static let scale = 0.05
    /// Angle at a rotate's end, degrees.
    public static let angle = 3.0
    /// Velocity, px/s: the larger of this and 20 % of the real value.
    public static let velocity = 50.0
    /// The share of the real velocity tolerated.
    public static let velocityShare = 0.2
    /// Raw event kinds (``ToolkitGesture/Kind/valuesDecide``): positions and movements, px (the oracles
    /// print six decimals of a float32 value times the window size).
    public static let position = 0.001
    /// Raw event kinds: a normalized value (pressure, multi-gesture distance).
    public static let normalized = 0.00001
    /// Raw event kinds: a multi-gesture step's rotation, degrees.
    public static let exactAngle = 0.001

    /// The values both `real` and `model` report that differ beyond the tolerance, as text.
    public static func notes(_ real: ToolkitGesture, _ model: ToolkitGesture) -> [String] {
        var notes: [String] = []
        func check(_ name: String, _ a: Double?, _ b: Double?, _ tolerance: (Double) -> Double) {
            // A value only one side reports (Qt's PinchHandler has no angle at its end) is shown, not flagged.
            if let a, let b, abs(a - b) > tolerance(a) { notes.append("\(name) \(format(a)) vs \(format(b))") }
        }
        check("scale", real.scale, model.scale) { _ in scale }
        check("angle", real.angle, model.angle) { _ in real.kind.valuesDecide ? exactAngle : angle }
        check("vx", real.vx, model.vx) { max(velocity, abs($0) * velocityShare) }
        check("vy", real.vy, model.vy) { max(velocity, abs($0) * velocityShare) }
        if real.kind.valuesDecide {
            check("x", real.x, model.x) { _ in position }
            check("y", real.y, model.y) { _ in position }
            check("dx", real.dx, model.dx) { _ in position }
            check("dy", real.dy, model.dy) { _ in position }
            check("pressure", real.pressure, model.pressure) { _ in normalized }
            check("distance", real.distance, model.distance) { _ in normalized }
            check("finger", real.finger.map(Double.init), model.finger.map(Double.init)) { _ in 0 }
            check("fingers", real.fingers.map(Double.init), model.fingers.map(Double.init)) { _ in 0 }
        }
        return notes
    }

    /// A value with at most two decimals.
    public static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int64(value)) : String(format: "%.2f", value)
    }
}
