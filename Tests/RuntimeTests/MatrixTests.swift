import CompositorDrivers
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Matrix
@testable import Playback
import Scenes
import Testing
import TouchKit
import TouchStream

// MARK: - The matrix on synthetic streams

/// What four compositors might send for one two-finger script (window-local coordinates).
enum SyntheticCompositors {
    /// Injected: two fingers land together, one moves, both lift together.
    static let script = "down 0 60 100; down 1 140 100; frame; motion 0 70 100; frame; up 0; up 1; frame"
    /// Every event framed as injected: ids 3 and 7, other serials and times.
    static let framed = """
        down 3 60 100 t=5000 serial=40; down 7 140 100 t=5000 serial=41; frame
        motion 3 70 100 t=5016; frame; up 3 t=5030 serial=42; up 7 t=5030 serial=43; frame
        """
    /// weston: the same, without the frame after the last up.
    static let noFrameAfterUp = """
        down 0 60 100 serial=9; down 1 140 100; frame; motion 0 70 100; frame; up 0; up 1
        """
    /// mutter: one frame per event, ids 288 + slot, no frame after the last up.
    static let framePerEvent = """
        down 288 60 100; frame; down 289 140 100; frame; motion 288 70 100; frame; up 288; frame; up 289
        """
    /// cage: no frame at all.
    static let noFrames = "down 0 60 100; down 1 140 100; motion 0 70 100; up 0; up 1"

    static func run(_ text: String, script: MatrixScript? = nil) throws -> MatrixRun {
        let trace = Trace(format: .compact, header: nil, items: try CompactTrace.parse(text))
        let replay = ReplaySession(trace: trace, sceneType: TouchDemoScene.self, profile: .uikit)
        let initial = TouchDemoScene(context: SceneContext(clock: VirtualClock(), size: ReplaySession.defaultSize)).snapshot()
        return MatrixRun(script: try script ?? MatrixScript(name: "two", text: Self.script), trace: trace,
                         deliveriesLog: replay.deliveriesLog, initial: initial, snapshot: replay.snapshot)
    }

    static func result(_ cells: [(CompositorKind, MatrixCell)], scripts: [MatrixScript]? = nil) throws -> MatrixResult {
        try repeated(cells.map { ($0.0, [$0.1]) }, scripts: scripts)
    }

    /// A result whose cells ran several times (the outcomes of each compositor's runs, in order).
    static func repeated(_ cells: [(CompositorKind, [MatrixCell])], scripts: [MatrixScript]? = nil) throws -> MatrixResult {
        let script = try MatrixScript(name: "two", summary: "two fingers", text: Self.script)
        let columns = cells.map { kind, outcomes in
            MatrixColumn(kind: kind, version: "1", capabilities: [.touch, .frame], windowOrigin: (0, 0),
                         windowSize: (1280, 720), cells: ["two": MatrixCellRuns(outcomes)])
        }
        return MatrixResult(scripts: scripts ?? [script], columns: columns, scene: "touchdemo", profile: "uikit", seconds: 3,
                            repeatCount: cells.map(\.1.count).max() ?? 1)
    }
}

@Suite struct NormalizedStreamTests {
    @Test func renumbersIdsByFirstDownAndDropsSerialsTimesAndSurfaces() throws {
        let records = try CompactTrace.parse("""
            down 9 10 20 t=1000 serial=50 surface=wl_surface@3; frame
            down 4 30 40 t=1010 serial=51; frame; motion 9 11 20 t=1020; frame
            up 4 t=1030 serial=52; frame; up 9 t=1040 serial=53; frame
            """).compactMap { if case .record(let r) = $0 { r } else { nil } }
        let stream = NormalizedStream(records: records)
        #expect(stream.idMap == [9: 0, 4: 1])
        #expect(stream.signatures == ["down 0 10 20", "down 1 30 40", "motion 0 11 20", "up 1", "up 0"])
        #expect(stream.frames[1].events[0].serial == 1 && stream.frames[1].events[0].time == 10)
        #expect(stream.frames[4].events[0].serial == 3 && stream.frames[4].events[0].time == 40)
    }

    @Test func sameStreamWithOtherIdsSerialsAndTimesIsEqual() throws {
        let a = try SyntheticCompositors.run(SyntheticCompositors.framed)
        let b = try SyntheticCompositors.run(SyntheticCompositors.script)
        #expect(a.stream.signatures == b.stream.signatures)
        #expect(a.normalizedDeliveries == b.normalizedDeliveries)
        #expect(!a.normalizedDeliveries.contains("\"t\""))
    }

