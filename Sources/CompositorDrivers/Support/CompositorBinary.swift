import Foundation

/// A compositor build of the user's own that a driver starts instead of the Debian program
/// (`--compositor-binary NAME=PATH`, repeatable).
///
/// NAME is a driver's name (`gesture-sandbox compositors` spelling or its id, any case); PATH an
/// executable file. What the driver runs from it: the compositor itself for every driver; for
/// weston the harness weston (of the weston column only: the nested drivers keep Debian's weston
/// as their parent); for Enlightenment its `enlightenment_start`, which runs the `enlightenment`
/// beside it.
public struct CompositorBinary: Equatable, Sendable {
    /// The driver it replaces the program of.
    public let kind: CompositorKind
    /// Its absolute path.
    public let path: String

    /// A binary for `kind` at `path` (taken as given: `parse` checks it).
    public init(kind: CompositorKind, path: String) {
        self.kind = kind
        self.path = path
    }

    // MARK: - Parsing

    /// The binaries `arguments` name, each `NAME=PATH`; throws one line for the first bad one: no `=`,
    /// an unknown NAME, a PATH that is missing, a directory or not executable, a NAME given twice.
    /// Relative paths are taken from `directory`.
    public static func parse(_ arguments: [String],
                             directory: String = FileManager.default.currentDirectoryPath) throws -> [CompositorBinary] {
        var binaries: [CompositorBinary] = []
        for argument in arguments {
            let binary = try parse(argument, directory: directory)
            if let earlier = binaries.first(where: { $0.kind == binary.kind }) {
                throw DriverError("--compositor-binary names \(binary.kind.rawValue) twice (\(earlier.path) and "
                    + "\(binary.path)): give each compositor one binary")
            }
            binaries.append(binary)
        }
        return binaries
    }

    /// One `NAME=PATH`.
    static func parse(_ argument: String, directory: String) throws -> CompositorBinary {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex,
              argument.index(after: equals) != argument.endIndex else {
            throw DriverError("--compositor-binary takes NAME=PATH (e.g. sway=/opt/sway/bin/sway), not \"\(argument)\"")
        }
        let name = String(argument[..<equals]).trimmingCharacters(in: .whitespaces)
        let given = String(argument[argument.index(after: equals)...])
        guard let kind = CompositorKind.named(name) else {
            throw DriverError("--compositor-binary \(argument): unknown compositor \"\(name)\"; compositors: "
                + CompositorKind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let path = URL(fileURLWithPath: given, relativeTo: URL(fileURLWithPath: directory, isDirectory: true))
            .standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DriverError("--compositor-binary \(argument): \(path) does not exist")
        }
        guard !isDirectory.boolValue else {
            throw DriverError("--compositor-binary \(argument): \(path) is a directory, not the compositor's executable")
        }
        guard access(path, X_OK) == 0 else {
            throw DriverError("--compositor-binary \(argument): \(path) is not executable (chmod +x it)")
        }
        return CompositorBinary(kind: kind, path: path)
    }

    // MARK: - What it shows

    /// The version line of a driver running this binary: its version, then its path.
    func versionLine(_ version: String?) -> String {
        "\(version ?? "unknown version") (\(path))"
    }
}

extension CompositorKind {
    /// The compositor called `name`: its id (`gnome-shell`) or its display name (`GNOME Shell`,
    /// spaces as spaces or dashes), in any case.
    public static func named(_ name: String) -> CompositorKind? {
        let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
        return allCases.first {
            $0.rawValue == wanted || $0.displayName.lowercased() == wanted
                || $0.displayName.lowercased().replacingOccurrences(of: " ", with: "-") == wanted
        }
    }
}
