import Foundation
import WaylandPlumbing

/// Private runtime directories (mode 0700, as XDG_RUNTIME_DIR requires).
enum PrivateDirectory {
    /// Creates a new directory named `<tmp>/<prefix>-XXXXXX`, owned by `owner` when given; in
    /// /tmp when `owner` (or, with `reachableByOthers`, any other user) could not reach it in $TMPDIR.
    static func make(prefix: String, owner: UnprivilegedUser? = nil, reachableByOthers: Bool = false) throws -> String {
        let path = try RuntimeDirectory.make(prefix: prefix, reachableByOthers: reachableByOthers || owner != nil)
        if let owner { try owner.give(path) }
        return path
    }

    /// Removes `path` and everything in it; errors are ignored (it is scratch space).
    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `body` with a new private directory, removed when it returns or throws.
    static func using<Result>(prefix: String, _ body: (String) throws -> Result) throws -> Result {
        let path = try make(prefix: prefix)
        defer { remove(path) }
        return try body(path)
    }
}
