import Foundation
import KernelLane
import SandboxHarness
import TestSupport

/// The guest the real-guest tests boot: the default cache's, built on first use (about 3 minutes
/// from a Debian mirror; root needed), once per test process.
enum RealGuest {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var ready: Result<GuestCache, any Error>?

    /// The built guest, or the error that kept it from being built.
    static func cache() throws -> GuestCache {
        try lock.withLock {
            if let ready { return try ready.get() }
            let cache = GuestCache(path: GuestCache.defaultPath(environment: ProcessInfo.processInfo.environment))
            let result = Result { () throws -> GuestCache in
                if cache.state(for: GuestRecipe.stamp) != .current {
                    let start = MonotonicClock.now()
                    print("KernelLaneTests: building the guest into \(cache.path) (first use)")
                    _ = try GuestBuilder(cache: cache, interruption: nil) { print("KernelLaneTests: guest: \($0)") }.build()
                    print(String(format: "KernelLaneTests: guest built in %.0f s", MonotonicClock.now() - start))
                }
                return cache
            }
            ready = result
            return try result.get()
        }
    }

    /// Runs `gesture-sandbox guest run` on `script` under `compositor`; returns the output folder and the run's stderr.
    static func run(_ script: String, compositor: String) throws -> (folder: String, log: String) {
        try run(arguments: [script], compositor: compositor)
    }

    /// Runs `gesture-sandbox guest run` with `arguments` (a script, or --recording FILE) under `compositor`.
    static func run(arguments: [String], compositor: String) throws -> (folder: String, log: String) {
        let cache = try cache()
        let folder = NSTemporaryDirectory() + "kernel-lane-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let result = try sandbox(["guest", "run", "--compositor", compositor, "--cache", cache.path, "-o", folder] + arguments,
                                 timeout: 400)
        guard result.status == 0 else {
            throw HarnessError("guest run under \(compositor) ended with \(result.termination): \(result.stderr)")
        }
        return (folder, result.stderr)
    }
}
