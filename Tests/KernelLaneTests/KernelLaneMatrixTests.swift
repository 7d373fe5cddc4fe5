import Foundation
import KernelLane
import Testing
import TestSupport
import TouchStream

/// `matrix --lane harness,kernel`: the kernel lane's columns beside the harness's, one guest boot
/// per kernel column serving every cell of it.
@Suite(.serialized) struct KernelLaneMatrixTests {
    @Test func kernelColumnsSitBesideTheHarnessColumnsWithOneBootEach() throws {
        let cache = try RealGuest.cache()
        let folder = NSTemporaryDirectory() + "kernel-lane-matrix-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: folder + ".junit.xml")
        }
        let run = try LaneMatrixRun(["matrix", "--battery", "--only", "tap,drag,pinch,idreuse,cancel,twoclients",
                                     "--compositors", "weston,sway", "--lane", "harness,kernel", "--parallel", "2",
                                     "--guest-cache", cache.path, "--junit", folder + ".junit.xml"], folder: folder, timeout: 600)
        print(String(format: "KernelLaneTests: matrix with the kernel lane: %.1f s", run.seconds))
        let pid = run.pid
        // Exit 0 or 1 (findings); 2 is a failed run.
        try #require([0, 1].contains(run.status), "matrix ended with \(run.status): \(run.output.suffix(2000))")

        // Nothing of the lane is left: no qemu of this run's guests, no job folder.
        let lanePrefix = "gesture-lane-\(pid)-"
        let leftQemu = try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap { entry -> String? in
            guard Int32(entry) != nil, let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            let line = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
            return line.contains(lanePrefix) ? line : nil
        }
        #expect(leftQemu.isEmpty, "left running: \(leftQemu)")
        let leftFolders = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix(lanePrefix) }
        #expect(leftFolders.isEmpty, "left: \(leftFolders)")

        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/results.json"))) as? [String: Any]
        let compositors = try #require(json?["compositors"] as? [[String: Any]])
        #expect(compositors.map { $0["name"] as? String } == ["weston", "sway", "weston-kernel", "sway-kernel"])
        #expect(compositors.map { $0["lane"] as? String } == ["harness", "harness", "kernel", "kernel"])
        for compositor in compositors where compositor["lane"] as? String == "kernel" {
            #expect(compositor["status"] as? String == "ran", "\(compositor)")
            #expect((compositor["device"] as? String)?.contains(TouchscreenProgram.deviceName) == true, "\(compositor)")
        }
        let cells = try #require(json?["cells"] as? [[String: Any]])
        func cell(_ compositor: String, _ script: String) -> [String: Any]? {
            cells.first { $0["compositor"] as? String == compositor && $0["script"] as? String == script }
        }
        for compositor in ["weston-kernel", "sway-kernel"] {
            // idreuse: an id lifting and landing in one frame is one touch to the kernel, one lift fewer.
            for script in ["tap", "drag", "pinch", "idreuse"] {
                #expect(cell(compositor, script)?["status"] as? String == "ran", "\(compositor) \(script): \(String(describing: cell(compositor, script)))")
            }
            // A touchscreen sends no cancel, and the lane shows one window.
            #expect(cell(compositor, "cancel")?["status"] as? String == "not-injectable")
            #expect(cell(compositor, "twoclients")?["status"] as? String == "not-injectable")
        }
        let report = try String(contentsOfFile: folder + "/report.md", encoding: .utf8)
        #expect(report.contains("sway · kernel") && report.contains("weston · kernel"))
        let junit = try String(contentsOfFile: folder + ".junit.xml", encoding: .utf8)
        #expect(junit.contains("name=\"sway-kernel\"") && junit.contains("name=\"weston-kernel\""))

        // The tap lands where the harness put it, moved onto the touchscreen's nearest unit.
        func tapDown(_ compositor: String) throws -> (Double, Double) {
            let trace = try TraceReader.read(folder + "/\(compositor)/tap/trace.jsonl")
            let downs = trace.records.compactMap { record -> (Double, Double)? in
                if case .down(_, _, _, _, let x, let y) = record.event { (x.doubleValue, y.doubleValue) } else { nil }
            }
            return try #require(downs.first, "\(compositor): no down in the tap's trace")
        }
        var axes = TouchscreenAxes.standard
        axes.outputHeight = 720
        for compositor in ["weston", "sway"] {
            let harness = try tapDown(compositor), kernel = try tapDown(compositor + "-kernel")
            let landing = axes.landing(x: harness.0, y: harness.1)
            #expect(kernel.0 == WLFixed(landing.x).doubleValue && kernel.1 == WLFixed(landing.y).doubleValue,
                    "\(compositor): harness \(harness), kernel \(kernel)")
        }
        // One boot per kernel column: each started once.
        for compositor in ["weston-kernel", "sway-kernel"] {
            let calibrations = try FileManager.default.contentsOfDirectory(atPath: folder + "/" + compositor).filter { $0.hasPrefix("calibration") }
            #expect(calibrations == ["calibration"], "\(compositor): \(calibrations)")
        }
    }
}
