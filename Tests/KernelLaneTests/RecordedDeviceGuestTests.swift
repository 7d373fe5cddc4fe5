import Foundation
import KernelLane
import Testing
import TestSupport
import TouchStream

/// Recorded devices replayed in the guest under sway: created as recorded (uinput for evdev
/// recordings, /dev/uhid for hid-recorder's), their touches must arrive where the recorded axis
/// ranges put them on the 1280×800 output.
@Suite(.serialized) struct RecordedDeviceGuestTests {
    /// What our client received: the wl_touch events in order, ids read from the downs.
    private func touches(_ folder: String) throws -> [String] {
        try TraceReader.read(folder + "/trace.jsonl").records.compactMap {
            switch $0.event {
            case .down(_, _, _, let id, let x, let y): "down \(id) \(x) \(y)"
            case .up(_, _, let id): "up \(id)"
            case .motion(_, let id, let x, let y): "motion \(id) \(x) \(y)"
            case .frame: "frame"
            case .cancel: "cancel"
            default: nil
            }
        }
    }

    /// Replays `fixture` (written to a file named `name`) under sway; returns what arrived and the
    /// summary of the recording (its axes are where the expected positions come from).
    private func replay(_ fixture: String, name: String)
        throws -> (touches: [String], summary: RecordingSummary, device: [String], record: Recording) {
        let file = NSTemporaryDirectory() + "recording-\(getpid())-" + name
        try fixture.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let summary = try RecordingSummary.of(RecordingImport.read(path: file)).get()
        let start = Date()
        let (folder, log) = try RealGuest.run(arguments: ["--recording", file], compositor: "sway")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        print("KernelLaneTests: \(name): \(String(format: "%.1f", Date().timeIntervalSince(start))) s; \(log)")
        let device = try String(contentsOfFile: folder + "/touchscreen.log", encoding: .utf8).split(separator: "\n").map(String.init)
        // The libinput record the guest made of the device while it played, read back as a bug report's would be.
        let record = try RecordingImport.read(path: folder + "/libinput-record.yml")
        return (try touches(folder), summary, device, record)
    }

    /// The tap, its motion, and the two-finger landing of the fixtures, at the positions libinput
    /// stretches `(x, y)` device units to: (v - min) × size / (max - min + 1) along each axis.
    private func expected(_ touches: [String], summary: RecordingSummary, units: [(Int, Int)]) throws -> [String] {
        let x = try #require(summary.positionX), y = try #require(summary.positionY)
        let axes = TouchscreenAxes(minimum: x.minimum, maximumX: x.maximum, maximumY: y.maximum, outputWidth: 1280, outputHeight: 800,
                                   slots: summary.slots)
        try #require(x.minimum == y.minimum)
        func at(_ unit: (Int, Int)) -> String { "\(WLFixed(axes.pixelX(unit: unit.0))) \(WLFixed(axes.pixelY(unit: unit.1)))" }
        let ids = touches.filter { $0.hasPrefix("down ") }.map { $0.split(separator: " ")[1] }
        try #require(ids.count == 3, "\(touches)")
        return ["down \(ids[0]) \(at(units[0]))", "frame", "motion \(ids[0]) \(at(units[1]))", "frame", "up \(ids[0])", "frame",
                "down \(ids[1]) \(at(units[2]))", "down \(ids[2]) \(at(units[3]))", "frame", "up \(ids[1])", "up \(ids[2])", "frame"]
    }

