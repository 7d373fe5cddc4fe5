import Foundation

// MARK: - Where the guest lives and whether it is current

/// The folder a built guest lives in, and its stamp: the recipe that built it.
///
/// A guest is a folder holding the kernel (`vmlinux`), the initramfs (`initrd.gz`), the root
/// file system (`root/`) and `stamp`, written last. The build writes into a sibling folder and
/// renames it into place at the end, so the folder is either a whole guest or absent.
public struct GuestCache: Equatable, Sendable {
    /// The guest's folder.
    public let path: String

    /// A guest in `path`.
    public init(path: String) { self.path = path }

    /// `$XDG_CACHE_HOME/gesture-sandbox/guest`, else `~/.cache/gesture-sandbox/guest`.
    public static func defaultPath(environment: [String: String]) -> String {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/gesture-sandbox/guest" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.cache/gesture-sandbox/guest"
    }

    /// The kernel, unpacked (ELF, booted through its PVH entry).
    public var kernel: String { path + "/vmlinux" }
    /// The initramfs (gzip'd newc cpio).
    public var initramfs: String { path + "/initrd.gz" }
    /// The root file system, shared read-only into the guest.
    public var root: String { path + "/root" }
    /// The recipe the guest was built from.
    public var stampPath: String { path + "/stamp" }
    /// The accelerator probe's verdict, kept beside the guest.
    public var acceleratorPath: String { path + "/accelerator" }

    /// Whether the folder holds a guest, and from which recipe.
    public enum State: Equatable, Sendable {
        /// No guest (or no stamp: not a finished one).
        case missing
        /// A guest built from the current recipe.
        case current
        /// A guest built from another recipe (its first stamp line).
        case stale(String)
    }

    /// The state of the folder for `recipe`'s stamp.
    public func state(for stamp: String) -> State {
        guard let data = FileManager.default.contents(atPath: stampPath) else { return .missing }
        return Self.state(stored: String(decoding: data, as: UTF8.self), current: stamp)
    }

    /// Compares a stored stamp with the current one.
    public static func state(stored: String, current: String) -> State {
        if stored == current { return .current }
        return .stale(stored.split(separator: "\n").first.map(String.init) ?? "(empty stamp)")
    }

    /// The folder the build writes into before renaming it to `path`.
    public func buildingPath(pid: Int32) -> String { path + ".building-\(pid)" }

    /// The size of everything in the folder, in bytes (links not followed).
    public func size() -> UInt64 {
        var total: UInt64 = 0
        guard let walker = FileManager.default.enumerator(atPath: path) else { return 0 }
        for case let relative as String in walker {
            var info = stat()
            if lstat(path + "/" + relative, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
                total += UInt64(info.st_blocks) * 512
            }
        }
        return total
    }

    /// A size in MiB or GiB with one decimal.
    public static func describe(bytes: UInt64) -> String {
        let mib = Double(bytes) / 1_048_576
        return mib >= 1024 ? String(format: "%.1f GiB", mib / 1024) : String(format: "%.0f MiB", mib)
    }
}
