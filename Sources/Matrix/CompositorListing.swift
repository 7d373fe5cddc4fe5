import CompositorDrivers
import Playback

// MARK: - `gesture-sandbox compositors`

/// The compositors the matrix knows: installed or not (and then the Debian packages), version,
/// what the driver can inject, and the compositor's known quirks.
public enum CompositorListing {
    /// The listing text, one block per compositor in report order; `drivers` are the built-in ones.
    public static func text(drivers: [any CompositorDriver]) -> String {
        var out = ""
        for kind in CompositorKind.allCases {
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
        if list.lowercased() == "all" { return CompositorKind.allCases }
        var kinds: [CompositorKind] = []
        for part in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !part.isEmpty {
            guard let kind = CompositorKind.allCases.first(where: {
                $0.rawValue == part || $0.displayName.lowercased() == part
                    || $0.displayName.lowercased().replacingOccurrences(of: " ", with: "-") == part
            }) else {
                throw RuntimeError("unknown compositor \"\(part)\"; compositors: all, "
                    + CompositorKind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        guard !kinds.isEmpty else { throw RuntimeError("--compositors names no compositor") }
        return kinds
    }
}