    @Test func groupsMissingFramesCancelsAndEmptyFrames() throws {
        let records = try CompactTrace.parse("""
            down 0 1 1; frame; up 0
            down 0 2 2; frame; cancel; frame; frame
            down 1 3 3
            """).compactMap { if case .record(let r) = $0 { r } else { nil } }
        let stream = NormalizedStream(records: records)
        #expect(stream.signatures == ["down 0 1 1", "up 0 [no frame]", "down 0 2 2", "cancel [cancel+frame]",
                                      "(empty)", "down 1 3 3 [no frame]"])
        #expect(stream.frameEventCount == 4 && stream.cancelCount == 1)
    }

    @Test func aPointerOnlyClientsRecordsAreComparedGroupedByPointerFrames() throws {
        // sway 1.7's tap for a client without wl_touch, then Enlightenment's, which has no wl_pointer.frame.
        let sway = try CompactTrace.parse("""
            capabilities touch; pointer-leave serial=19 surface=s; pointer-frame; pointer-enter 100 100 serial=20 surface=s
            pointer-frame; pointer-button 272 pressed t=4294967290; pointer-frame; pointer-button 272 released t=54; pointer-frame
            """).compactMap { if case .record(let r) = $0 { r } else { nil } }
        let stream = NormalizedStream(records: sway)
        #expect(stream.signatures == ["pointer-leave", "pointer-enter 100 100", "pointer-press 272", "pointer-release 272"])
        #expect(stream.frameEventCount == 0 && stream.touchEventCount == 0 && stream.pointerButtonCount == 2)
        let enlightenment = try CompactTrace.parse("""
            pointer-motion 100 100 t=4294967290; pointer-button 272 pressed; pointer-button 272 released t=54
            """).compactMap { if case .record(let r) = $0 { r } else { nil } }
        #expect(NormalizedStream(records: enlightenment).signatures
            == ["pointer-motion 100 100; pointer-press 272; pointer-release 272 [no frame]"])
    }
}

@Suite struct MatrixComparisonTests {
    @Test func observationsNameEachCompositorsQuirk() throws {
        #expect(try SyntheticCompositors.run(SyntheticCompositors.framed).ruleIDs.isEmpty)
        #expect(try SyntheticCompositors.run(SyntheticCompositors.noFrameAfterUp).ruleIDs == ["A1"])
        let mutter = try SyntheticCompositors.run(SyntheticCompositors.framePerEvent)
        #expect(Set(mutter.ruleIDs) == ["A1", "M2"])
        #expect(try SyntheticCompositors.run(SyntheticCompositors.noFrames).ruleIDs.contains("M1"))
        let cancel = try MatrixScript(name: "c", text: "down 0 5 5; frame; cancel; down 0 6 6; frame; up 0; frame")
        let lost = try SyntheticCompositors.run("down 0 5 5; frame; down 0 6 6; frame; up 0; frame", script: cancel)
        #expect(lost.observations == [.cancelLost])
        #expect(lost.ruleIDs.contains("R1"))
        let shell = try SyntheticCompositors.run("down 0 60 100; down 1 140 100; frame; cancel")
        #expect(shell.observations == [.compositorCancel] && shell.leftCompositorChanged)
        let nothing = try SyntheticCompositors.run("frame")
        #expect(nothing.observations.contains(.nothingArrived) && nothing.leftCompositorChanged)
        #expect(!(try SyntheticCompositors.run(SyntheticCompositors.framePerEvent)).leftCompositorChanged)
    }

