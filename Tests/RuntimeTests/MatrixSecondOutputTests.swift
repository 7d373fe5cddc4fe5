import CompositorDrivers
@testable import Matrix
import Testing
import TouchStream

// MARK: - Scripts on the second of two outputs (`@output2`) and M20

@Suite struct MatrixSecondOutputTests {
    static let names = ["popup@output2", "layer-tap@output2", "layer-popup@output2"]

    @Test func theLayerAndPopupScriptsRunAgainOnTheSecondOutputWithTheirOwnTexts() throws {
        let scripts = try MatrixBattery.scripts(named: Self.names)
        #expect(scripts.map(\.name) == Self.names)
        for script in scripts {
            let base = try #require(try MatrixBattery.scripts(named: [String(script.name.prefix { $0 != "@" })]).first)
            #expect(script.output == MatrixOutputSetup(secondOutput: true), "\(script.name)")
            #expect(script.text == base.text && script.expectations == base.expectations, "\(script.name)")
            #expect(script.summary.hasSuffix("(output the second of two, right of the first)"), "\(script.summary)")
            // The layer surface is asked for on the second output; toplevels go where the driver focuses.
            for (window, baseWindow) in zip(script.windows, base.windows) {
                let layered = baseWindow.arguments.contains("--layer-surface")
                #expect(window.arguments == baseWindow.arguments + (layered ? ["--layer-output", "2"] : []))
            }
        }
    }

    @Test func aDriverWithoutASecondOutputIsNamedWithItsReason() throws {
        let script = try #require(try MatrixBattery.scripts(named: ["layer-tap@output2"]).first)
        let missing = script.unsupported(by: [.touch, .frame, .cancel],
                                         reasons: [.secondOutput: "weston 10's headless backend makes one output"])
        #expect(missing.map(\.description)
            == ["output the second of two, right of the first (statement 0) needs a second output "
                + "(weston 10's headless backend makes one output)"])
        #expect(script.unsupported(by: [.touch, .secondOutput]).isEmpty)
    }

    @Test func pointsOnTheOutputMoveByItsOriginAndWindowPointsByTheWindows() throws {
        let script = try #require(try MatrixBattery.scripts(named: ["layer-tap@output2"]).first)
        let placed = CompactTrace.write(script.placed(at: (x: 1282, y: 25), output: (x: 1280, y: 0)))
        #expect(placed.contains("down 0 1480 50 surface=output"), "\(placed)")
        #expect(placed.contains("down 0 1882 425"), "\(placed)")
    }

    // MARK: - M20

    private func run(_ trace: String, secondOutput: Bool = true) throws -> MatrixRun {
        let script = try #require(try MatrixBattery.scripts(named: [secondOutput ? "layer-tap@output2" : "layer-tap"]).first)
        let output = CompositorEnvironment.Output(name: "WL-2", scale: 1, transform: "normal", width: 1280, height: 720,
                                                  refresh: 60000)
        let header = TraceHeader(toolVersion: "test", environment: CompositorEnvironment(outputs: [output]),
                                 profile: "uikit", created: "2026-11-29T04:00:00.000Z")
        return MatrixRun(script: script, trace: Trace(format: .compact, header: header, items: try CompactTrace.parse(trace)),
                         deliveriesLog: "", initial: nil, snapshot: nil)
    }

    @Test func aDownPastTheOutputsSizeOnTheSecondOutputIsM20() throws {
        // The panel's tap with the second output's origin added, as a compositor sending global coordinates would.
        let global = "down 0 1480 50 t=4294967000 serial=4000000002 surface=wl_surface@24; frame; up 0 t=4294967040 serial=4000000003; frame"
        #expect(try run(global).observations.contains(.globalCoordinates))
        #expect(try run(global).ruleIDs.contains("M20"))
        let local = "down 0 200 50 t=4294967000 serial=4000000002 surface=wl_surface@24; frame; up 0 t=4294967040 serial=4000000003; frame"
        #expect(try !run(local).observations.contains(.globalCoordinates))
        // On a lone output the same point is no finding of M20 (another rule's, if any).
        #expect(try !run(global, secondOutput: false).observations.contains(.globalCoordinates))
    }

    @Test func m20IsExplained() throws {
        let entry = try #require(RuleDocument.entry(for: "M20"))
        #expect(entry.title == MatrixObservation.globalCoordinates.title)
        #expect(entry.text.contains("surface-local x coordinate"))
    }
}
