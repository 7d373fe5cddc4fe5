import Foundation
@testable import Live
import Playback
import Scenes
import Testing
import TouchKit
import TouchStream

// MARK: - The live session's outputs, without a window

/// `LiveOutputs` on its own: the group's policy is checkable without a compositor (the
/// integration tests check it again through the window).
@Suite struct LiveOutputsTests {
    private let folder = NSTemporaryDirectory() + "live-outputs-\(UUID().uuidString)"
    private var trace: String { folder + "/trace.jsonl" }
    private var log: String { folder + "/deliveries.jsonl" }
    private var state: String { folder + "/state.json" }

    private func outputs(log: Bool = false, state: Bool = false) throws -> LiveOutputs {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try LiveOutputs(options: LiveOptions(sceneType: TouchDemoScene.self, profile: .uikit, recordPath: trace,
                                                    logPath: log ? self.log : nil, statePath: state ? self.state : nil,
                                                    toolVersion: "test"))
    }

    private func records(_ text: String) throws -> [RawRecord] {
        try CompactTrace.parse(text).compactMap { if case .record(let record) = $0 { record } else { nil } }
    }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    @Test func theCommandsOutputsArePutInPlaceTogetherAtTheEnd() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outputs = try outputs(log: true, state: true)
        for record in try records("down 0 10 20; frame; up 0; frame") { #expect(outputs.record(record) == nil) }
        #expect(outputs.isRecording)
        #expect(!exists(trace) && exists(trace + ".partial") && !exists(log) && !exists(state))
        try outputs.finish(state: { "{}\n" }, screenshot: { [] })
        #expect(exists(trace) && exists(log) && exists(state))
        #expect(!exists(trace + ".partial") && !exists(log + ".partial") && !exists(state + ".partial"))
        #expect(try TraceReader.read(trace).records.map(\.event.name) == ["down", "frame", "up", "frame"])
    }

    @Test func aCapabilitiesRecordOpensNoTraceAndTheTraceStartsWithTheSeatsTouchState() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outputs = try outputs()
        #expect(outputs.record(RawRecord(.capabilities(touch: true))) == nil)
        // The output is open from the start, but no trace is written to it: not even its header.
        #expect(try FileManager.default.attributesOfItem(atPath: trace + ".partial")[.size] as? Int == 0)
        for record in try records("down 0 10 20; frame; up 0; frame") { #expect(outputs.record(record) == nil) }
        try outputs.finish(state: { "" }, screenshot: { [] })
        #expect(try TraceReader.read(trace).records.map(\.event.name) == ["capabilities", "down", "frame", "up", "frame"])
    }

    @Test func whenAnotherOutputFailsTheRecordingAloneIsKept() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outputs = try outputs(state: true)
        for record in try records("down 0 10 20; frame; up 0; frame") { #expect(outputs.record(record) == nil) }
        let error = #expect(throws: RuntimeError.self) {
            try outputs.finish(state: { throw RuntimeError("no state") }, screenshot: { [] })
        }
        #expect(error?.description == "no state; kept the recording \(trace), wrote none of the other outputs")
        #expect(exists(trace) && !exists(state) && !exists(state + ".partial"))
    }
}
