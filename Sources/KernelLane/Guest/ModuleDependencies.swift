// MARK: - Which kernel modules the initramfs loads, in order

/// A kernel's `modules.dep`, read to load a few modules and their dependencies with plain
/// `insmod` (busybox's modprobe is not built into the initramfs' needs).
public struct ModuleDependencies: Equatable, Sendable {
    /// Dependencies per module path (relative to the modules folder).
    public let dependencies: [String: [String]]

    /// Parses `modules.dep` text: `kernel/fs/9p/9p.ko: kernel/net/9p/9pnet.ko …` per line.
    public init(text: String) {
        var table: [String: [String]] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            table[String(line[..<colon])] = line[line.index(after: colon)...].split(separator: " ").map(String.init)
        }
        dependencies = table
    }

    /// The path of module `name` (`9p`, `virtio_pci`: dashes and underscores alike), if listed.
    public func path(of name: String) -> String? {
        let wanted = name.replacingOccurrences(of: "-", with: "_")
        return dependencies.keys.sorted().first { path in
            let file = path.split(separator: "/").last.map(String.init) ?? path
            let base = file.hasSuffix(".ko") ? String(file.dropLast(3)) : file
            return base.replacingOccurrences(of: "-", with: "_") == wanted
        }
    }

    /// Module paths to insmod in this order so every module's dependencies load before it;
    /// throws naming the first module the kernel does not have.
    public func loadOrder(_ names: [String]) throws -> [String] {
        var order: [String] = []
        func visit(_ path: String) {
            guard !order.contains(path) else { return }
            for dependency in dependencies[path] ?? [] { visit(dependency) }
            order.append(path)
        }
        for name in names {
            guard let path = path(of: name) else {
                throw KernelLaneError("the guest kernel has no module \(name) (not in modules.dep)")
            }
            visit(path)
        }
        return order
    }
}
