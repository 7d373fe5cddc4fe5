import CompositorDrivers
import TouchStream

// MARK: - Where the window's content is, by touch

extension SandboxClient {
    /// Global point of the content's top-left: a framed tap at `probe` (global), against the
    /// surface-local point the client recorded for it.
    public func contentOrigin(probe: (x: Double, y: Double) = (640, 360)) throws -> (x: Double, y: Double) {
        try inject("down 0 \(probe.x) \(probe.y); frame; up 0; frame", settle: 0.4)
        let records = try TraceReader.read(tracePath + TraceWriter.temporarySuffix).records
        guard case .down(_, _, _, _, let x, let y)? = records.last(where: { $0.event.name == "down" })?.event else {
            throw DriverError("the tap at \(probe) did not reach the client")
        }
        return (probe.x - x.doubleValue, probe.y - y.doubleValue)
    }
}
