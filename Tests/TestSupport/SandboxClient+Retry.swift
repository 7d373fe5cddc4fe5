import CompositorDrivers

// MARK: - Once more on a fresh compositor

extension SandboxClient {
    /// Runs `body` on our client under a freshly started compositor of `driver`; when the run
    /// fails on its own (the start or `body` throws: the client lost its connection, the
    /// compositor did not come up), runs it once more on another fresh compositor and prints the
    /// first failure. This is `matrix`'s policy for a run that failed on its own (MatrixRunner),
    /// for compositors known to drop clients on a busy machine; a second failure fails the test,
    /// and failed expectations (which do not throw) are never retried.
    public static func onceMoreIfDropped<Result>(_ driver: CompositorDriver,
                                                 _ body: (SandboxClient) throws -> Result) throws -> Result {
        // Each attempt's client and compositor are stopped when it returns, before the next starts.
        func attempt() throws -> Result { try body(try SandboxClient(driver)) }
        do {
            return try attempt()
        } catch {
            print("\(driver.kind.displayName): run again on a fresh compositor; the first run failed: \(error)")
            return try attempt()
        }
    }
}
