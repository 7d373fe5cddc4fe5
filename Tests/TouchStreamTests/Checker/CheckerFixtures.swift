import Testing
import TouchStream

// MARK: - Shared fixtures for the checker suites

/// The findings of a compact-form script, as `CATEGORY RULE@RECORD` in the order decided.
func findings(_ script: String, header: TraceHeader? = nil) throws -> [String] {
    try checkerFindings(script, header: header).map { "\($0.category.rawValue) \($0.ruleID)@\($0.recordIndex)" }
}

/// The full findings of a compact-form script.
func checkerFindings(_ script: String, header: TraceHeader? = nil) throws -> [Finding] {
    let records = try CompactTrace.parse(script, name: "fixture").compactMap { item -> RawRecord? in
        if case .record(let record) = item { record } else { nil }
    }
    return ConformanceChecker.check(records, header: header)
}

/// A header with a wl_touch version and a surface size (logical px).
func checkerHeader(touchVersion: Int? = 8, width: Int = 100, height: Int = 100) -> TraceHeader {
    TraceHeader(toolVersion: "test",
                environment: CompositorEnvironment(touchVersion: touchVersion,
                                                   surface: .init(width: width, height: height, bufferScale: 1)),
                profile: "uikit", created: "2026-01-01T00:00:00.000Z")
}
