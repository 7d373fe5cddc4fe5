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

// MARK: - A long press whose finger moves

/// One way a corpus moves a finger: the offset's name in case names (`x`, `anti-diagonal`) and its px.
typealias CorpusOffset = (name: String, dx: Double, dy: Double)

/// The browsers' group for a finger held at one place that moves: early, before its long press fires (the press
/// survives only inside the slop), and late, after it fired (the press stays, no click).
struct HeldMoveGroup {
    /// Where the finger goes down.
    var place: Point
    /// Motions a move takes, 20 ms apart.
    var steps: Int
    /// The corpus' offsets of a length.
    var offsets: (Double) -> [CorpusOffset]
    /// Early moves: the cases' name stem, ms held before the move, and from it to the lift.
    var early: (name: String, before: Double, after: Double)
    /// Late moves: the cases' name stem, ms held before the move (past the long press); the lift comes 60 ms after it.
    var late: (name: String, before: Double)

    /// Early moves by every offset of each length (named `early.name-side-offset`, summed up by `summary` from the
    /// length and the offset's name), then late ones by the first two offsets of `lateLength` (`late.name-offset`).
    func cases(lengths: [(length: Double, side: String)], lateLength: Double,
               summary: (Double, String) -> String, lateSummary: String) -> [ToolkitCorpusCase] {
        let early = lengths.flatMap { length, side in
            offsets(length).map { o in
                ToolkitCorpusCase(name: "\(self.early.name)-\(side)-\(o.name)", summary: summary(length, o.name),
                                  script: script(o, before: self.early.before, after: self.early.after))
            }
        }
        let late = offsets(lateLength).prefix(2).map { o in
            ToolkitCorpusCase(name: "\(self.late.name)-\(o.name)", summary: lateSummary,
                              script: script(o, before: self.late.before, after: 60))
        }
        return early + late
    }

    private func script(_ o: CorpusOffset, before: Double, after: Double) -> String {
        var s = CorpusScript()
        s.down(0, place); s.sleep(before)
        s.move(0, from: place, by: (o.dx, o.dy), steps: steps, every: 20)
        s.sleep(after); s.up(0)
        return s.text
    }
}
