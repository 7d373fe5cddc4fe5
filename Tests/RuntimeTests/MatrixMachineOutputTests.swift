import CompositorDrivers
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Matrix
@testable import Playback
import TestSupport
import Testing
import TouchStream

// MARK: - --shard, --junit, results.json

@Suite struct MatrixShardTests {
    @Test func parsesIOverNAndRefusesTheRest() throws {
        #expect(try MatrixShard(parsing: "2/3") == MatrixShard(index: 2, count: 3))
        for bad in ["0/2", "3/2", "1/0", "a/b", "1", "1/2/3", "-1/2", ""] {
            #expect(throws: RuntimeError.self, "\(bad)") { try MatrixShard(parsing: bad) }
        }
    }

    @Test func everyCellIsInExactlyOneShardCompositorByCompositor() throws {
        let kinds: [CompositorKind] = [.weston, .kwin, .mutter, .gnomeShell, .sway, .phoc, .cage]
        let scripts = MatrixBattery.scripts.map(\.name)
        let all = MatrixShard.cells(compositors: kinds, scripts: scripts)
        let perColumn = scripts.count
        #expect(all.count == 7 * perColumn && all.first == MatrixCellKey(.weston, "tap")
                && all[perColumn] == MatrixCellKey(.kwin, "tap"))
        for count in 1...9 {
            let shards = try (1...count).map { try MatrixShard(index: $0, count: count).cells(compositors: kinds, scripts: scripts) }
            #expect(shards.flatMap { $0 } == all, "\(count) shards, in order, cover every cell once")
            let sizes = shards.map(\.count)
            #expect(sizes.max()! - sizes.min()! <= 1, "\(count) shards: \(sizes)")
            // A compositor is started once per shard holding one of its cells: at most one more per cut.
            let starts = shards.map { Set($0.map(\.compositor)).count }.reduce(0, +)
            #expect(starts <= kinds.count + count - 1, "\(count) shards: \(starts) starts")
        }
        let three = try MatrixShard(index: 1, count: 3).cells(compositors: [.weston], scripts: ["tap", "drag", "pinch", "ten"])
        #expect(three == [MatrixCellKey(.weston, "tap")])
        #expect(try MatrixShard(index: 5, count: 5).cells(compositors: [.weston], scripts: ["tap", "drag"]).count == 1)
        #expect(try MatrixShard(index: 1, count: 5).cells(compositors: [.weston], scripts: ["tap", "drag"]).isEmpty)
    }

    @Test func aShardsReportSaysWhichCellsItHolds() throws {
        var result = try SyntheticCompositors.result([(.weston, .ran(try SyntheticCompositors.run(SyntheticCompositors.framed)))])
        result.columns.append(MatrixColumn(kind: .kwin))
        result.shard = try MatrixShard(index: 1, count: 2)
        #expect(result.coveredCells == [MatrixCellKey(.weston, "two")])
        let text = MatrixReport.markdown(result)
        #expect(text.contains("This is shard 1/2 (1 of 2 cells)"))
        #expect(text.contains("| status | ran | not in this shard |"))
    }

    @Test func mergeRefusesFoldersThatAreNotTheShardsOfOneRun() throws {
        let directory = try TemporaryDirectory()
        let result = try SyntheticCompositors.result([(.weston, .ran(try SyntheticCompositors.run(SyntheticCompositors.framed)))])
        func folder(_ name: String, shard: MatrixShard?, repeatCount: Int = 1) throws -> String {
            var document = MatrixResultsDocument(result: result, toolVersion: "1.0")
            document.shard = shard.map { .init(index: $0.index, count: $0.count) }
            document.repeatCount = repeatCount
            try FileManager.default.createDirectory(atPath: directory.file(name), withIntermediateDirectories: true)
            try document.jsonText().write(toFile: directory.file(name + "/results.json"), atomically: true, encoding: .utf8)
            return directory.file(name)
        }
        let options = MatrixOutputOptions(toolVersion: "1.0")
        func error(_ folders: [String]) -> String {
            do { _ = try MatrixOutput.merge(folders, to: directory.file("out"), options: options); return "" } catch { return "\(error)" }
        }
        let one = try folder("s1", shard: MatrixShard(index: 1, count: 2))
        let again = try folder("s1b", shard: MatrixShard(index: 1, count: 2))
        let other = try folder("s2", shard: MatrixShard(index: 2, count: 2), repeatCount: 3)
        #expect(error([one]).contains("shard 2/2 missing: merge needs all 2"))
        #expect(error([one, again]).contains("are both shard 1/2"))
        #expect(error([one, other]).contains("not shards of one run: they differ in --repeat"))
        #expect(error([directory.path]).contains("no results.json"))
        #expect(!FileManager.default.fileExists(atPath: directory.file("out")))
        try "{\"format\": \"gesture-sandbox-matrix-results\", \"version\": 2}".write(
            toFile: directory.file("s1/results.json"), atomically: true, encoding: .utf8)
        #expect(error([one]).contains("this gesture-sandbox reads gesture-sandbox-matrix-results version 1"))
    }
}

