import ArgumentParser
import TouchStream

// MARK: - What both command lines share

/// The version written into trace headers and printed by --version.
public enum SandboxVersion {
    /// This build's version.
    public static let current = "0.1.0"
}

/// Prints `error` as one line on stderr and returns the exit code to throw.
public func fail(_ error: Error, code: Int32 = 1) -> ExitCode {
    StandardError.write("gesture-sandbox: \(error)\n")
    return ExitCode(code)
}
