import Foundation

// MARK: - report.md: where the run's time went

extension MatrixReport {
    /// Per compositor: its starts, its scripts' runs and how much of them was waiting by design,
    /// and its slowest script; nothing for a result read back from results.json (no timings).
    static func timeSection(_ result: MatrixResult) -> String {
        let timed = result.columns.filter { $0.timing != nil }
        guard !timed.isEmpty else { return "" }
        let columnsSum = timed.reduce(0) { $0 + ($1.timing?.totalSeconds ?? 0) }
        var out = "## Time\n\n"
        out += "The run took \(seconds(result.seconds)); the compositors' columns add up to \(seconds(columnsSum))"
        out += columnsSum > result.seconds * 1.2 ? " (several ran at once)." : "."
        out += " A start is the compositor's start, its readiness and the calibration tap that finds our window; "
        out += "a script's runs include our client's start and exit, and waits by design: the script's own sleeps "
        out += "and the settle after it. The rows marked – are the steps of those runs (the rest: writing and reading "
        out += "their files, a compositor stopped after a script that changed it).\n\n"
        out += header("", timed)
        out += row(["column"] + timed.map { seconds($0.timing!.totalSeconds) })
        out += row(["starts"] + timed.map { column in
            let timing = column.timing!
            return timing.starts == 0 ? "-" : "\(timing.starts) in \(seconds(timing.startSeconds))"
        })
        out += row(["script runs"] + timed.map { column in
            let timing = column.timing!
            guard timing.runs > 0 else { return "-" }
            return "\(timing.runs) in \(seconds(timing.cellSeconds)), \(number(rounded(timing.cellSeconds / Double(timing.runs)))) s each"
        })
        out += row(["of which waits"] + timed.map { column in
            let timing = column.timing!
            return timing.runs == 0 ? "-" : seconds(timing.waitSeconds)
        })
        for phase in MatrixPhase.allCases {
            out += row(["– " + phase.rawValue] + timed.map { column in
                column.timing!.phaseSeconds[phase].map(seconds) ?? "-"
            })
        }
        out += row(["slowest script"] + timed.map { column in
            column.timing!.slowest.map { "\($0.name) \(seconds($0.seconds))" } ?? "-"
        })
        return out + "\n"
    }

    /// "12.3 s".
    private static func seconds(_ value: Double) -> String { "\(number(rounded(value))) s" }

    /// To a tenth.
    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