    @Test func anEvemuTouchscreenReplaysItsTouchesWhereItsAxisRangesPutThem() throws {
        let (touches, summary, device, record) = try replay(RecordingFixtures.evemu, name: "elan.evemu")
        // The kernel's device, read back in the guest, is the recorded one.
        #expect(device.contains { $0.hasPrefix("evdev: /dev/input/event") && $0.hasSuffix(
            #" "ELAN2514:00 04F3:2A1A" bus 0x18 vendor 0x4f3 product 0x2a1a; ABS_MT_POSITION_X 0..3199 res 12; "#
                + "ABS_MT_POSITION_Y 0..1999 res 12; slots 10; direct") }, "\(device)")
        let expected = try expected(touches, summary: summary, units: [(1600, 900), (1610, 900), (800, 500), (2400, 1500)])
        #expect(touches == expected)
        // 0…3199 over 1280 pixels and 0…1999 over 800: 1600 → 640, 900 → 360, 1610 → 644.
        #expect(touches.first?.hasSuffix(" \(WLFixed(640.0)) \(WLFixed(360.0))") == true, "\(touches)")
        #expect(touches.dropFirst(2).first?.hasSuffix(" \(WLFixed(644.0)) \(WLFixed(360.0))") == true, "\(touches)")
        // libinput record in the guest saw the recorded device: its description and, event for event,
        // what was recorded, but for the ABS_MT_SLOT that selects the slot already selected (the
        // kernel sends a slot change only).
        let original = try RecordingImport.read(RecordingFixtures.evemu, name: "elan.evemu")
        #expect(record.source == .libinputRecord)
        #expect(record.name == original.name && record.properties == original.properties && record.absinfo == original.absinfo)
        #expect([record.bustype, record.vendor, record.product, record.version] as [Int]
                == [original.bustype, original.vendor, original.product, original.version])
        #expect(record.codes == original.codes)
        var slot = 0
        let sent = original.events.filter { event in
            guard event.type == EvdevNames.abs, event.code == EvdevNames.slot else { return true }
            defer { slot = event.value }
            return event.value != slot
        }
        func values(_ events: [RecordedEvent]) -> [[Int]] { events.map { [$0.type, $0.code, $0.value] } }
        #expect(values(record.events) == values(sent))
        // Frames keep at least their recorded gaps, by the kernel's own timestamps.
        func gaps(_ events: [RecordedEvent]) -> [Int] {
            let frames = events.filter { $0.type == EvdevNames.syn && $0.code == 0 }.map(\.time)
            return zip(frames.dropFirst(), frames).map { $0 - $1 }
        }
        let recorded = gaps(original.events), replayed = gaps(record.events)
        #expect(replayed.count == recorded.count && zip(replayed, recorded).allSatisfy { $0 >= $1 }, "\(replayed) µs against \(recorded)")
    }

    @Test func aHIDRecordingReplaysThroughUhidAndHidMultitouch() throws {
        let (touches, summary, device, record) = try replay(RecordingFixtures.hidRecorder, name: "elan.hid")
        // hid-multitouch (not hid-generic) took the recorded descriptor, and made a direct touch
        // device of its X and Y fields: their logical ranges, resolutions as the summary computed
        // them, and the Contact Count Maximum's logical maximum as slots.
        #expect(device.contains { $0.hasPrefix("hid: 0018:04F3:2A1A.") && $0.hasSuffix(" driver hid-multitouch") }, "\(device)")
        #expect(device.contains { $0.hasPrefix("evdev: /dev/input/event") && $0.hasSuffix(
            "; ABS_MT_POSITION_X 0..4095 res 34; ABS_MT_POSITION_Y 0..2399 res 26; slots 2; direct") }, "\(device)")
        #expect(summary.axes.map(\.resolution) == [34, 26] && summary.slots == 2)
        let expected = try expected(touches, summary: summary, units: [(2048, 1200), (2060, 1200), (1024, 600), (3072, 1800)])
        #expect(touches == expected)
        // 0…4095 over 1280 pixels and 0…2399 over 800: 2048 → 640, 1200 → 400, 2060 → 643.75.
        #expect(touches.first?.hasSuffix(" \(WLFixed(640.0)) \(WLFixed(400.0))") == true, "\(touches)")
        #expect(touches.dropFirst(2).first?.hasSuffix(" \(WLFixed(643.75)) \(WLFixed(400.0))") == true, "\(touches)")
        // What hid-multitouch made of the reports, as libinput record saw it: the kernel's report
        // descriptor (from sysfs), three touches and their lifts.
        #expect(record.descriptor == (try RecordingImport.read(RecordingFixtures.hidRecorder, name: "elan.hid")).descriptor)
        let tracking = record.events.filter { $0.type == EvdevNames.abs && $0.code == EvdevNames.trackingID }.map(\.value)
        #expect(tracking.filter { $0 == -1 }.count == 3 && tracking.filter { $0 != -1 }.count == 3, "\(tracking)")
        let positions = record.events.filter { $0.type == EvdevNames.abs && $0.code == EvdevNames.positionX }.map(\.value)
        #expect(positions == [2048, 2060, 1024, 3072])
    }
}