@Suite struct MatrixJUnitTests {
    private func result(baseline: String? = nil) throws -> MatrixResult {
        var result = try SyntheticCompositors.repeated([
            (.weston, [.ran(try SyntheticCompositors.run(SyntheticCompositors.noFrameAfterUp)),
                       .ran(try SyntheticCompositors.run(SyntheticCompositors.framed))]),
            (.kwin, [.ran(try SyntheticCompositors.run(SyntheticCompositors.framed)),
                     .ran(try SyntheticCompositors.run(SyntheticCompositors.framed))]),
            (.mutter, [.notInjectable([MatrixScript.Unsupported(statement: 5, item: "cancel", needs: "cancel")])]),
            (.sway, [.ran(try SyntheticCompositors.run(SyntheticCompositors.framed)),
                     .failed("our client ended with exited(1): \u{1B}[31m<bad> & \"quoted\"")]),
        ])
        result.columns.append(MatrixColumn(kind: .cage, unavailable: "could not run: no DRM & no luck"))
        result.baseline = try baseline.map { try MatrixBaseline(parsing: $0, source: "expected.txt") }
        return result
    }

    @Test func aTestcasePerCellFailingOnFindingsSkippedWhenNotInjectableAnErrorWhenItCouldNotRun() throws {
        let xml = MatrixJUnit.xml(try result(), folder: "m")
        let document = try JUnitDocument(xml)
        #expect(document.root["tests"] == "5" && document.root["failures"] == "1" && document.root["errors"] == "2"
            && document.root["skipped"] == "1")
        #expect(document.cases.map { "\($0.classname) \($0.name)" } == ["weston two", "kwin two", "mutter two", "sway two", "cage two"])
        let weston = try #require(document.cases.first)
        #expect(weston.failure == "findings: A1 1/2 (unstable) in m/weston/two", "\(xml)")
        #expect(document.cases[1].failure == nil && document.cases[1].skipped == nil && document.cases[1].error == nil)
        #expect(document.cases[2].skipped == "not injectable here: cancel (statement 5) needs cancel")
        #expect(document.cases[3].error?.hasPrefix("run 2: our client ended with exited(1): \u{FFFD}[31m<bad> & \"quoted\"") == true)
        #expect(document.cases[4].error == "could not run: no DRM & no luck")
        #expect(document.suites == ["weston", "kwin", "mutter", "sway", "cage"])
    }

    @Test func withABaselineOnlyNewFindingsFail() throws {
        let expected = try JUnitDocument(MatrixJUnit.xml(try result(baseline: "weston two A1 unstable\nkwin two R4\n"), folder: "m"))
        #expect(expected.cases[0].failure == nil)
        #expect(expected.cases[1].out.contains("fixed (in the baseline, seen in no run): R4"))
        // weston's A1, not listed, was seen in one run of two: named, but no failure.
        let new = try JUnitDocument(MatrixJUnit.xml(try result(baseline: "kwin two R4\n"), folder: "out/m"))
        #expect(new.cases[0].failure == nil)
        #expect(new.cases[0].out.contains("new, seen in some runs only (does not fail; add it to the baseline as unstable): A1 1/2"))
    }
}

@Suite struct MatrixResultsJSONTests {
    /// A result using every optional field: a shard, a baseline, a failed run, a cell not injectable.
    private func result() throws -> MatrixResult {
        var result = try SyntheticCompositors.repeated([
            (.weston, [.ran(try SyntheticCompositors.run(SyntheticCompositors.noFrameAfterUp)),
                       .ran(try SyntheticCompositors.run(SyntheticCompositors.framed))]),
            (.mutter, [.notInjectable([MatrixScript.Unsupported(statement: 5, item: "cancel", needs: "cancel")])]),
            (.sway, [.ran(try SyntheticCompositors.run(SyntheticCompositors.framed)), .failed("restarting the compositor: gone")]),
        ])
        result.columns.append(MatrixColumn(kind: .cage, unavailable: "not installed (Debian: apt-get install cage)"))
        result.columns.append(MatrixColumn(kind: .kwin))
        result.shard = try MatrixShard(index: 1, count: 2)
        result.baseline = try MatrixBaseline(parsing: "weston two R4\nsway two M1\n", source: "expected.txt")
        return result
    }

    private static func schema() throws -> JSONSchemaCheck {
        let data = try Data(contentsOf: Tools.packageRoot.appendingPathComponent("docs/results.schema.json"))
        return JSONSchemaCheck(schema: try JSONValue.parse(data))
    }

