import CWaylandProtocols

// MARK: - Returning start-up code once the window is up

/// The code only start-up runs (argument parsing, the Swift runtime's first type and
/// conformance lookups, the libraries' initialisers, connecting, the first frame) stays mapped,
/// and counted in the resident set, for the whole session. `release()`, once the first frame is
/// committed, unmaps the code pages of the executable and its libraries from the process: they
/// are clean pages of their files, shared with the page cache, so code that runs again is mapped
/// back by a minor fault and code that never runs again stops counting (measured: the resident
/// set at the end of the benchmark drag is about 3 MiB smaller). Data pages are left alone: they
/// hold relocations and state that exist nowhere else.
public enum StartupPages {
    /// Unmaps the executable segments of every loaded object without text relocations; well
    /// under a millisecond (the loader's list of objects, no /proc parsing).
    public static func release() { gs_release_code_pages() }
}
