import SandboxHarness

// MARK: - Ctrl-C during a matrix run

/// The matrix's interruption: stops the running compositor session (by pid, through its `stop()`)
/// and removes the unfinished matrix folder on SIGINT or SIGTERM, then exits 130.
public enum MatrixInterruption {
    /// The one instance the signal handlers use.
    public static let shared = RunInterruption(message: "matrix interrupted; every compositor stopped")
}
