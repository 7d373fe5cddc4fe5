import CompositorDrivers
import Foundation
import SandboxHarness
import TestSupport
import Testing
import TouchStream

// MARK: - scripts/package: a .deb that apt installs, that runs, and that apt removes again

/// Builds the .deb from the already built binaries (`scripts/package --from`, so no release build),
/// reads its control fields and contents, installs it with apt, runs the installed
/// `/usr/bin/gesture-sandbox demo` and a one-script weston matrix from a private folder, then removes
/// and purges it: the machine is left as it was. Needs root (or passwordless sudo) for apt; refuses
/// to run when a gesture-sandbox is already installed, rather than replacing it.
@Suite(.serialized) struct DebianPackageTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The Debian package of each compositor the matrix drives: each must be in Recommends or Suggests.
    private static let compositorPackages: [CompositorKind: String] = [
        .weston: "weston", .kwin: "kwin-wayland", .mutter: "mutter", .gnomeShell: "gnome-shell",
        .sway: "sway", .phoc: "phoc", .cage: "cage", .mir: "mir-demos", .mirKiosk: "mir-demos",
        .enlightenment: "enlightenment",
    ]

    /// One test, so the package (tens of MB) is built once and removed with its folder at the end.
    @Test("scripts/package --from the debug build: fields, contents, apt install, demo and matrix, apt remove")
    func packageInstallsRunsAndRemoves() throws {
        // Before any work: apt needs root, and what is installed already is never replaced.
        let sudo = try Self.privilege()
        for path in ["/usr/bin/gesture-sandbox", "/usr/bin/gesture-sandbox-tools", "/usr/bin/gesture-bench", "/usr/lib/gesture-sandbox"] {
            guard !FileManager.default.fileExists(atPath: path) else {
                throw HarnessError("\(path) already exists: this test installs and removes the gesture-sandbox package "
                    + "and will not replace what is there (remove it first)")
            }
        }
        guard Self.dpkgStatus().isEmpty else {
            throw HarnessError("dpkg already knows a gesture-sandbox package (\(Self.dpkgStatus())): this test will not "
                + "replace it (apt-get purge gesture-sandbox first)")
        }

        let directory = try TemporaryDirectory()
        let built = URL(fileURLWithPath: try sandboxExecutable()).deletingLastPathComponent().path
        let started = Date()
        let build = try ChildProcess(executable: "\(Self.root)/scripts/package", arguments: ["--from", built, "-o", directory.path],
                                     environment: ProcessInfo.processInfo.environment, logPath: directory.file("package.log"))
        let status = build.wait(timeout: 600) ?? build.terminate()
        let output = build.output()
        try #require(status == .exited(0), "scripts/package failed: \(output)")
        // Its stdout, the package's path, is the log's last line.
        let package = output.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        try #require(package.hasPrefix(directory.path + "/gesture-sandbox_") && package.hasSuffix(".deb")
                     && FileManager.default.fileExists(atPath: package), "scripts/package did not print its package: \(output)")
        let size = (try? FileManager.default.attributesOfItem(atPath: package)[.size] as? Int) ?? 0
        print("DebianPackageTests: \(package), \(size / 1024) KiB, built in \(Int(Date().timeIntervalSince(started))) s")
        try checkFields(package)
        try checkContents(package)
        try installRunRemove(package, sudo: sudo)
    }

    /// Version and architecture of the build, Depends from its libraries, compositors recommended or suggested.
    private func checkFields(_ package: String) throws {
        let field = { (name: String) in
            try Self.run("dpkg-deb", ["-f", package, name]).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try field("Package") == "gesture-sandbox")
        let version = try Self.run(try sandboxExecutable(), ["--version"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try field("Version") == version)
        let architecture = try Self.run("dpkg", ["--print-architecture"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try field("Architecture") == architecture)
        #expect(URL(fileURLWithPath: package).lastPathComponent == "gesture-sandbox_\(version)_\(architecture).deb")
        for name in ["Maintainer", "Section", "Priority", "Description", "Installed-Size"] {
            #expect(try !field(name).isEmpty, "no \(name) field")
        }
        let depends = Self.packageNames(try field("Depends"))
        for library in ["libc6", "libwayland-client0", "libpixman-1-0", "libxkbcommon0", "libpng16-16",
                        "libfreetype6", "libfontconfig1", "libdecor-0-0", "libdbus-1-3", "fonts-dejavu-core"] {
            #expect(depends.contains(library), "Depends lacks \(library): \(depends.sorted())")
        }
        let recommends = Self.packageNames(try field("Recommends"))
        #expect(recommends.contains("weston") && recommends.contains("libweston-10-0"), "Recommends: \(recommends.sorted())")
        #expect(!depends.contains("weston") && !depends.contains("libweston-10-0"), "weston is required: \(depends.sorted())")
        let suggests = Self.packageNames(try field("Suggests"))
        for kind in CompositorKind.harnessCases {
            guard let name = Self.compositorPackages[kind] else {
                Issue.record("the matrix drives \(kind.displayName): add its Debian package to scripts/package's Suggests and to this test")
                continue
            }
            #expect(recommends.contains(name) || suggests.contains(name), "\(name) (\(kind.displayName)) is neither recommended nor suggested")
        }
        for helper in ["dbus-daemon", "pipewire", "wireplumber", "gstreamer1.0-pipewire", "kwin-style-breeze",
                       "mir-platform-graphics-wayland20"] {
            #expect(suggests.contains(helper), "Suggests lacks \(helper): \(suggests.sorted())")
        }
    }

    /// Binaries, the weston module, documents, copyright, man pages, completion; all root's, all under /usr.
    private func checkContents(_ package: String) throws {
        let listing = try Self.run("dpkg-deb", ["-c", package])
        // Each line ends with the path ("./usr/bin/gesture-sandbox").
        let lines = listing.split(whereSeparator: \.isNewline)
        let paths = Set(lines.compactMap { $0.split(separator: " ").last.map { String($0.dropFirst()) } })
        for path in ["/usr/bin/gesture-sandbox", "/usr/bin/gesture-sandbox-tools", "/usr/bin/gesture-bench", "/usr/lib/gesture-sandbox/gesture-harness.so",
                     "/usr/share/doc/gesture-sandbox/copyright", "/usr/share/doc/gesture-sandbox/changelog.gz",
                     "/usr/share/man/man1/gesture-sandbox.1.gz", "/usr/share/man/man1/gesture-bench.1.gz",
                     "/usr/share/bash-completion/completions/gesture-sandbox"] {
            #expect(paths.contains(path), "\(path) is not in the package")
        }
        #expect(paths.contains { $0.hasPrefix("/usr/share/doc/gesture-sandbox/README.md") }, "no README")
        #expect(paths.contains { $0.hasPrefix("/usr/share/doc/gesture-sandbox/docs/rules.md") }, "no docs/rules.md")
        // The toolkit oracles, where `toolkits` looks next to the binary (../share/gesture-sandbox/oracles).
        for oracle in ["gtk/oracle.py", "qt/oracle.qml", "chromium/oracle.html"] {
            #expect(paths.contains("/usr/share/gesture-sandbox/oracles/\(oracle)"), "no oracle \(oracle)")
        }
        #expect(lines.allSatisfy { $0.contains(" root/root ") }, "an entry not owned by root:\n\(listing)")
        #expect(paths.allSatisfy { $0 == "/" || $0.hasPrefix("/usr/") }, "outside /usr:\n\(listing)")
        let information = try Self.run("dpkg-deb", ["-I", package])
        for member in ["control", "md5sums", "postinst", "postrm"] {
            #expect(information.contains(" \(member)"), "no \(member) in the control archive: \(information)")
        }
    }

    /// apt installs it; the installed binary runs the demo and a weston matrix from a private folder;
    /// apt removes and purges it (in a defer too, so a failure leaves the machine as it was).
    private func installRunRemove(_ package: String, sudo: String?) throws {
        // Purged on every way out, a failed install included (dpkg may keep a half-configured package).
        var removed = false
        defer { if !removed, !Self.dpkgStatus().isEmpty { try? Self.apt(sudo, ["purge", "-y", "gesture-sandbox"]) } }
        try Self.apt(sudo, ["install", "-y", package])
        #expect(Self.dpkgStatus() == "install ok installed")

        // A private folder (as root's home is) and the installed tree only: no toolchain on PATH, no module override.
        let files = try TemporaryDirectory()
        let home = files.file("private")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        var environment = ProcessInfo.processInfo.environment.filter {
            ![HarnessModule.environmentVariable, "GESTURE_SANDBOX_BIN", "WAYLAND_DISPLAY"].contains($0.key)
        }
        environment["PATH"] = "/usr/bin:/bin:/usr/sbin:/sbin"
        let inHome = { (command: String) in ["-c", "cd '\(home)' && exec \(command)"] }

        let demo = try ChildProcess(executable: "/bin/sh", arguments: inHome("/usr/bin/gesture-sandbox demo --output '\(home)/demo'"),
                                    environment: environment, logPath: files.file("demo.log"))
        #expect(demo.wait(timeout: 120) ?? demo.terminate() == .exited(0), "\(demo.output())")
        #expect(demo.output().contains("module      /usr/lib/gesture-sandbox/gesture-harness.so"), "\(demo.output())")
        for name in ["trace.jsonl", "deliveries.jsonl", "state.json", "before.png", "after.png"] {
            let size = (try? FileManager.default.attributesOfItem(atPath: "\(home)/demo/\(name)")[.size] as? Int) ?? 0
            #expect(size > 0, "the demo wrote no \(name): \(demo.output())")
        }
        if let trace = try? TraceReader.read("\(home)/demo/trace.jsonl") {
            #expect(trace.records.filter { $0.event.name == "down" }.count == 4)
        }

        // A matrix over weston alone, paths relative to the private folder: 0 (agreement) and 1 (findings)
        // are both a completed run; 2 is a failure.
        try "down 0 200 200; frame; motion 0 240 200; frame; up 0; frame\n"
            .write(toFile: "\(home)/drag.txt", atomically: true, encoding: .utf8)
        let matrix = try ChildProcess(executable: "/bin/sh",
                                      arguments: inHome("/usr/bin/gesture-sandbox matrix --compositors weston drag.txt -o m"),
                                      environment: environment, logPath: files.file("matrix.log"))
        let status = matrix.wait(timeout: 180) ?? matrix.terminate()
        #expect(status == .exited(0) || status == .exited(1), "matrix: \(status) \(matrix.output())")
        let report = (try? String(contentsOfFile: "\(home)/m/report.md", encoding: .utf8)) ?? ""
        #expect(report.contains("| script | weston |"), "no weston column in report.md: \(matrix.output())")
        #expect(FileManager.default.fileExists(atPath: "\(home)/m/weston/drag/trace.jsonl"), "\(matrix.output())")

        try Self.apt(sudo, ["remove", "-y", "gesture-sandbox"])
        for path in ["/usr/bin/gesture-sandbox", "/usr/bin/gesture-bench", "/usr/lib/gesture-sandbox/gesture-harness.so"] {
            #expect(!FileManager.default.fileExists(atPath: path), "\(path) is still there after apt-get remove")
        }
        try Self.apt(sudo, ["purge", "-y", "gesture-sandbox"])
        removed = true
        #expect(Self.dpkgStatus().isEmpty, "dpkg still knows gesture-sandbox after purge: \(Self.dpkgStatus())")
        #expect(!FileManager.default.fileExists(atPath: "/usr/share/doc/gesture-sandbox"))
    }

    // MARK: - Helpers

    /// The package names of a relationship field ("a (>= 1), b | c" gives a, b, c).
    private static func packageNames(_ field: String) -> Set<String> {
        Set(field.split(whereSeparator: { $0 == "," || $0 == "|" }).compactMap {
            $0.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init)
        })
    }

    /// dpkg's status of the gesture-sandbox package ("install ok installed", "deinstall ok config-files"),
    /// or "" when dpkg has nothing of it.
    private static func dpkgStatus() -> String {
        let status = ((try? run("dpkg-query", ["-W", "-f=${Status}", "gesture-sandbox"], allowFailure: true)) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return status.hasSuffix(" not-installed") ? "" : status
    }

    /// nil when we are root, "sudo" when passwordless sudo works; else a one-line error.
    private static func privilege() throws -> String? {
        if geteuid() == 0 { return nil }
        if (try? run("sudo", ["-n", "true"])) != nil { return "sudo" }
        throw HarnessError("DebianPackageTests installs a .deb with apt-get: run the tests as root or with passwordless sudo")
    }

    /// `apt-get ARGS` (through sudo when needed), waiting for the dpkg lock rather than failing on it.
    private static func apt(_ sudo: String?, _ arguments: [String]) throws {
        let command = ["apt-get", "-o", "DPkg::Lock::Timeout=300", "-q"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DEBIAN_FRONTEND"] = "noninteractive"
        if let sudo {
            try run(sudo, ["-n"] + command, environment: environment, timeout: 600)
        } else {
            try run(command[0], Array(command.dropFirst()), environment: environment, timeout: 600)
        }
    }

    /// Runs a command to completion and returns its output (stdout and stderr); throws when it fails,
    /// unless `allowFailure` (then a failure gives "").
    @discardableResult
    private static func run(_ executable: String, _ arguments: [String], allowFailure: Bool = false,
                            environment: [String: String] = ProcessInfo.processInfo.environment,
                            timeout: Double = 120) throws -> String {
        let result = try command(executable, arguments, timeout: timeout, environment: environment)
        guard result.termination == .exited(0) else {
            if allowFailure { return "" }
            throw HarnessError("\(([executable] + arguments).joined(separator: " ")) failed (\(result.termination)): \(result.output)")
        }
        return result.output
    }
}