    @Test func variantsGroupEqualStreamsAndDeliveriesAreDiffed() throws {
        let comparison = ScriptComparison(script: try MatrixScript(name: "two", text: SyntheticCompositors.script), runs: [
            (.weston, try SyntheticCompositors.run(SyntheticCompositors.noFrameAfterUp)),
            (.kwin, try SyntheticCompositors.run(SyntheticCompositors.framed)),
            (.sway, try SyntheticCompositors.run(SyntheticCompositors.framed)),
            (.mutter, try SyntheticCompositors.run(SyntheticCompositors.framePerEvent)),
        ])
        #expect(comparison.variants.map(\.label) == ["A", "B", "C"])
        #expect(comparison.variants.map(\.kinds) == [[.weston], [.kwin, .sway], [.mutter]])
        #expect(comparison.variant(of: .sway)?.label == "B")
        #expect(comparison.differingFrames.first == 0)
        #expect(!comparison.agrees)
        // Split landings deliver the second finger in its own event: mutter's log differs from weston's.
        #expect(comparison.deliveries.map(\.kind) == [.kwin, .sway, .mutter])
        #expect(comparison.deliveries.first { $0.kind == .mutter }?.isEqual == false)
        let same = ScriptComparison(script: comparison.script, runs: [
            (.kwin, try SyntheticCompositors.run(SyntheticCompositors.framed)),
            (.sway, try SyntheticCompositors.run(SyntheticCompositors.script)),
        ])
        #expect(same.agrees && same.variants.count == 1 && same.deliveries.allSatisfy(\.isEqual))
    }

    @Test func outcomesCountFiringsAndViewDisplacements() throws {
        func transition(_ to: String, _ recognizer: String = "tap") -> String {
            "{\"kind\":\"transition\",\"t\":1,\"recognizer\":\"\(recognizer)\",\"view\":\"pad\",\"from\":\"possible\",\"to\":\"\(to)\",\"reason\":\"r\",\"values\":{}}"
        }
        let log = [transition("recognized"), transition("possible"), transition("recognized"), transition("possible"),
                   transition("failed", "pan"), transition("possible", "pan")].joined(separator: "\n")
        let outcome = MatrixOutcome(initial: SceneSnapshot(views: ["red": [40, 40, 120, 120], "blue": [0, 0, 10, 10]]),
                                    final: SceneSnapshot(views: ["red": [220, 160, 120, 120], "blue": [0, 0, 20, 10]]),
                                    deliveriesLog: log)
        #expect(outcome.recognizers == ["tap@pad": "fired ×2", "pan@pad": "failed"])
        #expect(outcome.fired == ["tap@pad"])
        #expect(outcome.views == ["red": "180,120", "blue": "0,0 size 20×10"])
    }

    @Test func theWindowOutcomeIsItsLastConfigureOrCloseWhenItChangedFromHowItWasShown() throws {
        func records(_ text: String) throws -> [RawRecord] {
            try CompactTrace.parse(text).compactMap { if case .record(let r) = $0 { r } else { nil } }
        }
        // KWin 5.27 maximizing the window on a touch (maximize-mid-touch): shown at 800×500 activated.
        let maximized = try records("""
            toplevel-configure 0 0 none surface=w
            toplevel-configure 800 500 activated surface=w
            down 0 80 80 surface=w; frame
            toplevel-configure 1280 683 maximized+activated+tiled-left+tiled-right+tiled-top+tiled-bottom surface=w
            motion 0 340 181; frame; up 0; frame
            """)
        #expect(MatrixOutcome.window(in: maximized) == "1280×683 maximized+activated+tiled-left+tiled-right+tiled-top+tiled-bottom")
        // sway 1.7 answering set_maximized with the same tiled configure: nothing changed.
        let same = try records("""
            toplevel-configure 1276 693 activated+tiled-left surface=w
            down 0 80 80 surface=w; frame
            toplevel-configure 1276 693 activated+tiled-left surface=w
            up 0; frame
            """)
        #expect(MatrixOutcome.window(in: same) == nil)
        // A title-bar double tap reaches no trace: the configure alone tells.
        #expect(MatrixOutcome.window(in: try records("toplevel-configure 800 500 activated; toplevel-configure 1280 683 maximized+activated"))
            == "1280×683 maximized+activated")
        #expect(MatrixOutcome.window(in: try records("toplevel-configure 800 500 activated surface=w; toplevel-close surface=w")) == "closed")
    }

    @Test func exitStatusIsZeroOneOrTwo() throws {
        let agree = try SyntheticCompositors.result([(.weston, .ran(try SyntheticCompositors.run(SyntheticCompositors.framed))),
                                                     (.kwin, .ran(try SyntheticCompositors.run(SyntheticCompositors.framed)))])
        #expect(agree.exitCode == 0)
        let differ = try SyntheticCompositors.result([(.weston, .ran(try SyntheticCompositors.run(SyntheticCompositors.framed))),
                                                      (.kwin, .ran(try SyntheticCompositors.run(SyntheticCompositors.noFrameAfterUp)))])
        #expect(differ.exitCode == 1)
        let violated = try SyntheticCompositors.result([(.weston, .ran(try SyntheticCompositors.run(
            "down 0 1 1; frame; frame; up 0; frame")))])
        #expect(violated.exitCode == 1)
        var failed = agree
        failed.columns.append(MatrixColumn(kind: .cage, unavailable: "not installed (Debian: apt-get install cage)"))
        #expect(failed.exitCode == 2)
        let notInjectable = try SyntheticCompositors.result([
            (.weston, .ran(try SyntheticCompositors.run(SyntheticCompositors.framed))),
            (.mutter, .notInjectable([MatrixScript.Unsupported(statement: 3, item: "cancel", needs: "cancel")])),
        ])
        // Not injectable is neither agreement nor failure: the one compositor that ran agrees with itself.
        #expect(notInjectable.exitCode == 0)
        #expect(notInjectable.comparisons[0].runs.count == 1)
    }

    @Test func comparisonsAreMadeOnceAndRemadeForAResultWhoseColumnsChanged() throws {
        let agree = try SyntheticCompositors.result([(.weston, .ran(try SyntheticCompositors.run(SyntheticCompositors.framed))),
                                                     (.kwin, .ran(try SyntheticCompositors.run(SyntheticCompositors.framed)))])
        #expect(agree.comparisons[0].agrees && agree.exitCode == 0)
        var more = agree
        more.columns.append(MatrixColumn(kind: .mutter, capabilities: [.touch], windowOrigin: (0, 0), windowSize: (1280, 720),
                                         cells: ["two": MatrixCellRuns([.ran(try SyntheticCompositors.run(SyntheticCompositors.framePerEvent))])]))
        #expect(more.comparisons[0].runs.map(\.kind) == [.weston, .kwin, .mutter])
        #expect(!more.comparisons[0].agrees && more.exitCode == 1)
        // The copy it was made from keeps its own.
        #expect(agree.comparisons[0].runs.map(\.kind) == [.weston, .kwin])
        #expect(agree.exitCode == 0)
        var fewer = more
        fewer.scripts = []
        #expect(fewer.comparisons.isEmpty)
    }
}

