import Foundation

// MARK: - Where a client's resident set goes

/// A process's resident set split by what its mappings hold (/proc/PID/smaps), to say where
/// memory goes beyond a single peak figure: the executable's own pages (for a statically linked
/// Swift program: runtime, standard library, Foundation and its own code), the C and C++
/// runtime, the libraries libdecor's cairo plugin (or a toolkit) loads, other libraries,
/// shared-memory buffers, other mapped files (fonts, caches) and anonymous memory.
public struct ResidentBreakdown: Sendable, Equatable {
    /// The kinds of mapping, in the order tables show them.
    public enum Kind: String, CaseIterable, Sendable {
        case executable = "executable"
        case cRuntime = "libc, libstdc++, libm"
        case decorationLibraries = "cairo, pango, glib, X11"
        case otherLibraries = "other libraries"
        case buffers = "shm buffers"
        case files = "other files"
        case anonymous = "anonymous"
    }

    /// Resident bytes per kind (absent: none).
    public var bytes: [Kind: Int]

    /// Resident bytes over every kind.
    public var total: Int { bytes.values.reduce(0, +) }

    /// The current breakdown of `pid`; nil when its smaps cannot be read.
    public static func of(pid: Int32) -> ResidentBreakdown? {
        // Read to the end: /proc files report size 0, and a read sized by stat stops early.
        guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/smaps") else { return nil }
        defer { try? file.close() }
        guard let data = try? file.readToEnd() else { return nil }
        let smaps = String(decoding: data, as: UTF8.self)
        let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
        return parse(smaps: smaps, executable: executable)
    }

    /// The breakdown of an smaps text; `executable` is the path of the process's program.
    public static func parse(smaps: String, executable: String?) -> ResidentBreakdown {
        var bytes: [Kind: Int] = [:]
        var kind = Kind.anonymous
        for line in smaps.split(separator: "\n", omittingEmptySubsequences: true) {
            if let first = line.first, first.isHexDigit, line.contains("-") {
                // "start-end perms offset dev inode [path]": the path is the sixth field on.
                let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
                let path = fields.count == 6 ? String(fields[5]).trimmingPrefix(while: { $0 == " " }) : ""
                kind = classify(path: String(path), executable: executable)
            } else if line.hasPrefix("Rss:") {
                let kilobytes = line.dropFirst(4).split(separator: " ").first.flatMap { Int($0) } ?? 0
                bytes[kind, default: 0] += kilobytes * 1024
            }
        }
        return ResidentBreakdown(bytes: bytes)
    }

    /// Libraries libdecor's cairo plugin brings in (and GTK and Qt clients load for themselves).
    static let decorationLibraryPrefixes = [
        "libdecor-cairo", "libcairo", "libpango", "libglib-", "libgobject-", "libgio-", "libgmodule-", "libX", "libxcb",
        "libharfbuzz", "libfribidi", "libthai", "libdatrie", "libgraphite2", "libpcre2", "libmount", "libblkid",
        "libselinux", "libbsd", "libmd.", "libwayland-cursor",
    ]
    static let cRuntimePrefixes = ["libc.", "libc-", "libm.", "libstdc++", "libgcc_s", "ld-linux", "libpthread", "libdl."]

    static func classify(path: String, executable: String?) -> Kind {
        if path.isEmpty || path.hasPrefix("[") { return .anonymous }
        if path == executable { return .executable }
        if path.hasPrefix("/memfd:") || path.hasPrefix("/dev/shm/") || path.hasPrefix("/SYSV") { return .buffers }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard name.contains(".so") else { return .files }
        if cRuntimePrefixes.contains(where: name.hasPrefix) { return .cRuntime }
        if decorationLibraryPrefixes.contains(where: name.hasPrefix) { return .decorationLibraries }
        return .otherLibraries
    }
}

// MARK: - The table

/// Per client, the breakdown of its run with the largest resident set at the drag's end.
public struct ResidentTable {
    /// The clients' breakdowns, in the order given (nil: none measured).
    public let rows: [(client: String, breakdown: ResidentBreakdown?)]

    /// Picks, for each of `clients`, its run with the largest total.
    public init(runs: [LatencyRun], clients: [String]) {
        rows = clients.map { name in
            (name, runs.filter { $0.client == name }.compactMap(\.resident).max { $0.total < $1.total })
        }
    }

    /// A Markdown table, MiB.
    public var text: String {
        let kinds = ResidentBreakdown.Kind.allCases
        let mib = { (bytes: Int?) in bytes.map { String(format: "%.1f", Double($0) / 1_048_576) } ?? "–" }
        var lines = ["| resident MiB at the drag's end | " + kinds.map(\.rawValue).joined(separator: " | ") + " | total |",
                     "|---|" + String(repeating: "---|", count: kinds.count + 1)]
        for row in rows {
            let cells = kinds.map { kind in mib(row.breakdown.map { $0.bytes[kind] ?? 0 }) }
            lines.append("| \(row.client) | " + cells.joined(separator: " | ") + " | \(mib(row.breakdown?.total)) |")
        }
        return lines.joined(separator: "\n")
    }
}
