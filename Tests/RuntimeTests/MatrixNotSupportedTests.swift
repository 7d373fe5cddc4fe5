import CompositorDrivers
import Foundation
@testable import Matrix
import TestSupport
import Testing
import TouchStream

// MARK: - A feature the compositor lacks: a cell of its own, never a failed run

@Suite struct ClientRefusalTests {
    static let layer = "not supported by mutter: no zwlr_layer_shell_v1 global"

    @Test("the client's refusal line is found in each shape a failed step quotes it", arguments: [
        // A driver's map watch: the client's last three log lines joined with " | ".
        "/usr/bin/gesture-sandbox exited (exited(1)) before its window appeared; log /tmp/r/client-layer-tap.log: "
            + "[3817043.112]  -> wl_registry@2.bind(9, \"wl_seat\", 7) | [3817043.120] wl_display@1.delete_id(3) | "
            + "gesture-sandbox: \(layer)",
        // The matrix's own tail of a client that ended: newlines turned into spaces.
        "our client ended with exited(1): [4294960011.210] wl_display@1.delete_id(3) gesture-sandbox: \(layer)",
        // A probe client of several windows, with protocol lines after it.
        "the probe client of window a ended with exited(1): gesture-sandbox: \(layer) [4294960012.001]  -> wl_display@1.sync(new id wl_callback@3)",
        "gesture-sandbox: \(layer)\n[12.5] wl_callback@3.done(77)",
    ])
    func found(message: String) {
        #expect(ClientRefusal.reason(in: message) == Self.layer)
    }

    @Test("other failures are not refusals", arguments: [
        "our client ended with signalled(11): ",
        "not supported by mutter: no zwlr_layer_shell_v1 global",  // not our client's line
        "gesture-sandbox: not supported by : no global",
        "gesture-sandbox: not supported by two words: x",
        "gesture-sandbox: not supported by kwin: ",
    ])
    func notFound(message: String) {
        #expect(ClientRefusal.reason(in: message) == nil)
    }
}

@Suite struct MatrixNotSupportedCellTests {
    private func result() throws -> MatrixResult {
        var result = try SyntheticCompositors.repeated([
            (.weston, [.notSupported("not supported by weston: no zwlr_layer_shell_v1 global")]),
            (.sway, [.ran(try SyntheticCompositors.run(SyntheticCompositors.framed))]),
        ])
        result.repeatCount = 1
        return result
    }

    @Test func reportsShowTheClientsLineNotAFailure() throws {
        let result = try result()
        let markdown = MatrixReport.markdown(result)
        #expect(markdown.contains("| not supported by weston: no zwlr_layer_shell_v1 global |"), "\(markdown)")
        #expect(markdown.contains("- weston: not supported by weston: no zwlr_layer_shell_v1 global\n"))
        #expect(!markdown.contains("failed"))
        let html = MatrixHTML.page(result)
        #expect(html.contains("weston: not supported by weston: no zwlr_layer_shell_v1 global</figcaption>"))
    }

    @Test func junitSkipsItAndResultsJSONSaysWhy() throws {
        let result = try result()
        let junit = try JUnitDocument(MatrixJUnit.xml(result, folder: "m"))
        #expect(junit.cases.first?.skipped == "not supported by weston: no zwlr_layer_shell_v1 global")
        #expect(junit.root["skipped"] == "1" && junit.root["errors"] == "0" && junit.root["failures"] == "0")
        let document = MatrixResultsDocument(result: result, toolVersion: "1")
        let weston = try #require(document.cells.first { $0.compositor == "weston" })
        #expect(weston.status == "not-supported" && weston.runs.isEmpty)
        #expect(weston.reason == "not supported by weston: no zwlr_layer_shell_v1 global")
        let text = try document.jsonText()
        let schema = JSONSchemaCheck(schema: try JSONValue.parse(
            Data(contentsOf: Tools.packageRoot.appendingPathComponent("docs/results.schema.json"))))
        #expect(schema.problems(in: try JSONValue.parse(Data(text.utf8))).isEmpty)
        #expect(try MatrixResultsDocument.read(Data(text.utf8), name: "results.json") == document)
    }
}
