#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Outputs that appear together

/// The outputs of one command: each opened before the work starts (so a bad path fails before
/// anything is read or computed), all committed together at the end, or all discarded.
///
/// Direct outputs (standard output, devices, FIFOs) cannot be held back; regular files become
/// visible only in ``commit()``, one rename after another once every one is written and synced.
public final class OutputGroup {
    private var targets: [OutputTarget] = []

    /// An empty group.
    public init() {}

    /// Opens `path` as one more output of the group; a file the group already writes is refused
    /// (two outputs sharing one temporary would destroy each other).
    public func open(_ path: String) throws(OutputError) -> OutputTarget {
        // Checked before opening: opening would already replace the other output's temporary.
        if let file = OutputTarget.canonicalFile(path),
           let other = targets.first(where: { $0.temporaryPath != nil && OutputTarget.canonicalFile($0.path) == file }) {
            throw OutputError(path: path, "is also given as the output \(other.name); give each output its own file")
        }
        let target = try OutputTarget(path: path)
        targets.append(target)
        return target
    }

    /// Syncs every output, then renames each into place; on a failure the rest are discarded.
    /// Outputs already committed or discarded on their own are skipped.
    public func commit() throws(OutputError) {
        defer { targets.removeAll() }
        for target in targets where !target.isFinished {
            do {
                try target.commit()
            } catch {
                discard()
                throw error
            }
        }
    }

    /// Removes every uncommitted temporary.
    public func discard() {
        for target in targets { target.discard() }
        targets.removeAll()
    }

    deinit { discard() }
}

// MARK: - Outputs that must not be inputs

extension OutputTarget {
    /// The regular file `path` names, symlinks and `..` resolved (the folder's when it does not
    /// exist yet); nil for standard output, devices and FIFOs, which several outputs may share.
    static func canonicalFile(_ path: String) -> String? {
        guard path != "-" else { return nil }
        guard let path = OutputTarget.followingLinks(path) else { return nil }
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG, let real = realpath(path, nil) else { return nil }
            defer { free(real) }
            return String(cString: real)
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let real = realpath(folder, nil) else { return path }
        defer { free(real) }
        return String(cString: real) + "/" + name
    }
}

extension OutputTarget {
    /// Refuses, before anything is read, an output that is one of the inputs: the same file
    /// (device and inode, through symlinks and hard links). Devices and FIFOs may be both.
    public static func refuse(outputs: [String], readingFrom inputs: [String]) throws(OutputError) {
        var inputFiles: [(name: String, device: UInt64, inode: UInt64)] = []
        for input in inputs {
            var info = stat()
            let found = input == "-" ? fstat(STDIN_FILENO, &info) == 0 : stat(input, &info) == 0
            if found, info.st_mode & S_IFMT == S_IFREG {
                inputFiles.append((input == "-" ? "<stdin>" : input, UInt64(info.st_dev), UInt64(info.st_ino)))
            }
        }
        for output in outputs {
            var info = stat()
            let found = output == "-" ? fstat(STDOUT_FILENO, &info) == 0 : stat(output, &info) == 0
            guard found, info.st_mode & S_IFMT == S_IFREG else { continue }
            if let input = inputFiles.first(where: { $0.device == UInt64(info.st_dev) && $0.inode == UInt64(info.st_ino) }) {
                let name = output == "-" ? "<stdout>" : output
                throw OutputError(path: name, "is the input \(input.name); writing it would destroy the input (choose another output)")
            }
        }
    }
}