    @Test func documentFollowsTheSchemaAndReadsBack() throws {
        let result = try result()
        let document = MatrixResultsDocument(result: result, toolVersion: "1.2.3")
        let text = try document.jsonText()
        let problems = try Self.schema().problems(in: try JSONValue.parse(Data(text.utf8)))
        #expect(problems.isEmpty, "\(problems)\n\(text)")
        #expect(try MatrixResultsDocument.read(Data(text.utf8), name: "results.json") == document)
        #expect(text.contains("\"format\" : \"gesture-sandbox-matrix-results\"") && text.contains("\"version\" : 1"))
        #expect(text.contains("\"notes\" : []"), "empty arrays on one line")
    }

    @Test func cellsCarryRunsKOfNAndTheBaseline() throws {
        let document = MatrixResultsDocument(result: try result(), toolVersion: "1.2.3")
        #expect(document.tool == .init(name: "gesture-sandbox", version: "1.2.3"))
        #expect(document.repeatCount == 2 && document.shard == .init(index: 1, count: 2) && document.exitStatus == 2)
        #expect(document.compositors.map(\.status) == ["ran", "ran", "ran", "could-not-run", "not-run"])
        #expect(document.compositors[0].window == .init(x: 0, y: 0, width: 1280, height: 720))
        // Shard 1 of 2 of 5 compositors × 1 script: the first 2 cells (weston, mutter).
        #expect(document.cells.map(\.compositor) == ["weston", "mutter"])
        let weston = document.cells[0]
        #expect(weston.status == "ran" && weston.folder == "weston/two")
        #expect(weston.runs.map(\.folder) == ["weston/two/run-1", "weston/two/run-2"])
        #expect(weston.runs.map(\.findings) == [["A1": 1], [:]])
        #expect(weston.runs.map(\.variant) == ["A", "B"] && weston.usualVariant == "A" && weston.streamVaried)
        #expect(weston.variants == [.init(variant: "A", runs: 1), .init(variant: "B", runs: 1)])
        #expect(weston.findings == [.init(rule: "A1", title: "no frame after the last up", runs: 1, of: 2, unstable: true,
                                          expectation: "new")])
        #expect(weston.fixed == ["R4"])
        let mutter = document.cells[1]
        #expect(mutter.status == "not-injectable" && mutter.runs.isEmpty)
        #expect(mutter.notInjectable == [.init(statement: 5, item: "cancel", needs: "cancel")])
        let expect = try #require(document.expect)
        #expect(expect.file == "expected.txt" && expect.new.map(\.rule) == ["A1"] && expect.fixed.map(\.rule) == ["R4"])
        #expect(expect.notChecked == 1)
        let all = MatrixResultsDocument(result: { var r = try! result(); r.shard = nil; return r }(), toolVersion: "1")
        let sway = try #require(all.cells.first { $0.compositor == "sway" })
        #expect(sway.status == "could-not-run" && sway.reason == "run 2: restarting the compositor: gone")
        #expect(sway.runs.map(\.status) == ["ran", "could-not-run"])
        let cage = try #require(all.cells.first { $0.compositor == "cage" })
        #expect(cage.status == "could-not-run" && cage.reason == "not installed (Debian: apt-get install cage)" && cage.runs.isEmpty)
    }

    @Test func theSchemaCheckerCatchesWhatTheSchemaForbids() throws {
        let schema = try Self.schema()
        var text = try MatrixResultsDocument(result: try result(), toolVersion: "1").jsonText()
        text = text.replacingOccurrences(of: "\"format\" : \"gesture-sandbox-matrix-results\"",
                                         with: "\"format\" : \"other\", \"surprise\" : true")
        let problems = schema.problems(in: try JSONValue.parse(Data(text.utf8)))
        #expect(problems.contains { $0.contains("\"surprise\" is not in the schema") })
        #expect(problems.contains { $0.hasPrefix("$.format:") })
    }
}

// MARK: - Reading JUnit XML back

/// A JUnit document as a CI server reads it: its testcases with their failure, error or skip.
struct JUnitDocument {
    struct Case {
        var classname = "", name = ""
        var failure: String?, error: String?, skipped: String?
        var out = ""
    }

    var root: [String: String] = [:]
    var suites: [String] = []
    var cases: [Case] = []

    init(_ xml: String) throws {
        let collector = Collector()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = collector
        guard parser.parse() else { throw RuntimeError("JUnit XML is not well-formed: \(String(describing: parser.parserError))") }
        root = collector.root
        suites = collector.suites
        cases = collector.cases
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var root: [String: String] = [:], suites: [String] = [], cases: [Case] = []
        private var inOut = false

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            switch name {
            case "testsuites": root = attributes
            case "testsuite": suites.append(attributes["name"] ?? "")
            case "testcase": cases.append(Case(classname: attributes["classname"] ?? "", name: attributes["name"] ?? ""))
            case "failure": cases[cases.count - 1].failure = attributes["message"] ?? ""
            case "error": cases[cases.count - 1].error = attributes["message"] ?? ""
            case "skipped": cases[cases.count - 1].skipped = attributes["message"] ?? ""
            case "system-out": inOut = true
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "system-out" { inOut = false }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inOut { cases[cases.count - 1].out += string }
        }
    }
}