@Suite struct MatrixScriptTests {
    @Test func placesWindowRelativeItemsAtTheWindowOrigin() throws {
        let script = try MatrixScript(name: "s", text: "down 0 10 20; frame; sleep 5; motion 0 15.5 20; frame; up 0; frame")
        let placed = CompactTrace.write(script.placed(at: (x: 2, y: 31)))
        #expect(placed.contains("down 0 12 51") && placed.contains("motion 0 17.5 51") && placed.contains("sleep 5"))
    }

    @Test func itemsADriverCannotInjectAreNamed() throws {
        let script = try MatrixScript(name: "s", text: """
            down 0 10 -12; frame; shape 0 4 2; frame; up 0; frame
            down 1 10 10; frame; cancel
            """)
        let all: InjectionCapabilities = [.touch, .frame, .cancel, .shapeOrientation, .serverTitleBar]
        #expect(script.unsupported(by: all).isEmpty)
        let missing = script.unsupported(by: [.touch])
        #expect(missing.map(\.needs) == ["title bar", "shape/orientation", "cancel"])
        #expect(missing.map(\.statement) == [1, 3, 9])
        #expect(missing[0].item == "down 0 10 -12")
    }

    @Test func batteryScriptsParseHaveUniqueNamesAndFitTheWindow() throws {
        let battery = MatrixBattery.scripts
        #expect(battery.prefix(10).map(\.name) == ["tap", "drag", "pinch", "swipe3", "ten", "doubletap", "titlebar", "leave",
                                                   "cancel", "idreuse"])
        for script in battery where script.windows.count == 1 {
            // A device setup's window fills its output: the setup's mode (else 1280 × 720), turned with the output.
            let setup = script.deviceSetup.map { setup in
                TouchPlacement(setup: setup, modeWidth: setup.mode?.width ?? 1280, modeHeight: setup.mode?.height ?? 720)
                    .logicalSize(of: setup.windowOutput)
            }
            for item in script.items {
                guard case .record(let record) = item, case .down(_, _, let surface, _, let x, let y) = record.event else { continue }
                // A point of the output (a layer surface's) lies on the 1280 × 720 output instead.
                let bounds = setup.map { (x: Double($0.width), y: Double($0.height)) }
                    ?? (surface == MatrixScript.outputTarget ? (x: 1280.0, y: 720.0) : (x: 1000.0, y: 600.0))
                #expect(x.doubleValue >= 0 && x.doubleValue < bounds.x && y.doubleValue < bounds.y, "\(script.name)")
            }
        }
        #expect(try MatrixBattery.scripts(named: ["drag", "tap"]).map(\.name) == ["tap", "drag"])
        #expect(throws: RuntimeError.self) { try MatrixBattery.scripts(named: ["nope"]) }
        #expect(try MatrixBattery.scripts(named: ["ten"])[0].largestLanding == 10)
        #expect(try MatrixBattery.scripts(named: ["titlebar"])[0].unsupported(by: [.touch, .frame]).count == 1)
    }

    @Test func compositorListsParse() throws {
        // all: the harness lane's compositors, then Wayfire, which only the kernel lane runs.
        #expect(try CompositorListing.kinds("all") == CompositorKind.harnessCases + [.wayfireKernel])
        #expect(try CompositorListing.kinds("KWin, gnome-shell,weston") == [.kwin, .gnomeShell, .weston])
        #expect(try CompositorListing.kinds("wayfire,sway") == [.wayfireKernel, .sway])
        #expect(throws: RuntimeError.self) { try CompositorListing.kinds("hyprland") }
        let listing = CompositorListing.text(drivers: [])
        #expect(listing.split(separator: "\n").count == CompositorKind.harnessCases.count + 1)
        #expect(listing.hasSuffix("Wayfire · kernel no driver in this build\n"), "\(listing)")
        // A lane's column is chosen by --lane, not by name.
        #expect(throws: RuntimeError.self) { try CompositorListing.kinds("sway-kernel") }
        #expect(throws: RuntimeError.self) { try CompositorListing.kinds("wayfire-kernel") }
    }

    @Test func lanesMakeAColumnPerCompositorTheyRun() throws {
        #expect(try CompositorListing.lanes("harness,kernel") == [.harness, .kernel])
        #expect(try CompositorListing.columns([.weston, .kwin, .sway], lanes: [.harness, .kernel])
            == [.weston, .kwin, .sway, .westonKernel, .swayKernel])
        #expect(try CompositorListing.columns(CompositorKind.harnessCases, lanes: [.kernel]) == [.westonKernel, .swayKernel, .phocKernel, .cageKernel])
        // Wayfire has only a kernel column: `all` gives it there and leaves it out of the harness lane.
        let all = try CompositorListing.kinds("all")
        #expect(try CompositorListing.columns(all, lanes: [.kernel]) == [.westonKernel, .swayKernel, .phocKernel, .cageKernel, .wayfireKernel])
        #expect(try CompositorListing.columns(all, lanes: [.harness]) == CompositorKind.harnessCases)
        #expect(try CompositorListing.columns([.sway, .wayfireKernel], lanes: [.harness, .kernel]) == [.sway, .swayKernel, .wayfireKernel])
        #expect(throws: RuntimeError.self) { try CompositorListing.columns([.wayfireKernel], lanes: [.harness]) }
        #expect(CompositorKind.wayfireKernel.lane == .kernel && CompositorKind.wayfireKernel.inLane(.harness) == nil)
        #expect(CompositorKind.wayfireKernel.displayName == "Wayfire · kernel" && CompositorKind.wayfireKernel.compositorName == "wayfire")
        #expect(throws: RuntimeError.self) { try CompositorListing.columns([.kwin], lanes: [.kernel]) }
        #expect(throws: RuntimeError.self) { try CompositorListing.lanes("uinput") }
        #expect(CompositorKind.swayKernel.displayName == "sway · kernel")
        #expect(CompositorKind.westonKernel.compositor == .weston && CompositorKind.westonKernel.lane == .kernel)
        #expect(CompositorKind.sway.inLane(.kernel) == .swayKernel && CompositorKind.kwin.inLane(.kernel) == nil)
        #expect(CompositorKind.cage.inLane(.kernel) == .cageKernel && CompositorKind.cageKernel.displayName == "cage · kernel")
        #expect(CompositorKind.phoc.inLane(.kernel) == .phocKernel && CompositorKind.phocKernel.displayName == "phoc · kernel")
    }
}

