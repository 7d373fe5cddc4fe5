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

    /// Opens `path` as one more output of the group.
    public func open(_ path: String) throws(OutputError) -> OutputTarget {
        let target = try OutputTarget(path: path)
        targets.append(target)
        return target
    }

    /// Syncs every output, then renames each into place; on a failure the rest are discarded.
    public func commit() throws(OutputError) {
        defer { targets.removeAll() }
        for target in targets {
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
