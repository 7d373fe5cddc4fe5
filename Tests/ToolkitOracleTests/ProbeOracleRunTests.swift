import Foundation
import Testing
import TestSupport
import ToolkitOracles
import TouchKit

/// The runner against the real GTK 4 through the tests' own probe oracle: start under a private
/// weston, inject in real time, split per case, feed the model the received stream, compare, stop.
@Suite(.serialized)
struct ProbeOracleRunTests {
    private static let scripts = [
        ("two-slow-taps", "two 300 ms holds 150 ms apart (press to press 450 ms)",
         "down 0 100 100; frame; sleep 300; up 0; frame; sleep 150; down 0 100 100; frame; sleep 300; up 0; frame"),
        ("double-tap", "two 60 ms taps 150 ms apart",
         "down 0 300 200; frame; sleep 60; up 0; frame; sleep 150; down 0 302 200; frame; sleep 60; up 0; frame"),
        ("far-taps", "two taps 40 px apart",
         "down 0 300 300; frame; sleep 60; up 0; frame; sleep 100; down 0 340 300; frame; sleep 60; up 0; frame"),
    ]

    private func configuration(_ folder: TemporaryDirectory, model: @escaping @Sendable () -> any ToolkitModel) throws
        -> ToolkitsConfiguration {
        let file = try ProbeOracle.write(into: folder)
        let cases = try Self.scripts.map { try OracleCase(name: $0.0, summary: $0.1, script: $0.2, source: "test \($0.0)") }
        var configuration = ToolkitsConfiguration(toolkits: ["gtk"], scripts: cases, corpus: false)
        configuration.oracleFile = { _ in file }
        configuration.model = { _ in model() }
        return configuration
    }

    @Test func gtkProbeAgreesWithItsModelAndCountsPressToPress() throws {
        let folder = try TemporaryDirectory(prefix: "toolkit-probe")
        let result = ToolkitsRunner(configuration: try configuration(folder) { ProbeClickModel() }).run()
        let gtk = try #require(result.toolkits.first)
        #expect(gtk.problem == nil, "\(gtk.problem ?? "")")
        #expect(gtk.version?.hasPrefix("4.") == true)
        try #require(gtk.cases.count == 3)
        let counts = gtk.cases.map { $0.real.compactMap(\.count) }
        // GTK 4.8 counts from press to press: 450 ms apart is two single taps, not a double tap.
        #expect(counts == [[1, 1], [1, 2], [1, 1]])
        for item in gtk.cases {
            #expect(item.comparison.agrees, "\(item.testCase.name): \(item.comparison.rows)")
            // Real wl_touch times (ms since boot), the same on both sides.
            #expect(item.real.allSatisfy { $0.time > 1000 })
            #expect(item.received.count { if case .down = $0.event { true } else { false } } == 2)
        }
        #expect(result.exitCode == 0)
    }

    @Test func aWrongModelDisagreesAndExitsOne() throws {
        let folder = try TemporaryDirectory(prefix: "toolkit-probe")
        // Counting up to 600 ms apart makes the 450 ms pair a double tap, which GTK does not.
        let result = ToolkitsRunner(configuration: try configuration(folder) { ProbeClickModel(pressInterval: 0.6) }).run()
        let gtk = try #require(result.toolkits.first)
        #expect(gtk.problem == nil, "\(gtk.problem ?? "")")
        #expect(result.exitCode == 1)
        let differing = gtk.cases.filter { !$0.comparison.agrees }.map(\.testCase.name)
        #expect(differing == ["two-slow-taps"])
        let item = try #require(gtk.cases.first)
        #expect(item.comparison.missing.map(\.count) == [1])
        #expect(item.comparison.extra.map(\.count) == [2])
        let report = ToolkitsReport.markdown(result)
        #expect(report.contains("## Disagreements (1)"))
        #expect(report.contains("real only") && report.contains("model only"))
    }

    @Test func anOracleThatCannotStartFailsWithItsLogTail() throws {
        let folder = try TemporaryDirectory(prefix: "toolkit-probe")
        try FileManager.default.createDirectory(atPath: folder.file("gtk"), withIntermediateDirectories: true)
        let file = try folder.write("gtk/oracle.py", "import sys\nprint('probe cannot start: no display', file=sys.stderr)\nsys.exit(3)\n")
        var configuration = ToolkitsConfiguration(
            toolkits: ["gtk"], scripts: [try OracleCase(name: "tap", summary: "tap", script: "down 0 9 9; frame; up 0; frame", source: "t")],
            corpus: false)
        configuration.oracleFile = { _ in file }
        configuration.model = { _ in ProbeClickModel() }
        let result = ToolkitsRunner(configuration: configuration).run()
        let problem = try #require(result.toolkits.first?.problem)
        #expect(problem.contains("exited (exited(3)) before it was ready"))
        #expect(problem.contains("probe cannot start: no display"))
        #expect(result.exitCode == 2)
    }
}
