import Foundation
import SandboxHarness

// MARK: - Building the guest once, from Debian packages

/// Builds a guest into a cache folder from Debian packages only: the kernel of
/// `linux-image-amd64` (apt-get download, dpkg-deb -x), a debootstrap root with the recipe's
/// packages and the kernel's modules (depmod), and a busybox-static initramfs.
///
/// Everything is written into a sibling folder renamed into place at the end, the stamp last, so
/// a failed or interrupted build leaves no guest that looks finished.
public struct GuestBuilder {
    /// Where the guest goes.
    public let cache: GuestCache
    /// Called with one line per step as it begins, and with the end's summary.
    public let progress: (String) -> Void
    /// Stops the running step and removes the unfinished folder on Ctrl-C, when given.
    public let interruption: RunInterruption?

    /// A builder for `cache`.
    public init(cache: GuestCache, interruption: RunInterruption?, progress: @escaping (String) -> Void) {
        self.cache = cache
        self.interruption = interruption
        self.progress = progress
    }

    /// The host programs a build needs, with their Debian packages.
    public static let hostPrograms = [
        ("apt-get", "apt"), ("apt-cache", "apt"), ("dpkg-deb", "dpkg"), ("debootstrap", "debootstrap"),
        ("busybox", "busybox-static"), ("gzip", "gzip"), ("chroot", "coreutils"), ("setsid", "util-linux"), ("xz", "xz-utils"),
    ]

    /// Builds the guest; returns its size in bytes and the seconds it took.
    public func build() throws -> (bytes: UInt64, seconds: Double) {
        let start = MonotonicClock.now()
        let path = ProcessInfo.processInfo.environment["PATH"]
        let missing = Self.hostPrograms.filter { ChildProcess.resolve($0.0, path: path) == nil }
        guard missing.isEmpty else {
            throw KernelLaneError("building the guest needs " + missing.map { "\($0.0) (Debian package \($0.1))" }
                .joined(separator: ", ") + ": install them (scripts/install-deps.sh)")
        }
        guard getuid() == 0 else { throw KernelLaneError("building the guest needs root (debootstrap and chroot)") }
        let parent = (cache.path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        removeAbandonedBuilds(in: parent)
        let building = cache.buildingPath(pid: getpid())
        try? FileManager.default.removeItem(atPath: building)
        try FileManager.default.createDirectory(atPath: building + "/work", withIntermediateDirectories: true)
        interruption?.add(folder: building)
        defer {
            try? FileManager.default.removeItem(atPath: building)
            interruption?.remove(folder: building)
        }
        let steps = Steps(building: building, command: HostCommand(interruption: interruption), progress: progress)
        let kernelVersion = try steps.kernel()
        try steps.root()
        try steps.modules(version: kernelVersion)
        try steps.initramfs(version: kernelVersion)
        try FileManager.default.removeItem(atPath: building + "/work")
        try Data(GuestRecipe.stamp.utf8).write(to: URL(fileURLWithPath: building + "/stamp"))
        progress("putting the guest in place: \(cache.path)")
        try publish(building)
        let bytes = cache.size()
        return (bytes, MonotonicClock.now() - start)
    }

    private func publish(_ building: String) throws {
        let replace = { () throws in
            if FileManager.default.fileExists(atPath: cache.path) {
                let old = cache.path + ".old-\(getpid())"
                try FileManager.default.moveItem(atPath: cache.path, toPath: old)
                try FileManager.default.moveItem(atPath: building, toPath: cache.path)
                try? FileManager.default.removeItem(atPath: old)
            } else {
                try FileManager.default.moveItem(atPath: building, toPath: cache.path)
            }
        }
        if let interruption { try interruption.publish(replace) } else { try replace() }
    }

    /// Folders of builds whose process is gone (killed by SIGKILL, or a power cut).
    private func removeAbandonedBuilds(in parent: String) {
        let name = (cache.path as NSString).lastPathComponent
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] {
            for marker in [".building-", ".old-"] where entry.hasPrefix(name + marker) {
                guard let pid = Int32(entry.dropFirst(name.count + marker.count)), kill(pid, 0) != 0 else { continue }
                try? FileManager.default.removeItem(atPath: parent + "/" + entry)
            }
        }
    }

    /// The steps, each writing into the building folder.
    private struct Steps {
        let building: String
        let command: HostCommand
        let progress: (String) -> Void

        var work: String { building + "/work" }
        var rootPath: String { building + "/root" }
        var log: String { work + "/step.log" }

