import Foundation

/// A result's script comparisons, made at the first request and kept: copies of the result
/// share it until one of them changes its scripts or columns, which gives that copy a new one.
final class ComparisonsOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var comparisons: [ScriptComparison]?

    /// The comparisons, made by `make` the first time.
    func value(_ make: () -> [ScriptComparison]) -> [ScriptComparison] {
        lock.lock()
        defer { lock.unlock() }
        if let comparisons { return comparisons }
        let made = make()
        comparisons = made
        return made
    }
}