@Suite struct MatrixReportTests {
    private func result() throws -> MatrixResult {
        try SyntheticCompositors.result([
            (.weston, .ran(try SyntheticCompositors.run(SyntheticCompositors.noFrameAfterUp))),
            (.kwin, .ran(try SyntheticCompositors.run(SyntheticCompositors.framed))),
            (.mutter, .ran(try SyntheticCompositors.run(SyntheticCompositors.framePerEvent))),
            (.cage, .ran(try SyntheticCompositors.run(SyntheticCompositors.noFrames))),
            (.sway, .notInjectable([MatrixScript.Unsupported(statement: 5, item: "cancel", needs: "cancel")])),
        ])
    }

    @Test func markdownHasAColumnPerCompositorAndARuleByCompositorTable() throws {
        let text = MatrixReport.markdown(try result())
        #expect(text.contains("| script | weston | KWin | mutter | cage | sway | across compositors |"))
        #expect(text.contains("| two | A · A1 | B ✓ | C · M2 A1 | D · M1 A1 | not injectable here (cancel) | differ: 4 streams"))
        let findings = try #require(text.components(separatedBy: "## Findings: rule × compositor").last)
        #expect(findings.contains("| M1 no wl_touch.frame at all |  |  |  | two |  |"))
        #expect(findings.contains("| A1 no frame after the last up | two |  | two | two |  |"))
        #expect(text.contains("- sway: not injectable here: cancel (statement 5) needs cancel"))
        #expect(!text.contains("DESIGN"))
    }

