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

    @Test func requestsAfterWestonStoppedFailWithOneLine() throws {
        let weston = try WestonInstance(Self.smallOutput)
        let harness = try weston.connect()
        weston.stop()
        let error = try #require(throws: HarnessError.self) {
            try harness.touchDown(id: 0, x: 1, y: 1)
            try harness.roundtrip()
        }
        #expect(error.message.hasPrefix("harness connection \(weston.socketPath)"))
        #expect(!error.message.contains("\n"))
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

    @Test("a module in a folder deeper than weston's 255-byte --modules buffer still loads")
    func aDeepModulePathLoads() throws {
        let module = try HarnessModule.locate(explicitPath: nil, environment: ProcessInfo.processInfo.environment)
        let top = NSTemporaryDirectory() + "deep-module-\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: top) }
        let folder = top + String(repeating: "/an-installation-prefix-of-a-real-user", count: 8)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let deep = folder + "/gesture-harness.so"
        try FileManager.default.copyItem(atPath: module, toPath: deep)
        #expect(deep.utf8.count > 255)
        var configuration = Self.smallOutput
        configuration.modulePath = deep
        let weston = try WestonInstance(configuration)
        #expect(weston.modulePath == deep)
        try weston.connect().roundtrip()
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

/// Output options and connecting from the environment, as another process would.
@Suite struct WestonOptionTests {
    @Test func sizeIsLogicalAndScaleMultipliesThePixels() throws {
        let weston = try WestonInstance(.init(width: 640, height: 480, scale: 2))
        let harness = try HarnessConnection(environment: weston.environment)
        let client = try weston.launch("weston-eventdemo", logName: "eventdemo.log")
        let view = try #require(try harness.waitForView(x: 100, y: 100, pid: client.pid, timeout: 5))
        #expect(view == PickResult(x: 0, y: 0, width: 640, height: 480, pid: client.pid))
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: weston.screenshot(in: weston.runtimeDirectory))))
        let size = png[16..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(size == 1280 << 32 | 960)
    }

    @Test func environmentWithoutRuntimeDirectoryIsAOneLineError() throws {
        let error = try #require(throws: HarnessError.self) {
            try HarnessConnection(environment: ["WAYLAND_DISPLAY": "nowhere-0"])
        }
        #expect(error.message == "cannot find the Wayland socket nowhere-0: XDG_RUNTIME_DIR is not set")
    }
}
