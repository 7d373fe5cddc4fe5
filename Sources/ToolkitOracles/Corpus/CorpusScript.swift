import TouchKit

// MARK: - Writing compact scripts for a corpus

/// A compact touch script under construction (`down 0 100 100; frame; sleep 60; up 0; frame`), as the browsers'
/// corpora write them: coordinates to 0.01 px, sleeps in whole ms.
struct CorpusScript {
    private var statements: [String] = []

    var text: String { statements.joined(separator: "; ") }

    mutating func down(_ id: Int32, _ p: Point) { statements += ["down \(id) \(coordinate(p.x)) \(coordinate(p.y))", "frame"] }

    mutating func downTogether(_ fingers: [(Int32, Point)]) {
        statements += fingers.map { "down \($0.0) \(coordinate($0.1.x)) \(coordinate($0.1.y))" } + ["frame"]
    }

    mutating func up(_ id: Int32) { statements += ["up \(id)", "frame"] }

    mutating func upTogether(_ ids: [Int32]) { statements += ids.map { "up \($0)" } + ["frame"] }

    mutating func sleep(_ milliseconds: Double) { statements.append("sleep \(Int(milliseconds))") }

    mutating func cancel() { statements.append("cancel") }

    mutating func tap(_ id: Int32, _ p: Point, hold: Double) {
        down(id, p); sleep(hold); up(id)
    }

    /// Moves finger `id` from `start` by `delta` in `steps` equal motions `every` ms apart.
    mutating func move(_ id: Int32, from start: Point, by delta: (Double, Double), steps: Int, every: Double) {
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            if step > 1 { sleep(every) }
            statements += ["motion \(id) \(coordinate(start.x + delta.0 * f)) \(coordinate(start.y + delta.1 * f))", "frame"]
        }
    }

    private func coordinate(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String((v * 100).rounded() / 100)
    }
}
