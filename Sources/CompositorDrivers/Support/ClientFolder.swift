import Foundation

// MARK: - A folder the session's clients can write to

extension CompositorSession {
    /// A new private folder (mode 0700, in the temporary directory, or in /tmp when that is
    /// under a private folder) that the clients this session starts can write to, also those it
    /// runs as an unprivileged user: such a user cannot reach a folder under a private one (root's
    /// home, any `mktemp -d`). The caller removes it.
    public func makeClientFolder(prefix: String) throws -> String {
        let path = try PrivateDirectory.make(prefix: prefix, reachableByOthers: true)
        do {
            try grantClientAccess(to: path)
        } catch {
            PrivateDirectory.remove(path)
            throw error
        }
        return path
    }
}
