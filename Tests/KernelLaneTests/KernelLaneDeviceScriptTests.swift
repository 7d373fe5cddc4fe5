import CompositorDrivers
import Foundation
import KernelLane
import Testing
import TestSupport
import TouchStream

/// The battery's kernel-lane-only scripts (docs/battery.md, "Kernel-lane-only scripts") in the
/// matrix: each device setup a boot of its own under sway and weston in the guest, and a "kernel
/// lane only" cell in the harness columns, which start nothing for them.
@Suite(.serialized) struct KernelLaneDeviceScriptTests {
    static let scripts = ["map-to-output", "calibration-matrix", "aspect-mismatch", "rotated-output", "palm", "two-touchscreens"]

    @Test func devicesSetUpBelowTheCompositorLandWhereEachCompositorMapsThem() throws {
        let cache = try RealGuest.cache()
        let folder = NSTemporaryDirectory() + "kernel-lane-devices-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try LaneMatrixRun(["matrix", "--battery", "--only", Self.scripts.joined(separator: ","),
                                     "--compositors", "sway,weston", "--lane", "harness,kernel", "--parallel", "2",
                                     "--guest-cache", cache.path], folder: folder, timeout: 1500)
        print(String(format: "KernelLaneTests: the device scripts under sway and weston: %.1f s", run.seconds))
        // Exit 0 or 1 (findings); 2 is a failed run.
        try #require([0, 1].contains(run.status), "matrix ended with \(run.status): \(run.output.suffix(2000))")

        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/results.json"))) as? [String: Any]
        let cells = try #require(json?["cells"] as? [[String: Any]])
        func cell(_ compositor: String, _ script: String) -> [String: Any]? {
            cells.first { $0["compositor"] as? String == compositor && $0["script"] as? String == script }
        }
        // Above the kernel there are no devices: the harness columns say so, without a start.
        for compositor in ["sway", "weston"] {
            for script in Self.scripts {
                let harness = cell(compositor, script)
                #expect(harness?["status"] as? String == "not-injectable", "\(compositor) \(script)")
                let needs = (harness?["notInjectable"] as? [[String: Any]])?.compactMap { $0["needs"] as? String } ?? []
                #expect(needs.contains { $0.contains("kernel lane only") }, "\(compositor) \(script): \(needs)")
            }
            #expect(!FileManager.default.fileExists(atPath: folder + "/\(compositor)/calibration"), "\(compositor) was started")
        }
        for compositor in ["sway-kernel", "weston-kernel"] {
            for script in Self.scripts {
                #expect(cell(compositor, script)?["status"] as? String == "ran", "\(compositor) \(script): \(String(describing: cell(compositor, script)))")
            }
        }
        func findings(_ compositor: String, _ script: String) -> [String] {
            (cell(compositor, script)?["findings"] as? [[String: Any]])?.compactMap { $0["rule"] as? String } ?? []
        }
        func downs(_ compositor: String, _ script: String) throws -> [(id: Int32, x: Double, y: Double)] {
            try TraceReader.read(folder + "/\(compositor)/\(script)/trace.jsonl").records.compactMap { record in
                if case .down(_, _, _, let id, let x, let y) = record.event { (id, x.doubleValue, y.doubleValue) } else { nil }
            }
        }
        func near(_ got: [(id: Int32, x: Double, y: Double)], _ expected: [(Double, Double)], _ what: String) {
            #expect(got.count == expected.count, "\(what): \(got)")
            for (down, aim) in zip(got, expected) {
                #expect(abs(down.x - aim.0) <= 0.5 && abs(down.y - aim.1) <= 0.5, "\(what): \(got) against \(expected)")
            }
        }
        // sway's map_to_output and weston's WL_OUTPUT put the touchscreen on the second output, and
        // the calibration matrix (the panel mirrored) and a 4:3 device's stretch are applied by both.
        for compositor in ["sway-kernel", "weston-kernel"] {
            near(try downs(compositor, "map-to-output"), [(200, 150), (300, 300), (900, 650)], "\(compositor) map-to-output")
            near(try downs(compositor, "calibration-matrix"), [(200, 150), (300, 300), (1100, 650)], "\(compositor) calibration-matrix")
            near(try downs(compositor, "aspect-mismatch"), [(200, 150), (1100, 650), (640, 360), (900, 100)],
                 "\(compositor) aspect-mismatch")
            for script in ["map-to-output", "calibration-matrix", "aspect-mismatch"] {
                #expect(!findings(compositor, script).contains("M21"), "\(compositor) \(script): \(findings(compositor, script))")
            }
        }
        // The output turned 90°: weston turns the touch with it; sway 1.7 stretches the panel's
        // units over the turned output's box unturned (M21): the tap at (100, 150) arrives where
        // the panel's fractions put it on a 720 × 1280 box.
        near(try downs("weston-kernel", "rotated-output"), [(100, 150), (200, 300), (600, 1100)], "weston rotated-output")
        #expect(!findings("weston-kernel", "rotated-output").contains("M21"))
        let turned = TouchPlacement(setup: DeviceSetup(outputs: [.init(transform: 90)]), modeWidth: 1280, modeHeight: 720)
        let unturned = [(100.0, 150.0), (200, 300), (600, 1100)].map { point -> (Double, Double) in
            let units = turned.units(x: point.0, y: point.1, screen: 0)
            return (Double(units.x) / 4096 * 720, Double(units.y) / 4096 * 1280)
        }
        near(try downs("sway-kernel", "rotated-output"), unturned, "sway rotated-output")
        #expect(findings("sway-kernel", "rotated-output").contains("M21"))
        for compositor in ["sway-kernel", "weston-kernel"] {
            // libinput cancels the contact that turns into a palm; neither compositor passes the
            // cancel on (M22). The finger's tap after it never arrives: libinput 1.22 drops it
            // (its debug-events show the cancel and nothing more), though the kernel emitted it.
            let records = try TraceReader.read(folder + "/\(compositor)/palm/trace.jsonl").records
            near(try downs(compositor, "palm"), [(300, 300)], "\(compositor) palm")
            #expect(!records.contains { if case .up = $0.event { true } else if case .cancel = $0.event { true } else { false } },
                    "\(compositor) palm")
            #expect(findings(compositor, "palm").contains("M22"), "\(compositor): \(findings(compositor, "palm"))")
            // Two touchscreens: each finger lands where it touched. (Whether the two overlap for the
            // client depends on when libinput reads each device: under TCG it read the first
            // device's whole touch before the second's, and sway got both as id 0, one after the other.)
            near(try downs(compositor, "two-touchscreens").sorted { $0.x < $1.x }, [(300, 300), (700, 400)],
                 "\(compositor) two-touchscreens")
        }
    }
}
