import Foundation
import SandboxHarness
import Testing

/// Starting, failing to start, and stopping the private weston.
@Suite struct WestonLifecycleTests {
    private static let smallOutput = WestonInstance.Configuration(width: 320, height: 240)

    @Test func startOffersTheHarnessGlobalOnAPrivateSocket() throws {
        let weston = try WestonInstance(Self.smallOutput)
        var info = stat()
        #expect(stat(weston.runtimeDirectory, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(FileManager.default.fileExists(atPath: weston.socketPath))
        #expect(weston.environment == ["WAYLAND_DISPLAY": weston.socketName,
                                       "XDG_RUNTIME_DIR": weston.runtimeDirectory])
        // connect() throws unless the registry offers gesture_harness_v1.
        let harness = try weston.connect()
        try harness.roundtrip()
        #expect(weston.isRunning)
        #expect(try String(contentsOfFile: weston.logPath, encoding: .utf8)
            .contains("gesture-harness: seat \"harness-seat\" and gesture_harness_v1 ready"))
    }

    @Test func stopEndsWestonAndDeinitRemovesTheRuntimeDirectory() throws {
        var weston: WestonInstance? = try WestonInstance(Self.smallOutput)
        let pid = try #require(weston?.pid)
        let directory = try #require(weston?.runtimeDirectory)
        #expect(weston?.stop() == .exited(0))
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
        #expect(weston?.isRunning == false)
        weston = nil
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    @Test func deinitAloneLeavesNoProcess() throws {
        var weston: WestonInstance? = try WestonInstance(Self.smallOutput)
        let pid = try #require(weston?.pid)
        weston = nil
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }

    @Test func missingModulePathIsAOneLineError() throws {
        var configuration = Self.smallOutput
        configuration.modulePath = "/nonexistent/gesture-harness.so"
        let error = try #require(throws: HarnessError.self) { try WestonInstance(configuration) }
        #expect(error.message.contains("/nonexistent/gesture-harness.so"))
        #expect(error.message.contains("make -C harness"))
        #expect(!error.message.contains("\n"))
    }

    @Test func aFileThatIsNoModuleStopsWestonWithItsLogInTheError() throws {
        let bogus = NSTemporaryDirectory() + "not-a-module-\(getpid()).so"
        try Data("not an ELF".utf8).write(to: URL(fileURLWithPath: bogus))
        defer { unlink(bogus) }
        var configuration = Self.smallOutput
        configuration.modulePath = bogus
        let error = try #require(throws: HarnessError.self) { try WestonInstance(configuration) }
        #expect(error.message.hasPrefix("weston exited"))
        #expect(error.message.contains(bogus))
        #expect(!error.message.contains("\n"))
    }

    @Test func missingWestonBinaryIsNamed() throws {
        var configuration = Self.smallOutput
        configuration.westonExecutable = "weston-that-does-not-exist"
        let error = try #require(throws: HarnessError.self) { try WestonInstance(configuration) }
        #expect(error.message.hasPrefix("weston-that-does-not-exist not found in PATH"))
    }

    @Test func moduleIsFoundInThePackage() throws {
        let path = try HarnessModule.locate(environment: [:])
        #expect(path == HarnessModule.packageRoot + "/harness/build/gesture-harness.so")
        #expect(FileManager.default.fileExists(atPath: path))
    }
}
