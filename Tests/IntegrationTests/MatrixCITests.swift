import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport
import Testing

// MARK: - The matrix as a CI job runs it, on weston

/// A few battery scripts on weston (the harness compositor: cheap), each cell twice, as a CI job
/// runs the matrix: one run writing JUnit and a baseline, then runs against that baseline, and
/// the same cells as two shards merged.
@Suite(.serialized)
struct MatrixCITests {
    /// A tap and a pinch (weston's A1 in both), a title-bar touch (not injectable on weston's
    /// kiosk shell), a cancel.
    static let scripts = ["tap", "pinch", "titlebar", "cancel"]
    static let arguments = ["matrix", "--battery", "--only", scripts.joined(separator: ","), "--compositors", "weston",
                            "--repeat", "2"]
    /// Seconds one run may take (about 10 on the reference machine).
    static let timeout = 120.0

    /// The first run, made once: with --junit and --write-expect.
    final class First: @unchecked Sendable {
        let directory: TemporaryDirectory
        let result: SandboxResult
        var folder: String { directory.file("m1") }
        var baseline: String { directory.file("expected.txt") }
        var junit: String { directory.file("junit.xml") }

        init() throws {
            directory = try TemporaryDirectory()
            let started = Date()
            result = try sandbox(MatrixCITests.arguments + ["--junit", directory.file("junit.xml"), "--write-expect",
                                                           directory.file("expected.txt"), "-o", directory.file("m1")],
                                 timeout: MatrixCITests.timeout)
            print("matrix --repeat 2 on weston: \(Int(Date().timeIntervalSince(started))) s, \(result.termination)")
        }

        func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        func json(_ path: String) throws -> JSONValue { try JSONValue.parse(try Data(contentsOf: URL(fileURLWithPath: path))) }
    }

    static let first = Result { try First() }

    private func shared() throws -> First {
        let first = try Self.first.get()
        // weston sends no frame after the last up (A1): a finding, yet no rule broken, one compositor.
        #expect(first.result.termination == .exited(0), "\(first.result.output)")
        return first
    }

    @Test("--repeat 2: a folder per run, k/2 in report.md, results.json as its schema says")
    func repeated() throws {
        let first = try shared()
        for script in ["tap", "pinch", "cancel"] {
            for run in 1...2 {
                let folder = first.folder + "/weston/\(script)/run-\(run)"
                #expect(FileManager.default.fileExists(atPath: folder + "/trace.jsonl"), "\(folder)")
                #expect(FileManager.default.fileExists(atPath: folder + "/stream.txt"), "\(folder)")
            }
        }
        let report = first.text(first.folder + "/report.md")
        #expect(report.contains("each cell run 2 times"))
        #expect(report.contains("| tap | A 2/2 · A1 2/2 |"), "\(report)")
        #expect(report.contains("| titlebar | not injectable here (title bar) |"))
        let schema = JSONSchemaCheck(schema: try first.json(Tools.packageRoot.appendingPathComponent("docs/results.schema.json").path))
        let results = try first.json(first.folder + "/results.json")
        let problems = schema.problems(in: results)
        #expect(problems.isEmpty, "\(problems)")
        guard case .object(let top) = results, case .array(let cells)? = top["cells"] else {
            Issue.record("no cells")
            return
        }
        #expect(top["repeat"] == .integer(2) && top["exitStatus"] == .integer(0))
        #expect(cells.count == Self.scripts.count)
        for case .object(let cell) in cells {
            guard case .array(let runs)? = cell["runs"] else { continue }
            #expect(runs.count == (cell["script"] == .string("titlebar") ? 0 : 2), "\(cell)")
        }
    }

    @Test("--junit: a testcase per script on weston; its findings fail it, naming the folder; the title bar is skipped")
    func junit() throws {
        let first = try shared()
        let cases = try JUnitCases(first.text(first.junit))
        #expect(cases.map(\.name) == Self.scripts && Set(cases.map(\.classname)) == ["weston"])
        let tap = try #require(cases.first)
        #expect(tap.failure == "findings: A1 2/2 in \(first.folder)/weston/tap")
        #expect(cases[2].skipped?.hasPrefix("not injectable here:") == true)
    }

