import Foundation

// MARK: - report.md: where the run's time went

extension MatrixReport {
    /// Per compositor: its starts, its scripts' runs and how much of them was waiting by design,
    /// and its slowest script; nothing for a result read back from results.json (no timings).
    static func timeSection(_ result: MatrixResult) -> String {
        let timed = result.columns.filter { $0.timing != nil }
        let timings = timed.compactMap(\.timing)
        guard !timings.isEmpty else { return "" }
        let columnsSum = timings.reduce(0) { $0 + $1.totalSeconds }
        var out = "## Time\n\n"
        out += "The run took \(seconds(result.seconds)); the compositors' columns add up to \(seconds(columnsSum))"
        out += columnsSum > result.seconds * 1.2 ? " (several ran at once)." : "."
        out += " A start is the compositor's start, its readiness and the calibration tap that finds our window; "
        out += "a script's runs include our client's start and exit, and waits by design: the script's own sleeps "
        out += "and the settle after it. The rows marked – are the steps of those runs (the rest: writing and reading "
        out += "their files, a compositor stopped after a script that changed it).\n\n"
        out += header("", timed)
        out += row(["column"] + timings.map { seconds($0.totalSeconds) })
        out += row(["starts"] + timings.map { $0.starts == 0 ? "-" : "\($0.starts) in \(seconds($0.startSeconds))" })
        out += row(["script runs"] + timings.map { timing in
            guard timing.runs > 0 else { return "-" }
            return "\(timing.runs) in \(seconds(timing.cellSeconds)), \(number(rounded(timing.cellSeconds / Double(timing.runs)))) s each"
        })
        out += row(["of which waits"] + timings.map { $0.runs == 0 ? "-" : seconds($0.waitSeconds) })
        for phase in MatrixPhase.allCases {
            out += row(["– " + phase.rawValue] + timings.map { $0.phaseSeconds[phase].map(seconds) ?? "-" })
        }
        out += row(["slowest script"] + timings.map { $0.slowest.map { "\($0.name) \(seconds($0.seconds))" } ?? "-" })
        return out + "\n"
    }

    /// "12.3 s".
    private static func seconds(_ value: Double) -> String { "\(number(rounded(value))) s" }

    /// To a tenth.
    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
