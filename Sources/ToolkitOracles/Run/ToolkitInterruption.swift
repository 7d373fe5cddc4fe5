import SandboxHarness

// MARK: - Ctrl-C during a toolkits run

/// The toolkits run's interruption: stops every oracle session (its process group and its weston,
/// by pid) and removes the unfinished output folder on SIGINT or SIGTERM, then exits 130.
public enum ToolkitInterruption {
    /// The one instance the signal handlers use.
    public static let shared = RunInterruption(message: "toolkits interrupted; every toolkit and weston stopped")
}

extension OracleSession: StoppableSession {}