    @Test("--expect: the written baseline passes a second run; one missing a finding fails naming it new")
    func expect() throws {
        let first = try shared()
        let baseline = first.text(first.baseline)
        let lines = baseline.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "#")[0]
            .trimmingCharacters(in: .whitespaces) }
        #expect(lines == ["weston tap A1", "weston pinch A1", "weston cancel A1"], "\(baseline)")

        let again = try sandbox(Self.arguments + ["--expect", first.baseline, "-o", first.directory.file("m2")], timeout: Self.timeout)
        #expect(again.termination == .exited(0), "\(again.output)")
        #expect(again.stderr.contains("against \(first.baseline): 0 new, 0 fixed, 3 expected"), "\(again.stderr)")

        let doctored = try first.directory.write("missing.txt", baseline.replacingOccurrences(of: "weston pinch A1", with: "# gone"))
        let missing = try sandbox(Self.arguments + ["--expect", doctored, "--junit", first.directory.file("j3.xml"),
                                                    "-o", first.directory.file("m3")], timeout: Self.timeout)
        #expect(missing.termination == .exited(1), "\(missing.output)")
        #expect(missing.stderr.contains("gesture-sandbox: new: weston pinch A1 (2/2)"), "\(missing.stderr)")
        #expect(first.text(first.directory.file("m3/report.md")).contains("| new | weston | pinch | A1 no frame after the last up | 2/2 |"))
        let pinch = try JUnitCases(first.text(first.directory.file("j3.xml")))[1]
        #expect(pinch.failure == "new findings (not in \(doctored)): A1 2/2 in \(first.directory.file("m3"))/weston/pinch")
        guard case .object(let top) = try first.json(first.directory.file("m3/results.json")),
              case .object(let expect)? = top["expect"], case .array(let new)? = expect["new"] else {
            Issue.record("results.json has no expect block")
            return
        }
        #expect(new == [.object(["compositor": .string("weston"), "script": .string("pinch"), "rule": .string("A1"),
                                 "runs": .integer(2), "of": .integer(2)])])
    }

    @Test("--expect with a finding no run shows: reported fixed, exit 0 (merge re-reports a folder without running)")
    func fixed() throws {
        let first = try shared()
        let extra = try first.directory.write("extra.txt", first.text(first.baseline) + "weston tap R4\nweston leave A11\n")
        let run = try sandbox(["matrix", "merge", first.folder, "--expect", extra, "-o", first.directory.file("m4")],
                              timeout: Self.timeout)
        #expect(run.termination == .exited(0), "\(run.output)")
        #expect(run.stderr.contains("gesture-sandbox: fixed: weston tap R4 (in \(extra), seen in none of 2 runs)"), "\(run.stderr)")
        let report = first.text(first.directory.file("m4/report.md"))
        #expect(report.contains("| fixed | weston | tap | R4 empty wl_touch.frame | 0/2 |"), "\(report)")
        #expect(report.contains("| tap | A 2/2 · A1 2/2 · fixed: R4 |"))
        #expect(report.contains("1 baseline line is about cells this run did not run"), "leave was not run")
        let results = first.text(first.directory.file("m4/results.json"))
        #expect(results.contains("\"fixed\" : [\n        \"R4\"\n      ]"), "\(results)")
    }

    @Test("--write-expect refuses an existing file (other than the --expect one) before any compositor starts")
    func writeExpectRefusesOverwriting() throws {
        let directory = try TemporaryDirectory()
        let existing = try directory.write("mine.txt", "weston tap A1\n")
        let run = try sandbox(Self.arguments + ["--write-expect", existing, "-o", directory.file("m")], timeout: 30)
        #expect(run.termination == .exited(2) && run.stderr.contains("\(existing): already exists"), "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("m")))
        #expect((try? String(contentsOfFile: existing, encoding: .utf8)) == "weston tap A1\n")
    }

    @Test("two shards merged give the tables and results.json of one run")
    func shards() throws {
        let first = try shared()
        var folders: [String] = []
        for index in 1...2 {
            let folder = first.directory.file("shard-\(index)")
            let run = try sandbox(Self.arguments + ["--shard", "\(index)/2", "-o", folder], timeout: Self.timeout)
            #expect(run.termination == .exited(0), "\(run.output)")
            folders.append(folder)
        }
        let merged = first.directory.file("merged")
        let merge = try sandbox(["matrix", "merge"] + folders + ["-o", merged], timeout: Self.timeout)
        #expect(merge.termination == .exited(0), "\(merge.output)")
        // Every table but the Time section's, which is the run's clock, not its findings (a merge,
        // read back from results.json, has none).
        func tables(_ folder: String) -> [String] {
            first.text(folder + "/report.md").components(separatedBy: "\n## ").filter { !$0.hasPrefix("Time\n") }
                .joined(separator: "\n").split(separator: "\n").filter { $0.hasPrefix("|") }.map(String.init)
        }
        #expect(!tables(merged).isEmpty && tables(merged) == tables(first.folder))
        #expect(first.text(first.folder + "/report.md").contains("\n## Time\n") && !first.text(merged + "/report.md").contains("## Time"))
        func comparable(_ folder: String) throws -> JSONValue {
            guard case .object(var top) = try first.json(folder + "/results.json") else { return .null }
            top["seconds"] = nil
            return .object(top)
        }
        #expect(try comparable(merged) == comparable(first.folder))
        for script in ["tap", "pinch", "cancel"] {
            #expect(FileManager.default.fileExists(atPath: merged + "/weston/\(script)/run-2/trace.jsonl"))
        }
        #expect(FileManager.default.fileExists(atPath: merged + "/weston/shard-2/calibration"))
    }

    @Test("a merge keeps each battery script's windows and output: two clients, a scaled output")
    func mergeKeepsWindowsAndOutputs() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.file("m"), merged = directory.file("merged")
        let run = try sandbox(["matrix", "--battery", "--only", "twoclients,tap@scale2", "--compositors", "weston", "-o", folder],
                              timeout: Self.timeout)
        #expect(run.termination == .exited(0), "\(run.output)")
        // results.json keeps the scripts' items only: twoclients' second window and the scale came from the battery.
        let merge = try sandbox(["matrix", "merge", folder, "-o", merged], timeout: Self.timeout)
        #expect(merge.termination == .exited(0), "\(merge.output)")
        func tables(_ folder: String) -> [String] {
            let report = (try? String(contentsOfFile: folder + "/report.md", encoding: .utf8)) ?? ""
            return report.components(separatedBy: "\n## ").filter { !$0.hasPrefix("Time\n") }
                .joined(separator: "\n").split(separator: "\n").filter { $0.hasPrefix("|") }.map(String.init)
        }
        #expect(!tables(merged).isEmpty && tables(merged) == tables(folder))
    }
}

/// The testcases of a JUnit file, read with an XML parser (so it must be well-formed).
private func JUnitCases(_ xml: String) throws -> [(classname: String, name: String, failure: String?, skipped: String?)] {
    final class Collector: NSObject, XMLParserDelegate {
        var cases: [(classname: String, name: String, failure: String?, skipped: String?)] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            switch name {
            case "testcase": cases.append((attributes["classname"] ?? "", attributes["name"] ?? "", nil, nil))
            case "failure": cases[cases.count - 1].failure = attributes["message"]
            case "skipped": cases[cases.count - 1].skipped = attributes["message"]
            default: break
            }
        }
    }
    let collector = Collector()
    let parser = XMLParser(data: Data(xml.utf8))
    parser.delegate = collector
    guard parser.parse() else {
        Issue.record("JUnit XML is not well-formed: \(String(describing: parser.parserError))")
        return []
    }
    return collector.cases
}
