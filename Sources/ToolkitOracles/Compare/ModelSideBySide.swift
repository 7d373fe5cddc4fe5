import TouchKit
import TouchStream

// MARK: - Two toolkit models on one trace

/// Two toolkit models fed the same trace, their gestures side by side (`compare --profile-a gtk-4.8
/// --profile-b qt-6.4`).
///
/// Different toolkits name their recognizers differently, so the sides are matched by what was
/// recognised, not by whom: kind, tap count and wl_touch time. A gesture with no match on the
/// other side is a difference. Updates are left out, as in the oracle comparison.
public struct ModelSideBySide: Sendable {
    /// One line: a gesture of A, of B, or one of each at the same time with the same kind and count.
    public struct Row: Sendable {
        public var a: ToolkitGesture?
        public var b: ToolkitGesture?
    }

    /// The models' names.
    public let nameA: String, nameB: String
    /// The aligned gestures, by time.
    public let rows: [Row]
    /// The first event time of the trace (ms), where the shown times start.
    public let origin: Double

    /// Feeds `items` (assembled as replay does) to fresh models `a` and `b`.
    public init(items: [ScriptItem], a: any ToolkitModel, b: any ToolkitModel) {
        nameA = a.name
        nameB = b.name
        let frames = ReplayAssembler.assemble(items).frames
        var modelA = a, modelB = b
        let sideA = ModelReplay.gestures(&modelA, frames: frames).filter { !$0.kind.isUpdate }
        var sideB = ModelReplay.gestures(&modelB, frames: frames).filter { !$0.kind.isUpdate }
        origin = (frames.first?.timestamp ?? 0) * 1000
        var rows: [Row] = []
        for gesture in sideA {
            if let index = sideB.firstIndex(where: { Self.matches($0, gesture) }) {
                rows.append(Row(a: gesture, b: sideB.remove(at: index)))
            } else {
                rows.append(Row(a: gesture, b: nil))
            }
        }
        rows += sideB.map { Row(a: nil, b: $0) }
        self.rows = rows.enumerated().sorted { lhs, rhs in
            let l = (lhs.element.a ?? lhs.element.b)!.time, r = (rhs.element.a ?? rhs.element.b)!.time
            return l != r ? l < r : lhs.offset < rhs.offset
        }.map(\.element)
    }

    private static func matches(_ x: ToolkitGesture, _ y: ToolkitGesture) -> Bool {
        x.kind == y.kind && (x.kind != .tap || x.count == y.count) && x.time.rounded() == y.time.rounded()
    }

    /// Gestures only one side recognised.
    public var differences: Int { rows.count { $0.a == nil || $0.b == nil } }

    /// The table as text, then `equal` or `N gestures differ`.
    public func text() -> String {
        let width = max(32, rows.map { $0.a.map(ToolkitsReport.describe)?.count ?? 0 }.max() ?? 0)
        var lines = ["ms      " + nameA.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + nameB]
        for row in rows {
            let time = Int64(((row.a ?? row.b)!.time - origin).rounded())
            let left = row.a.map(ToolkitsReport.describe) ?? "—"
            let right = row.b.map(ToolkitsReport.describe) ?? "—"
            let mark = row.a == nil || row.b == nil ? "   ≠" : ""
            lines.append("+\(time)".padding(toLength: 8, withPad: " ", startingAt: 0)
                + left.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + right + mark)
        }
        if rows.isEmpty { lines.append("(neither model recognised anything)") }
        lines.append(differences == 0 ? "equal" : "\(differences) gesture\(differences == 1 ? "" : "s") differ")
        return lines.joined(separator: "\n") + "\n"
    }
}
