import CompositorDrivers
@testable import Matrix
import Testing
import TouchStream

// MARK: - Scripts on a layer surface: points on the output, keyboard focus, empty deliveries

@Suite struct MatrixLayerScriptTests {
    static let text = """
        down 0 200 50 surface=output; frame; motion 0 210 150; frame; up 0; frame
        down 1 600 400; frame; motion 1 610 400; frame; up 1; frame
        """

    private func script(_ expectations: [MatrixExpectation] = []) throws -> MatrixScript {
        var script = try MatrixScript(name: "layer", text: Self.text,
                                      windows: [MatrixBattery.layered(["top"] + MatrixBattery.corner)])
        script.expectations = expectations
        return script
    }

    @Test func aPointOnTheOutputIsPlacedAsItIsAndTheWindowsByTheirOrigin() throws {
        let placed = CompactTrace.write(try script().placed(at: ["a": (x: 2, y: 25)]))
        // The finger that landed on the output keeps output coordinates as it moves, even past the
        // layer surface; the window's finger moves with the window.
        #expect(placed.contains("down 0 200 50 surface=output"), "\(placed)")
        #expect(placed.contains("motion 0 210 150"))
        #expect(placed.contains("down 1 602 425") && placed.contains("motion 1 612 425"))
    }

    @Test func aDownOnTheOutputBelongsToTheClientOfTheLayerSurface() throws {
        let script = try script()
        #expect(script.downsPerWindow == ["a": 2])
        #expect(script.largestLanding(in: "a") == 1)
    }

    @Test func aSurfaceNamingNeitherAWindowNorTheOutputIsALocatedError() {
        #expect {
            try MatrixScript(name: "s", text: "down 0 1 1 surface=screen; frame; up 0; frame", source: "s.txt")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("s.txt:1:1:") && text.contains("surface=screen names no window of this script (a) nor the output (surface=output)")
        }
    }

    @Test func theLayerOptionsDecideWhereTheWindowIsSoItIsFoundByAProbe() {
        let window = MatrixBattery.layered(["top", "--layer-anchor", "top,left,right", "--layer-exclusive-zone", "80"])
        #expect(window.placementArguments == ["--layer-surface", "top", "--layer-anchor", "top,left,right",
                                              "--layer-exclusive-zone", "80"])
        #expect(MatrixWindow(name: "a", arguments: ["--on-touch", "popup"]).placementArguments.isEmpty)
        #expect(MatrixWindow.layoutKey([window]) != MatrixWindow.layoutKey([.main]))
    }

    private func run(_ trace: String) throws -> MatrixRun {
        let script = try script([.layerWithoutFocus(window: "a")])
        return MatrixRun(script: script, trace: Trace(format: .compact, header: nil, items: try CompactTrace.parse(trace)),
                         deliveriesLog: "", initial: nil, snapshot: nil)
    }

    @Test func keyboardFocusOnALayerSurfaceThatWantsNoneIsM11() throws {
        // KWin 5.27: the tap on the panel gives it keyboard focus, though it asked for none.
        let layer = "layer-configure 400 100 serial=4000000001 surface=wl_surface@24"
        let window = "keyboard-enter serial=4000000000 surface=wl_surface@3"
        let taken = try run("\(window); \(layer); down 0 200 50 t=4294967000 serial=4000000002 surface=wl_surface@24; "
            + "keyboard-enter serial=4000000003 surface=wl_surface@24; frame; up 0 t=4294967040 serial=4000000004; frame")
        #expect(taken.observations.contains(.layerTookFocus))
        #expect(taken.ruleIDs.contains("M11"))
        let kept = try run("\(window); \(layer); down 0 200 50 t=4294967000 serial=4000000002 surface=wl_surface@24; "
            + "frame; up 0 t=4294967040 serial=4000000004; frame")
        #expect(!kept.observations.contains(.layerTookFocus))
        // Without a layer surface, focus on the window is no finding.
        #expect(try !run("\(window); down 0 1 1 t=5 serial=6; frame; up 0 t=9 serial=7; frame").observations
            .contains(.layerTookFocus))
    }
}

@Suite struct MatrixEmptyDeliveriesTests {
    private func run(deliveries: String) throws -> MatrixRun {
        let script = try MatrixScript(name: "layer", text: "down 0 200 50 surface=output; frame; up 0; frame")
        let trace = Trace(format: .compact, header: nil, items: try CompactTrace.parse(
            "down 0 200 50 t=4294967100 serial=9 surface=wl_surface@24; frame; up 0 t=4294967140 serial=10; frame"))
        return MatrixRun(script: script, trace: trace, deliveriesLog: deliveries, initial: nil, snapshot: nil)
    }

    @Test func touchesThatReachNoViewOnEitherCompositorAreEqualDeliveries() throws {
        let script = try MatrixScript(name: "layer", text: "down 0 200 50 surface=output; frame; up 0; frame")
        let both = ScriptComparison(script: script, runs: [(.kwin, try run(deliveries: "")), (.sway, try run(deliveries: ""))])
        #expect(both.deliveries.map(\.summary) == ["equal (nothing delivered)"])
        #expect(both.deliveries.allSatisfy(\.isEqual) && both.agrees)
        let began = #"{"kind":"touches","phase":"began","t":1,"view":"pad","touches":[{"id":0,"x":200,"y":50}]}"#
        let one = ScriptComparison(script: script, runs: [(.kwin, try run(deliveries: "")), (.sway, try run(deliveries: began))])
        #expect(one.deliveries.map(\.summary) == ["KWin delivered nothing"])
        #expect(one.deliveries.first?.isEqual == false)
    }
}

@Suite struct MatrixObservationDocumentTests {
    @Test("every matrix observation has an entry in docs/rules.md, so check --explain prints it")
    func everyObservationIsExplained() throws {
        #expect(MatrixObservation.allCases.map(\.rawValue) == RuleDocument.observationIDs)
        let m11 = try #require(RuleDocument.entry(for: "m11"))
        #expect(m11.title == "a layer surface that wants no keyboard got keyboard focus")
        #expect(m11.text.contains("the compositor should never assign\n  it the keyboard focus"))
        for part in ["- **Protocol**", "- **Client**:", "- **Compositors**:", "- **Checker**: not reported by `check`"] {
            #expect(m11.text.contains(part))
        }
    }
}

@Suite struct MatrixParkedPointerTests {
    @Test func aParkedPointerNeedsPointerInjectionAndIsNamedWhenMissing() throws {
        let battery = try MatrixBattery.scripts(named: ["hover-tap", "hover-longpress"])
        #expect(battery.allSatisfy { $0.pointerParkedAt.map { $0 == (600, 300) } == true })
        let hover = try #require(battery.first)
        let missing = hover.unsupported(by: [.touch, .frame])
        #expect(missing.map(\.statement) == [0])
        #expect(missing.first?.item == "the pointer parked on the window" && missing.first?.needs == "pointer")
        #expect(hover.unsupported(by: [.touch, .frame, .pointer]).isEmpty)
    }
}
