import Foundation

// MARK: - Each run's raw times, for analysis elsewhere

extension LatencyRun {
    /// The run as one JSON object on one line: the client, and its input, commit and repaint
    /// times in CLOCK_MONOTONIC seconds (`repaint_begin[i]` and `repaint_posted[i]` are one repaint);
    /// where each input put the finger (`input_x`, `input_y`); and the presented frames with the
    /// finger as drawn (`frame_presented`, `frame_x`, `frame_y`, `frame_aimed`: null when not
    /// predicted; `frames_logged`: from the client's frame log, else estimated).
    public func rawJSONLine() throws -> String {
        let frames = presentedFrames
        let raw = Raw(client: client, inputs: measurement.inputs, commits: measurement.commits,
                      repaintBegin: measurement.repaints.map(\.begin), repaintPosted: measurement.repaints.map(\.posted),
                      startup: startup, peakResident: peakResident, cpu: cpu,
                      inputX: path.points.map(\.x), inputY: path.points.map(\.y),
                      framePresented: frames.map(\.presented), frameX: frames.map(\.drawn.x), frameY: frames.map(\.drawn.y),
                      frameAimed: frames.map(\.aimed), framesLogged: loggedFrames != nil)
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
        var inputX: [Double]
        var inputY: [Double]
        var framePresented: [Double]
        var frameX: [Double]
        var frameY: [Double]
        var frameAimed: [Double?]
        var framesLogged: Bool
    }
}
