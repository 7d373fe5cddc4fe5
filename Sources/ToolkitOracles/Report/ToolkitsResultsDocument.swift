import Foundation
import TouchKit

// MARK: - results.json

/// The run for machines: per toolkit its status and agreement, per case both sides' gestures
/// (absolute wl_touch times in ms) and what differs.
public struct ToolkitsResultsDocument: Codable, Sendable {
    /// One toolkit.
    public struct Toolkit: Codable, Sendable {
        public var toolkit: String
        public var version: String?
        public var model: String?
        /// `ran` or `could-not-run`.
        public var status: String
        public var problem: String?
        public var cases: Int
        public var agreeing: Int
        public var agreement: Double
        public var seconds: Double
        /// Window-relative (0, 0) in output coordinates.
        public var offsetX: Double?
        public var offsetY: Double?
    }

    /// One case of one toolkit.
    public struct Case: Codable, Sendable {
        public var toolkit: String
        public var name: String
        public var source: String
        public var agrees: Bool
        public var real: [ToolkitGesture]
        public var model: [ToolkitGesture]
        /// Compared gestures only the real toolkit reported.
        public var realOnly: [ToolkitGesture]
        /// Compared gestures only the model reported.
        public var modelOnly: [ToolkitGesture]
        /// wl_touch records the toolkit received.
        public var receivedEvents: Int
    }

    public var tool: String
    public var version: String
    public var seconds: Double
    public var exitCode: Int32
    public var toolkits: [Toolkit]
    public var cases: [Case]
    /// The scrolling toolkits and their strokes (absent when nothing scrolled).
    public var scroll: [ScrollReport.Toolkit]?

    /// The document of `result`.
    public init(_ result: ToolkitsResult, toolVersion: String) {
        tool = "gesture-sandbox toolkits"
        version = toolVersion
        seconds = (result.seconds * 10).rounded() / 10
        exitCode = result.exitCode
        toolkits = result.toolkits.map { toolkit in
            Toolkit(toolkit: toolkit.oracle.toolkit, version: toolkit.version, model: toolkit.modelName,
                    status: toolkit.problem == nil ? "ran" : "could-not-run", problem: toolkit.problem,
                    cases: toolkit.cases.count, agreeing: toolkit.agreeing,
                    agreement: (toolkit.agreement * 10).rounded() / 10, seconds: (toolkit.seconds * 10).rounded() / 10,
                    offsetX: toolkit.recording?.offsetX, offsetY: toolkit.recording?.offsetY)
        }
        cases = result.toolkits.flatMap { toolkit in
            toolkit.cases.map { item in
                Case(toolkit: toolkit.oracle.toolkit, name: item.testCase.name, source: item.testCase.source,
                     agrees: item.comparison.agrees, real: item.real, model: item.model,
                     realOnly: item.comparison.missing, modelOnly: item.comparison.extra,
                     receivedEvents: item.received.count { !$0.event.isCapabilities })
            }
        }
        scroll = result.scroll.isEmpty ? nil : ScrollReport.document(result.scroll)
    }

    /// Pretty, key-sorted JSON with a final newline.
    public func jsonText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
}
