import TouchStream

// MARK: - M20: touches on the second output

extension MatrixObservation {
    /// True when a down in one of `traces` lies outside the outputs its header lists (negative, or
    /// past the smallest output's logical size): no surface on one output has such a point, so the
    /// compositor sent global coordinates, the output's origin added. Reported as M20 for a
    /// script on the second of two outputs, where the origin is not 0, 0.
    static func arrivedGlobal(in traces: [Trace]) -> Bool {
        traces.contains { trace in
            let outputs = trace.header?.environment.outputs ?? []
            guard let width = outputs.map({ Double($0.width) / Double(max($0.scale, 1)) }).min(),
                  let height = outputs.map({ Double($0.height) / Double(max($0.scale, 1)) }).min() else { return false }
            return trace.records.contains { record in
                guard case .down(_, _, _, _, let x, let y) = record.event else { return false }
                return x.doubleValue < 0 || y.doubleValue < 0 || x.doubleValue >= width || y.doubleValue >= height
            }
        }
    }
}
