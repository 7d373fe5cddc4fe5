import CompositorDrivers
import Foundation
@testable import Matrix
import TestSupport
import Testing
import TouchStream

// MARK: - Kernel lane columns beside the harness's: report, results.json, JUnit, shards, merge

@Suite struct MatrixLaneTests {
    static let device = "uinput touchscreen \"GestureSandbox touchscreen\": position axes 0…4095 × 0…4095, 10 slots, direct"

    /// weston in both lanes: the harness's framed stream, and the kernel lane's without the frame after the last up.
    private func result() throws -> MatrixResult {
        var result = try SyntheticCompositors.result([
            (.weston, .ran(try SyntheticCompositors.run(SyntheticCompositors.framed))),
            (.westonKernel, .ran(try SyntheticCompositors.run(SyntheticCompositors.noFrameAfterUp))),
        ])
        result.columns[1].device = Self.device
        return result
    }

    @Test func theKernelColumnIsNamedForItsLaneInEveryOutput() throws {
        let result = try result()
        let report = MatrixReport.markdown(result)
        #expect(report.contains("| weston | weston · kernel |"), "\(report)")
        let page = MatrixHTML.page(result)
        #expect(page.contains("data-compositor=\"weston-kernel\"") && page.contains("weston · kernel"))
        let junit = MatrixJUnit.xml(result, folder: "m")
        #expect(junit.contains("<testsuite name=\"weston-kernel\"") && junit.contains("m/weston-kernel/two"))
        let document = MatrixResultsDocument(result: result, toolVersion: "1")
        #expect(document.compositors.map(\.name) == ["weston", "weston-kernel"])
        #expect(document.compositors.map(\.lane) == ["harness", "kernel"])
        #expect(document.compositors.map(\.device) == [nil, Self.device])
        let text = try document.jsonText()
        let schema = JSONSchemaCheck(schema: try JSONValue.parse(
            try Data(contentsOf: Tools.packageRoot.appendingPathComponent("docs/results.schema.json"))))
        #expect(try schema.problems(in: try JSONValue.parse(Data(text.utf8))).isEmpty)
        #expect(try MatrixResultsDocument.read(Data(text.utf8), name: "results.json") == document)
        // The two lanes disagree on the frame after the last up: two variants, one per lane.
        let comparison = try #require(result.comparisons.first)
        #expect(comparison.variants.count == 2 && comparison.variant(of: .westonKernel)?.label != comparison.variant(of: .weston)?.label)
    }

    @Test func shardsSplitTheCellsOfBothLanesAndMergePutsThemTogether() throws {
        let kinds: [CompositorKind] = [.weston, .sway, .westonKernel, .swayKernel]
        let shards = try (1...2).map { try MatrixShard(index: $0, count: 2).cells(compositors: kinds, scripts: ["two"]) }
        #expect(shards.flatMap { $0 } == kinds.map { MatrixCellKey($0, "two") })
        #expect(shards[1].map(\.compositor) == [.westonKernel, .swayKernel])

        let directory = try TemporaryDirectory()
        let full = try result()
        var folders: [String] = []
        for index in 1...2 {
            var part = full
            part.shard = try MatrixShard(index: index, count: 2)
            // Shard 1 ran the harness column, shard 2 the kernel lane's.
            part.columns[index == 1 ? 1 : 0].cells = [:]
            let folder = directory.file("s\(index)")
            for column in part.columns {
                for (name, cell) in column.cells {
                    let run = try #require(cell.ran.first?.1)
                    try FileManager.default.createDirectory(atPath: folder + "/\(column.kind.rawValue)/\(name)", withIntermediateDirectories: true)
                    try CompactTrace.write(run.trace.items).write(toFile: folder + "/\(column.kind.rawValue)/\(name)/trace.jsonl",
                                                              atomically: true, encoding: .utf8)
                }
            }
            try MatrixOutput.write(part, into: folder, toolVersion: "1")
            folders.append(folder)
        }
        let merged = try MatrixOutput.merge(folders, to: directory.file("out"), options: MatrixOutputOptions(toolVersion: "1"))
        #expect(merged.columns.map(\.kind) == [.weston, .westonKernel])
        #expect(merged.columns.map { $0.cells["two"]?.ran.count } == [1, 1])
        #expect(merged.columns[1].device == Self.device)
        let document = try MatrixResultsDocument.read(Data(contentsOf: URL(fileURLWithPath: directory.file("out/results.json"))),
                                                      name: "results.json")
        #expect(document.compositors.map(\.lane) == ["harness", "kernel"])
        #expect(document.cells.map { "\($0.compositor) \($0.status)" } == ["weston ran", "weston-kernel ran"])
    }
}
