import Foundation

/// A one-line driver failure, printed as is (no type name, no quoting).
public struct DriverError: Error, CustomStringConvertible, Equatable {
    /// The whole message.
    public let description: String

    /// Creates an error with a one-line message.
    public init(_ description: String) { self.description = description }

    /// The one line for a compositor whose programs are missing: which Debian packages to install.
    public static func notInstalled(_ kind: CompositorKind, packages: [String]) -> DriverError {
        DriverError("\(kind.displayName) is not installed: install the Debian package\(packages.count == 1 ? "" : "s") "
            + "\(packages.joined(separator: " ")) (apt-get install \(packages.joined(separator: " ")))")
    }

    /// The one line for an X11 client asked of a session started without Xwayland.
    public static let noXwayland = DriverError(
        "this session has no Xwayland for X11 clients (start it with DriverConfiguration.xwayland)")
}
