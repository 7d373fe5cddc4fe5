import Foundation

/// Finds (and if needed builds) the weston module harness/build/gesture-harness.so.
///
/// Order: an explicit path, else `$GESTURE_HARNESS_MODULE`, else the installed module next to the
/// running binary (`<bindir>/../lib/gesture-sandbox/gesture-harness.so`, where `scripts/install` puts
/// it), else `<package root>/harness/build/gesture-harness.so` of the source tree the binary was built
/// from, built with `make -C <root>/harness` when missing.
public enum HarnessModule {
    /// The environment variable that names a prebuilt module.
    public static let environmentVariable = "GESTURE_HARNESS_MODULE"

    /// The package root, derived from this source file's location (Sources/SandboxHarness/…).
    public static let packageRoot: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
    }()

    /// The module's default location inside the package.
    public static var defaultPath: String { "\(packageRoot)/harness/build/gesture-harness.so" }

    /// Where an installed copy keeps the module, relative to the directory of its binaries.
    public static let installedRelativePath = "../lib/gesture-sandbox/gesture-harness.so"

    /// The module path next to the running executable (symbolic links resolved), or nil when the
    /// executable's path cannot be read.
    public static func installedPath() -> String? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        let binDirectory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        return binDirectory.appendingPathComponent(installedRelativePath).standardizedFileURL.path
    }

    /// Serialises builds: parallel tests must not run make on the same tree at once.
    private static let buildLock = NSLock()

    /// The absolute path of a usable module, building the default one if it is missing.
    public static func locate(explicitPath: String? = nil,
                              environment: [String: String] = ProcessInfo.processInfo.environment)
        throws -> String
    {
        if let explicitPath {
            return try existing(explicitPath, origin: "the given module path")
        }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty {
            return try existing(fromEnvironment, origin: "$\(environmentVariable)")
        }
        if let installed = installedPath(), FileManager.default.fileExists(atPath: installed) { return installed }
        buildLock.lock()
        defer { buildLock.unlock() }
        if FileManager.default.fileExists(atPath: defaultPath) { return defaultPath }
        try build(environment: environment)
        return defaultPath
    }

    /// Runs `make -C <root>/harness`; throws a one-line error saying how to build it by hand.
    public static func build(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws
    {
        let directory = "\(packageRoot)/harness"
        let logPath = NSTemporaryDirectory() + "gesture-harness-make-\(getpid()).log"
        defer { unlink(logPath) }
        let hint = "build it with `make -C \(directory)` (needs make, a C compiler, libweston-10-dev)"
        let make: ChildProcess
        do {
            make = try ChildProcess(executable: "make", arguments: ["-C", directory],
                                    environment: environment, logPath: logPath)
        } catch {
            throw HarnessError("gesture-harness module missing at \(defaultPath) and \(error); \(hint)")
        }
        let termination = make.wait(timeout: buildTimeout) ?? make.terminate()
        guard termination == .exited(0), FileManager.default.fileExists(atPath: defaultPath) else {
            let last = make.output().split(whereSeparator: \.isNewline).suffix(2).joined(separator: " | ")
            throw HarnessError("gesture-harness module missing at \(defaultPath) and make failed (\(last)); \(hint)")
        }
    }

    /// Long enough for a cold compile of the module on a busy machine (seconds).
    private static let buildTimeout = 120.0

    private static func existing(_ path: String, origin: String) throws -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        guard FileManager.default.fileExists(atPath: absolute) else {
            throw HarnessError("gesture-harness module not found at \(absolute) (\(origin)); build it with `make -C harness`")
        }
        return absolute
    }
}
