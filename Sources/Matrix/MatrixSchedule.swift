import CompositorDrivers

/// The order in which compositor columns start when several run at once (`--parallel`): the
/// slowest first, so the run does not end with one long column alone on the machine.
enum MatrixSchedule {
    /// Seconds a column of the 22-script battery took, measured on a 2-core machine with three at
    /// once (the report's Time section, 2026-11-29): the shells that start pipewire, probe windows
    /// through the pointer and screenshot through a PipeWire stream are the slowest.
    static let measuredSeconds: [CompositorKind: Double] = [
        .gnomeShell: 123, .mutter: 112, .enlightenment: 86, .kwin: 84, .sway: 68,
        .cage: 41, .phoc: 41, .mir: 36, .mirKiosk: 35, .weston: 32,
    ]

    /// Indices of `kinds`, slowest first; a compositor not measured counts as a slow one, ties in
    /// the given order.
    static func startOrder(_ kinds: [CompositorKind]) -> [Int] {
        let unknown = measuredSeconds.values.max() ?? 0
        return kinds.indices.sorted { left, right in
            let a = measuredSeconds[kinds[left]] ?? unknown, b = measuredSeconds[kinds[right]] ?? unknown
            return a != b ? a > b : left < right
        }
    }
}
