import CompositorDrivers
import Foundation

// MARK: - Where our client writes during a run

/// The folder our client writes its trace, log, state and screenshot into, moved into the run's own
/// folder once the client has ended.
///
/// Drivers run the clients of compositors that refuse root as an unprivileged user, who cannot
/// enter an output folder under a private one (root's home, any `mktemp -d`): writing there
/// straight lost whole columns. The scratch folder is the session's, in the temporary directory;
/// the files are copied out by us (so they are ours, like the rest of the output folder) and the
/// scratch folder is removed whatever happens.
struct ClientScratch {
    let path: String

    init(for session: CompositorSession) throws {
        path = try session.makeClientFolder(prefix: "gesture-matrix-client")
    }

    /// Where the client writes `name`.
    func file(_ name: String) -> String { path + "/" + name }

    /// Copies every file the client wrote into `directory` (which exists), keeping their names.
    func move(into directory: String) throws {
        let manager = FileManager.default
        for name in try manager.contentsOfDirectory(atPath: path).sorted() {
            try manager.copyItem(atPath: file(name), toPath: directory + "/" + name)
        }
    }

    /// Removes the folder and what is left in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