        /// The kernel image package, unpacked; returns its version (the modules folder's name).
        func kernel() throws -> String {
            progress("kernel: apt-get download \(GuestRecipe.kernelPackage)")
            let depends = try command.run("apt-cache", ["depends", "--important", GuestRecipe.kernelPackage], log: log)
            guard let image = GuestRecipe.kernelImage(fromDepends: depends) else {
                throw KernelLaneError("apt-cache names no kernel image for \(GuestRecipe.kernelPackage): "
                    + KernelLaneError.oneLine(depends) + " (run apt-get update)")
            }
            let downloads = work + "/debs"
            try FileManager.default.createDirectory(atPath: downloads, withIntermediateDirectories: true)
            // _apt cannot write into root's private folders: apt-get then downloads as root (a warning only).
            try command.run("/bin/sh", ["-c", "cd '\(downloads)' && apt-get download \(image)"], log: log)
            guard let deb = try FileManager.default.contentsOfDirectory(atPath: downloads).first(where: { $0.hasSuffix(".deb") }) else {
                throw KernelLaneError("apt-get download \(image) left no .deb")
            }
            try command.run("dpkg-deb", ["-x", downloads + "/" + deb, work + "/kernel"], log: log)
            let boot = try FileManager.default.contentsOfDirectory(atPath: work + "/kernel/boot")
            guard let vmlinuz = boot.first(where: { $0.hasPrefix("vmlinuz-") }) else {
                throw KernelLaneError("\(deb) holds no /boot/vmlinuz-*")
            }
            let imagePath = work + "/kernel/boot/" + vmlinuz
            progress("kernel: unpacking \(vmlinuz) for a direct (PVH) boot")
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: imagePath)))
            guard let payload = KernelImage.payload(in: bytes),
                  let compression = KernelImage.compression(of: bytes[payload]) else {
                throw KernelLaneError("\(vmlinuz) is not a bzImage with a known compression")
            }
            // --single-stream: the payload's length may include padding after the stream.
            try command.run("/bin/sh", ["-c", "tail -c +\(payload.lowerBound + 1) '\(imagePath)' | head -c \(payload.count) "
                                        + "| \(compression) -dc --single-stream > '\(building)/vmlinux'"], log: log)
            let unpacked = FileManager.default.contents(atPath: building + "/vmlinux")?.prefix(4)
            guard unpacked.map(Array.init) == [0x7f, 0x45, 0x4c, 0x46] else {
                throw KernelLaneError("unpacking \(vmlinuz) (\(compression)) gave no ELF kernel")
            }
            return String(vmlinuz.dropFirst("vmlinuz-".count))
        }

        /// debootstrap of the recipe's suite, then its packages through apt in the root (debootstrap's
        /// --include leaves alternatives such as logind or dbus-system-bus unresolved: sway's polkitd fails).
        func root() throws {
            progress("root: debootstrap --variant=minbase \(GuestRecipe.suite) (the longest steps: this and the next)")
            try command.run("debootstrap", ["--variant=minbase", GuestRecipe.suite, rootPath, GuestRecipe.mirror],
                            log: work + "/debootstrap.log")
            progress("root: apt-get install \(GuestRecipe.packages.count) packages in the root")
            try? FileManager.default.removeItem(atPath: rootPath + "/etc/resolv.conf")
            try FileManager.default.copyItem(atPath: "/etc/resolv.conf", toPath: rootPath + "/etc/resolv.conf")
            var environment = ProcessInfo.processInfo.environment
            environment["DEBIAN_FRONTEND"] = "noninteractive"
            try command.run("chroot", [rootPath, "apt-get", "install", "-y", "--no-install-recommends"] + GuestRecipe.packages,
                            log: work + "/apt.log", environment: environment)
            progress("root: user \(GuestRecipe.user.name), mount points")
            let id = String(GuestRecipe.user.id)
            try command.run("chroot", [rootPath, "groupadd", "-g", id, GuestRecipe.user.name], log: log)
            try command.run("chroot", [rootPath, "useradd", "-u", id, "-g", id, "-M", "-d", "/home/" + GuestRecipe.user.name,
                                       "-s", "/bin/sh", GuestRecipe.user.name], log: log)
            for point in GuestRecipe.mountPoints {
                try FileManager.default.createDirectory(atPath: rootPath + "/" + point, withIntermediateDirectories: true)
            }
            // apt's downloaded packages are of no use to a read-only root.
            try command.run("/bin/sh", ["-c", "rm -rf '\(rootPath)'/var/cache/apt/archives/*.deb '\(rootPath)'/var/lib/apt/lists/*"], log: log)
        }

        /// The kernel's modules copied into the root, with depmod.
        func modules(version: String) throws {
            progress("modules: \(version) into the root, depmod")
            let modules = rootPath + "/usr/lib/modules"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: true)
            try command.run("cp", ["-a", work + "/kernel/lib/modules/" + version, modules + "/"], log: log)
            try command.run("chroot", [rootPath, "depmod", version], log: log)
        }

        /// The busybox initramfs with the modules that reach the root share.
        func initramfs(version: String) throws {
            progress("initramfs: busybox-static, \(GuestRecipe.initramfsModules.joined(separator: ", "))")
            let modules = rootPath + "/usr/lib/modules/" + version
            let dependencies = ModuleDependencies(text: try String(contentsOfFile: modules + "/modules.dep", encoding: .utf8))
            let order = try dependencies.loadOrder(GuestRecipe.initramfsModules)
            let tree = work + "/initramfs"
            for folder in ["bin", "dev", "proc", "sys", "newroot", "modules"] {
                try FileManager.default.createDirectory(atPath: tree + "/" + folder, withIntermediateDirectories: true)
            }
            guard let busybox = ChildProcess.resolve("busybox", path: ProcessInfo.processInfo.environment["PATH"]) else {
                throw KernelLaneError("busybox not found (Debian package busybox-static)")
            }
            try FileManager.default.copyItem(atPath: busybox, toPath: tree + "/bin/busybox")
            var names: [String] = []
            for path in order {
                let name = (path as NSString).lastPathComponent
                try FileManager.default.copyItem(atPath: modules + "/" + path, toPath: tree + "/modules/" + name)
                names.append(name)
            }
            try Data((names.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: tree + "/modules.order"))
            try Data(InitramfsInit.text.utf8).write(to: URL(fileURLWithPath: tree + "/init"))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tree + "/init")
            try command.run("/bin/sh", ["-c", "cd '\(tree)' && find . | busybox cpio -o -H newc 2>/dev/null | gzip -1 > '\(building)/initrd.gz'"],
                            log: log)
        }
    }
}