    @Test func htmlIsSelfContainedXMLWithATimelinePerRun() throws {
        let page = MatrixHTML.page(try result())
        let collector = MatrixElementCollector()
        let parser = XMLParser(data: Data(page.utf8))
        parser.delegate = collector
        #expect(parser.parse(), "matrix.html is not well-formed XML: \(String(describing: parser.parserError))")
        let figures = collector.elements.filter { $0.name == "figure" }.map { $0.attributes["data-compositor"] ?? "" }
        #expect(figures == ["weston", "kwin", "mutter", "cage", "sway"])
        #expect(collector.elements.filter { $0.name == "svg" }.count == 4)
        #expect(collector.elements.filter { $0.name == "polyline" && $0.attributes["class"] == "touch-x" }.count == 8)
        #expect(!collector.elements.contains { ($0.attributes["src"] ?? $0.attributes["href"] ?? "").hasPrefix("http") })
        #expect(!page.contains("<script"))
        #expect(page.contains("not injectable here"))
    }

    @Test func reportFilesAndPerRunFilesAreWritten() throws {
        let folder = NSTemporaryDirectory() + "matrix-out-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/kwin/two", withIntermediateDirectories: true)
        let result = try SyntheticCompositors.result([(.kwin, .ran(try SyntheticCompositors.run(SyntheticCompositors.framed)))])
        try MatrixOutput.write(result, into: folder, toolVersion: "0.0.0")
        #expect(try String(contentsOfFile: folder + "/report.md", encoding: .utf8) == MatrixReport.markdown(result))
        #expect(FileManager.default.fileExists(atPath: folder + "/matrix.html"))
        #expect(try String(contentsOfFile: folder + "/kwin/two/stream.txt", encoding: .utf8)
            == "down 0 60 100; down 1 140 100\nmotion 0 70 100\nup 0; up 1\n")
        #expect(try String(contentsOfFile: folder + "/kwin/two/findings.txt", encoding: .utf8) == "")
    }

    @Test func screenshotsAreInlinedAsDataURIs() throws {
        let path = NSTemporaryDirectory() + "matrix-shot-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let session = ReplaySession(trace: Trace(format: .compact, header: nil, items: []), sceneType: TouchDemoScene.self,
                                    profile: .uikit)
        try session.writePNG(to: path)
        var run = try SyntheticCompositors.run(SyntheticCompositors.framed)
        run.outputScreenshot = path
        let page = MatrixHTML.page(try SyntheticCompositors.result([(.weston, .ran(run))]))
        let collector = MatrixElementCollector()
        let parser = XMLParser(data: Data(page.utf8))
        parser.delegate = collector
        #expect(parser.parse())
        let sources = collector.elements.filter { $0.name == "img" }.compactMap { $0.attributes["src"] }
        #expect(sources.count == 1)
        let source = try #require(sources.first)
        let data = try #require(Data(base64Encoded: String(source.dropFirst("data:image/png;base64,".count))))
        #expect(data.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }
}

private final class MatrixElementCollector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        elements.append((elementName, attributes))
    }
}
