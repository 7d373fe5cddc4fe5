@testable import CompositorDrivers
import Testing

/// The catalog and what `compositors` will list: installation, versions, capabilities.
struct CatalogTests {
    @Test("the catalog lists this branch's drivers in report order, one per kind")
    func order() {
        let kinds = CompositorDrivers.all.map(\.kind)
        #expect(kinds == CompositorKind.allCases.filter { kinds.contains($0) })
        #expect(Set(kinds).isSuperset(of: [.weston, .kwin, .mutter, .gnomeShell, .sway, .phoc, .cage, .mir, .mirKiosk, .enlightenment]))
        #expect(Set(kinds).count == kinds.count)
    }

    @Test("every driver here is installed on this machine, with a dotted version")
    func versions() {
        for kind in [CompositorKind.weston, .kwin, .mutter, .gnomeShell, .sway, .phoc, .cage, .mir, .mirKiosk, .enlightenment] {
            let installation = CompositorDrivers.driver(for: kind)?.installation()
            guard case .installed(let version) = installation else {
                Issue.record("\(kind.displayName): \(String(describing: installation))")
                continue
            }
            #expect(version.contains("."), "\(kind.displayName) version \(version)")
        }
    }

    @Test("a missing program names its Debian package in one line")
    func missing() {
        let installation = ProgramVersion.installation(version: nil, programs: [
            ("gesture-sandbox-no-such-compositor", "no-such-package"), ("sh", "dash"),
        ])
        #expect(installation == .missing(debianPackages: ["no-such-package"]))
        let line = DriverError.notInstalled(.sway, packages: ["sway"]).description
        #expect(line == "sway is not installed: install the Debian package sway (apt-get install sway)")
        #expect(!line.contains("\n"))
    }

    @Test("capabilities: only KWin and sway have a title bar; nested compositors cannot toggle the seat")
    func capabilities() {
        let titleBar = CompositorDrivers.all.filter { $0.capabilities.contains(.serverTitleBar) }.map(\.kind)
        #expect(Set(titleBar) == [.kwin, .sway])
        #expect(KWinDriver().capabilities.isDisjoint(with: .shapeOrientation))
        #expect(NestedWlrootsDriver(.cage).capabilities.names == [
            "touch", "frame", "cancel", "shape/orientation", "keys", "pointer", "screenshot", "Xwayland",
            "touch-only seat",
        ])
        // Measured: miral-kiosk refuses --enable-x11; Enlightenment's driver runs it with no X display.
        let xwayland = CompositorDrivers.all.filter { $0.capabilities.contains(.xwayland) }.map(\.kind)
        #expect(Set(xwayland) == [.weston, .kwin, .mutter, .gnomeShell, .sway, .phoc, .cage, .mir])
    }

    @Test("versions are read from the programs' own output")
    func versionParsing() {
        #expect(ProgramVersion.firstVersion(in: "Phoc 0.24.0 - Phone compositor") == "0.24.0")
        #expect(ProgramVersion.firstVersion(in: "Cage version 0.1.4\n") == "0.1.4")
        #expect(ProgramVersion.firstVersion(in: "sway version 1.7") == "1.7")
        #expect(ProgramVersion.firstVersion(in: "kwin 5.27.5") == "5.27.5")
        #expect(ProgramVersion.firstVersion(in: "no version here 12") == nil)
    }

    @Test("as root, a missing unprivileged user is one line saying how to create it; not root, no switch")
    func unprivilegedUser() throws {
        let environment = [UnprivilegedUser.environmentVariable: "gesture-sandbox-no-such-user"]
        #expect(try UnprivilegedUser.forNestedCompositors(.sway, environment: environment, isRoot: false) == nil)
        do {
            _ = try UnprivilegedUser.forNestedCompositors(.sway, environment: environment, isRoot: true)
            Issue.record("no error for a missing user")
        } catch let error as DriverError {
            #expect(error.description.hasPrefix("sway refuses to run as root and user gesture-sandbox-no-such-user does not exist"))
            #expect(error.description.contains("useradd --system"))
            #expect(!error.description.contains("\n"))
        }
        let root = [UnprivilegedUser.environmentVariable: "root"]
        #expect(throws: DriverError.self) { try UnprivilegedUser.forNestedCompositors(.cage, environment: root, isRoot: true) }
    }
}
