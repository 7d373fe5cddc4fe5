import Glibc
import Testing
import WaylandPlumbing

// MARK: - Private runtime directories and socket names

@Suite struct RuntimeDirectoryTests {
    @Test func aRuntimeDirectoryIsPrivateToItsUser() throws {
        let path = try RuntimeDirectory.make(prefix: "gs-plumbing-test")
        defer { rmdir(path) }
        #expect(path.hasPrefix(RuntimeDirectory.folder(in: RuntimeDirectory.temporaryDirectory, prefix: "gs-plumbing-test")
            + "gs-plumbing-test-"))
        // Every socket it may hold can be bound, however deep TMPDIR is.
        #expect(path.utf8.count + 1 + RuntimeDirectory.socketNameRoom <= RuntimeDirectory.socketPathLimit)
        var status = stat()
        #expect(stat(path, &status) == 0)
        // XDG_RUNTIME_DIR must be owned by the user and readable by nobody else (0700).
        #expect(status.st_mode & S_IFMT == S_IFDIR)
        #expect(status.st_mode & 0o777 == 0o700)
        #expect(status.st_uid == getuid())
    }

    @Test("runtime directories go in TMPDIR, or in /tmp when a socket in TMPDIR would be too long to bind",
          arguments: [("/tmp/", "/tmp/"), ("/var/tmp/private/", "/var/tmp/private/"),
                       ("/home/someone/" + String(repeating: "d", count: 20) + "/", "/home/someone/" + String(repeating: "d", count: 20) + "/"),
                       ("/home/someone/" + String(repeating: "d", count: 40) + "/", "/tmp/"),
                       ("/" + String(repeating: "deep/", count: 40), "/tmp/")])
    func aDeepTMPDIRFallsBackToTmp(temporary: String, expected: String) {
        #expect(RuntimeDirectory.folder(in: temporary, prefix: "gesture-harness") == expected)
    }

    @Test("a runtime directory for another user goes in /tmp when a folder above TMPDIR is closed to others")
    func aPrivateTMPDIRFallsBackToTmpForOthers() throws {
        let top = try RuntimeDirectory.make(prefix: "gs-private")
        defer { rmdir(top + "/open"); rmdir(top) }
        #expect(mkdir(top + "/open", 0o755) == 0)
        let inside = top + "/open/"
        #expect(!RuntimeDirectory.isReachableByOthers(inside), "\(top) is 0700")
        #expect(RuntimeDirectory.folder(in: inside, prefix: "gesture-sway", reachableByOthers: true) == "/tmp/")
        #expect(RuntimeDirectory.folder(in: inside, prefix: "gesture-sway") == inside)
        #expect(chmod(top, 0o711) == 0)
        #expect(RuntimeDirectory.isReachableByOthers(inside) == RuntimeDirectory.isReachableByOthers(top))
        #expect(RuntimeDirectory.isReachableByOthers("/tmp/"))
    }

    @Test func aDirectoryThatCannotBeMadeIsAOneLineError() {
        let error = #expect(throws: RuntimeDirectoryError.self) {
            try RuntimeDirectory.make(prefix: "no-such-directory-\(getpid())/inner")
        }
        let place = RuntimeDirectory.folder(in: RuntimeDirectory.temporaryDirectory, prefix: "no-such-directory-\(getpid())/inner")
        #expect(error?.description.hasPrefix("cannot create a runtime directory in \(place): ") == true)
        #expect(error?.description.contains("\n") == false)
    }

    @Test func socketNamesNameTheProcessAndNeverRepeat() {
        let names = (0..<3).map { _ in SocketName.next(prefix: "gs-test") }
        #expect(Set(names).count == 3)
        #expect(names.allSatisfy { $0.hasPrefix("gs-test-\(getpid())-") })
    }
}
