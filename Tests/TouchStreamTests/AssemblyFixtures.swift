import Testing
import TouchKit
import TouchStream

// MARK: - Shared fixtures for the assembly suites

/// Replays a compact-form script through the assembler as replay does.
func assemble(_ script: String) throws -> [AssemblyOutput] {
    ReplayAssembler.assemble(try CompactTrace.parse(script, name: "fixture"))
}

/// A touch input with the default contact values, for expected frames.
func touch(_ id: Int32, _ phase: TouchPhase, _ x: Double, _ y: Double, coalesced: [Point]? = nil,
           majorRadius: Double = 0, orientation: Double? = nil, emulated: Bool = false) -> TouchInput {
    TouchInput(id: id, phase: phase, location: Point(x: x, y: y), coalesced: coalesced,
               majorRadius: majorRadius, orientation: orientation, isEmulated: emulated)
}

/// A point, shorter.
func pt(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// The diagnostic kinds with their record indices, for compact expectations.
func kinds(_ output: [AssemblyOutput]) -> [String] {
    output.diagnostics.map { "\($0.kind.rawValue)@\($0.recordIndex)" }
}
