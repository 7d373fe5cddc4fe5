@testable import CompositorDrivers
import Foundation
import SandboxHarness
import TestSupport
import Testing
import TouchStream

/// `--compositor-binary NAME=PATH`: a compositor build of the user's own, its version read from it.
@Suite(.serialized)
struct CompositorBinaryTests {
    /// A copy of the installed `program` in a fresh folder anyone may enter (as root, the nested
    /// compositors run as the unprivileged user, who must be able to execute it).
    private static func copy(_ program: String, to folder: TemporaryDirectory, as name: String? = nil) throws -> String {
        let original = try #require(ChildProcess.resolve(program, path: ProcessInfo.processInfo.environment["PATH"]))
        let target = folder.file(name ?? program)
        try FileManager.default.copyItem(atPath: original, toPath: target)
        chmod(target, 0o755)
        return target
    }

    // MARK: - Parsing

    @Test("bad NAME=PATH: one line each, saying what is wrong")
    func badInput() throws {
        let folder = try TemporaryDirectory(prefix: "gesture-binary")
        let plain = try folder.write("not-executable", "#!/bin/sh\n")
        let cases: [([String], String)] = [
            (["sway"], "--compositor-binary takes NAME=PATH (e.g. sway=/opt/sway/bin/sway), not \"sway\""),
            (["=/bin/true"], "--compositor-binary takes NAME=PATH"),
            (["hyprland=/bin/true"], "--compositor-binary hyprland=/bin/true: unknown compositor \"hyprland\"; compositors: weston, kwin,"),
            (["sway=\(folder.file("missing"))"], "--compositor-binary sway=\(folder.file("missing")): \(folder.file("missing")) does not exist"),
            (["sway=\(folder.path)"], "is a directory, not the compositor's executable"),
            (["cage=\(plain)"], "--compositor-binary cage=\(plain): \(plain) is not executable (chmod +x it)"),
            (["sway=/bin/true", "Sway=/bin/false"], "--compositor-binary names sway twice (/bin/true and /bin/false): give each compositor one binary"),
        ]
        for (arguments, expected) in cases {
            do {
                _ = try CompositorBinary.parse(arguments)
                Issue.record("no error for \(arguments)")
            } catch let error as DriverError {
                #expect(error.description.contains(expected), "\(arguments): \(error)")
                #expect(!error.description.contains("\n"))
            }
        }
        let parsed = try CompositorBinary.parse(["GNOME Shell=/bin/true", "mir-kiosk=true"], directory: "/bin")
        #expect(parsed == [CompositorBinary(kind: .gnomeShell, path: "/bin/true"), CompositorBinary(kind: .mirKiosk, path: "/bin/true")])
    }

    // MARK: - Versions read from the binary

    @Test("versions are read from the given binary, shown with its path; Mir and Enlightenment have no --version")
    func versions() throws {
        let folder = try TemporaryDirectory(prefix: "gesture-binary")
        let sway = try Self.copy("sway", to: folder)
        let kiosk = try Self.copy("miral-kiosk", to: folder)
        let starter = try Self.copy("enlightenment_start", to: folder)
        _ = try Self.copy("enlightenment", to: folder)
        let drivers = try CompositorDrivers.all(binaries: CompositorBinary.parse([
            "sway=\(sway)", "mir-kiosk=\(kiosk)", "enlightenment=\(starter)",
        ]))
        func installation(_ kind: CompositorKind) -> Installation? { drivers.first { $0.kind == kind }?.installation() }
        #expect(installation(.sway) == .installed(version: "1.7 (\(sway))"))
        // Mir's version is the one its server library states; Enlightenment's is in its module folder name.
        #expect(installation(.mirKiosk) == .installed(version: "2.12.1 (\(kiosk))"))
        #expect(installation(.enlightenment) == .installed(version: "0.25.4 (\(starter))"))
        #expect(installation(.mir) == .installed(version: "2.12.1"))
    }

    @Test("weston: a build of another libweston major version is refused, naming both versions")
    func westonABI() throws {
        let folder = try TemporaryDirectory(prefix: "gesture-binary")
        // A stand-in for a weston 11 build: it links (names) libweston-11 and says it is 11.0.1.
        let weston11 = try folder.write("weston", "#!/bin/sh\n# NEEDED libweston-11.so.0\necho 'weston 11.0.1'\n")
        chmod(weston11, 0o755)
        do {
            _ = try WestonDriver().starting(CompositorBinary(kind: .weston, path: weston11))
            Issue.record("a libweston-11 weston was accepted")
        } catch let error as DriverError {
            #expect(error.description.contains("that weston (weston 11.0.1, libweston-11) cannot load our harness module, which is built against libweston-10"))
        }
        // A copy of Debian's weston 10 is accepted, and its version read from it.
        let weston10 = try Self.copy("weston", to: folder, as: "weston10")
        let driver = try WestonDriver().starting(CompositorBinary(kind: .weston, path: weston10))
        #expect(driver.installation() == .installed(version: "10.0.1 (\(weston10))"))
    }

    // MARK: - Driving it

    @Test("cage from a copy at a temporary path: the run uses that file, and the version line names it")
    func cageCopy() throws {
        try NestedDriverTests.ensureUser()
        let folder = try TemporaryDirectory(prefix: "gesture-binary")
        let copy = try Self.copy("cage", to: folder)
        let driver = try NestedWlrootsDriver(.cage).starting(CompositorBinary(kind: .cage, path: copy))
        #expect(driver.installation() == .installed(version: "0.1.4 (\(copy))"))
        let run = try SandboxClient(driver)
        // Under cage the client handle is cage itself.
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(run.process.pid)/exe")
        #expect(executable == copy)
        try run.inject("down 0 100 100; frame; up 0; frame")
        #expect(try run.finishEvents().map(summary) == ["capabilities touch", "down 0 100 100", "up 0"])
    }

    @Test("as root, a build the unprivileged user cannot execute is refused before anything starts")
    func unreachableForTheUser() throws {
        guard geteuid() == 0 else { return }
        try NestedDriverTests.ensureUser()
        let folder = try TemporaryDirectory(prefix: "gesture-binary", ownerOnly: true)
        let copy = try Self.copy("sway", to: folder)
        #expect(throws: DriverError.self) {
            try NestedWlrootsDriver(.sway).starting(CompositorBinary(kind: .sway, path: copy))
        }
    }

    // MARK: - The command line

    @Test("compositors --compositor-binary shows the version and path; bad input is one line and exit 2")
    func commandLine() throws {
        let folder = try TemporaryDirectory(prefix: "gesture-binary")
        let copy = try Self.copy("cage", to: folder)
        let listed = try sandbox(["compositors", "--compositor-binary", "cage=\(copy)"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.split(separator: "\n").contains("cage         0.1.4 (\(copy))"))
        let bad: [[String]] = [
            ["compositors", "--compositor-binary", "nosuch=/bin/true"],
            ["compositors", "--compositor-binary", "cage=\(folder.file("missing"))"],
            ["compositors", "--compositor-binary", "cage=\(copy)", "--compositor-binary", "cage=/bin/true"],
            ["matrix", "--battery", "--compositors", "cage", "--compositor-binary", "cage", "-o", folder.file("m")],
        ]
        for arguments in bad {
            let result = try sandbox(arguments)
            #expect(result.status == 2, "\(arguments): \(result.output)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("gesture-sandbox: --compositor-binary"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        #expect(!folder.exists("m"))
    }
}
