import Foundation

// MARK: - Each run's raw times, for analysis elsewhere

extension LatencyRun {
    /// The run as one JSON object on one line: the client, and its input, commit and repaint
    /// times in CLOCK_MONOTONIC seconds (`repaint_begin[i]` and `repaint_posted[i]` are one repaint).
    public func rawJSONLine() throws -> String {
        let raw = Raw(client: client, inputs: measurement.inputs, commits: measurement.commits,
                      repaintBegin: measurement.repaints.map(\.begin), repaintPosted: measurement.repaints.map(\.posted),
                      startup: startup, peakResident: peakResident, cpu: cpu)
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(raw), as: UTF8.self) + "\n"
    }

    private struct Raw: Encodable {
        var client: String
        var inputs: [Double]
        var commits: [Double]
        var repaintBegin: [Double]
        var repaintPosted: [Double]
        var startup: Double
        var peakResident: Int?
        var cpu: Double?
    }
}
