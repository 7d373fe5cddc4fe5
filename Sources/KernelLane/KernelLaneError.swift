import Foundation

// MARK: - What stops a guest build or run

/// A guest build or run that could not go on, as one line; `status` is the exit status the command
/// line gives it (2: the machine or the guest is not ready; 1: bad input).
public struct KernelLaneError: Error, CustomStringConvertible, Equatable {
    /// The one-line message (no program name, no trailing newline).
    public let description: String
    /// The exit status for this error.
    public let status: Int32

    /// An error with its message and exit status.
    public init(_ description: String, status: Int32 = 2) {
        self.description = description
        self.status = status
    }

    /// qemu is not installed: names the Debian package.
    public static let qemuMissing = KernelLaneError(
        "qemu-system-x86_64 not found: install the Debian package qemu-system-x86")

    /// No guest in `cache`: says how to build one.
    public static func notBuilt(_ cache: String) -> KernelLaneError {
        KernelLaneError("no guest built in \(cache): run `gesture-sandbox guest build` first")
    }

    /// The guest's userspace did not start in time; `console` is the tail of its serial console.
    public static func didNotBoot(within seconds: Double, console: String) -> KernelLaneError {
        KernelLaneError("the guest did not boot within \(String(format: "%g", seconds)) s; console: \(oneLine(console))")
    }

    /// The compositor in the guest did not start; `log` is the tail of its log.
    public static func compositorDidNotStart(_ name: String, log: String) -> KernelLaneError {
        KernelLaneError("\(name) did not start in the guest; its log: \(oneLine(log))")
    }

    /// Text joined into one line, at most `limit` characters from its end.
    public static func oneLine(_ text: String, limit: Int = 400) -> String {
        let joined = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " | ")
        return joined.isEmpty ? "(empty)" : String(joined.suffix(limit))
    }
}
