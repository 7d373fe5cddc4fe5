import CompositorDrivers
import Playback

// MARK: - `gesture-sandbox compositors`

/// The compositors the matrix knows: installed or not (and then the Debian packages), version,
/// what the driver can inject, and the compositor's known quirks.
public enum CompositorListing {
    /// The listing text, one block per compositor in report order; `drivers` are the built-in ones
    /// and the kernel lane's for the compositors only it runs (their column's name says the lane).
    public static func text(drivers: [any CompositorDriver]) -> String {
        var out = ""
        for kind in CompositorKind.compositorCases {
            // A name longer than the column (Enlightenment) keeps all its letters.
            let name = kind.displayName.padding(toLength: max(12, kind.displayName.count), withPad: " ", startingAt: 0)
            guard let driver = drivers.first(where: { $0.kind == kind }) else {
                out += "\(name) no driver in this build\n"
                continue
            }
            out += "\(name) \(driver.installation().summary)\n"
            out += "             injects: \(driver.capabilities.names.joined(separator: ", "))\n"
            for quirk in driver.quirks { out += "             quirk: \(quirk)\n" }
        }
        return out
    }

    /// The compositors `list` names: "all", or names separated by commas (`compositors` spelling or
    /// the kind's id, any case); unknown names are an error.
    public static func kinds(_ list: String) throws -> [CompositorKind] {
        if list.lowercased() == "all" { return CompositorKind.compositorCases }
        var kinds: [CompositorKind] = []
        for part in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !part.isEmpty {
            guard let kind = CompositorKind.compositorCases.first(where: {
                $0.compositorName == part || $0.displayName.lowercased() == part
                    || $0.displayName.lowercased().replacingOccurrences(of: " ", with: "-") == part
            }) else {
                throw RuntimeError("unknown compositor \"\(part)\"; compositors: all, "
                    + CompositorKind.compositorCases.map(\.compositorName).joined(separator: ", "))
            }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        guard !kinds.isEmpty else { throw RuntimeError("--compositors names no compositor") }
        return kinds
    }

    /// The columns of `kinds` in each of `lanes` (`--lane harness,kernel`), lane by lane; a
    /// compositor a lane does not run is left out of it, and a lane that runs none of them is an error.
    public static func columns(_ kinds: [CompositorKind], lanes: [InputLane]) throws -> [CompositorKind] {
        var columns: [CompositorKind] = []
        for lane in lanes {
            let inLane = kinds.compactMap { $0.inLane(lane) }
            guard !inLane.isEmpty else {
                throw RuntimeError("the \(lane.rawValue) lane runs none of these compositors; it runs "
                    + CompositorKind.allCases.filter { $0.lane == lane }.map(\.compositorName).joined(separator: ", "))
            }
            columns += inLane.filter { !columns.contains($0) }
        }
        return columns
    }

    /// The lanes `list` names, separated by commas (`harness`, `kernel`); unknown names are an error.
    public static func lanes(_ list: String) throws -> [InputLane] {
        var lanes: [InputLane] = []
        for part in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !part.isEmpty {
            guard let lane = InputLane(rawValue: part) else {
                throw RuntimeError("unknown lane \"\(part)\"; lanes: harness, kernel")
            }
            if !lanes.contains(lane) { lanes.append(lane) }
        }
        guard !lanes.isEmpty else { throw RuntimeError("--lane names no lane") }
        return lanes
    }
}
