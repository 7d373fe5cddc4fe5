import Foundation

// MARK: - Where the oracle files are

/// Finds the folder holding the oracle clients (`gtk/oracle.py`, `qt/oracle.qml`, `chromium/oracle.html`).
///
/// Order, as the harness module is found: `$GESTURE_SANDBOX_ORACLES`, else the installed copy next to
/// the running binary (`<bindir>/../share/gesture-sandbox/oracles`, where `scripts/install` and the
/// .deb put it), else `<package root>/oracles` of the source tree the binary was built from.
public enum OracleFiles {
    /// The environment variable that names an oracles folder.
    public static let environmentVariable = "GESTURE_SANDBOX_ORACLES"

    /// Where an installed copy keeps the oracles, relative to the directory of its binaries.
    public static let installedRelativePath = "../share/gesture-sandbox/oracles"

    /// The source tree's folder, derived from this file's location (Sources/ToolkitOracles/Oracle/…).
    public static let sourceTreeFolder: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("oracles").path
    }()

    /// The folders looked at, in order, with where each came from.
    public static func candidates(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> [(folder: String, origin: String)] {
        if let folder = environment[environmentVariable], !folder.isEmpty {
            return [(folder, "$\(environmentVariable)")]
        }
        var result: [(String, String)] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let installed = URL(fileURLWithPath: executable).deletingLastPathComponent()
                .appendingPathComponent(installedRelativePath).standardizedFileURL.path
            result.append((installed, "next to the binary"))
        }
        result.append((sourceTreeFolder, "the source tree"))
        return result
    }

    /// The absolute path of `oracle`'s file, or an error naming every place looked at.
    public static func locate(_ oracle: ToolkitOracle,
                              environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        let places = candidates(environment: environment)
        for (folder, _) in places {
            let file = folder + "/" + oracle.oracleFile
            if FileManager.default.fileExists(atPath: file) {
                return file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file
            }
        }
        let looked = places.map { "\($0.folder)/\(oracle.oracleFile) (\($0.origin))" }.joined(separator: ", ")
        throw OracleError("\(oracle.toolkit): no oracle file: looked at \(looked); set $\(environmentVariable) to the oracles folder")
    }
}
