import Foundation
import KernelLane
import Testing
import TouchStream

/// The job folder the guest mounts: its files and parameters.
@Suite struct GuestJobTests {
    @Test func theJobCarriesTheAxesTheLiftsAndTheClient() throws {
        let items = try CompactTrace.parse("down 0 1 1; down 1 2 2; frame; up 0; frame; up 1; frame")
        let events = try UinputScript.events(for: items, axes: .standard, name: "s")
        var job = GuestJob(compositor: .weston, axes: .standard, events: events, clientName: "gesture-sandbox")
        job.clientArguments = ["--scene", "it's"]
        #expect(job.ups == 2)
        let lines = job.environment.split(separator: "\n").map(String.init)
        for line in ["export COMPOSITOR='weston'", "export AXIS_MIN='0'", "export AXIS_MAX_X='4095'", "export SLOTS='10'",
                     "export UPS='2'", "export CLIENT='gesture-sandbox'", "export CLIENT_ARGUMENTS='--scene it'\\''s'"] {
            #expect(lines.contains(line), "\(line) in \(lines)")
        }
        let folder = NSTemporaryDirectory() + "guest-job-test-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try job.write(into: folder)
        #expect(try String(contentsOfFile: folder + "/events.txt", encoding: .utf8) == UinputScript.text(events))
        #expect(try String(contentsOfFile: folder + "/init.sh", encoding: .utf8) == GuestJobInit.text)
        let results = try FileManager.default.attributesOfItem(atPath: folder + "/results")
        #expect((results[.posixPermissions] as? Int) == 0o777)
    }

    @Test func aWayfireJobCarriesItsConfigurationAndWaitsLongerForTheLifts() throws {
        let job = GuestJob(compositor: .wayfire, axes: .standard, events: [], clientName: "gesture-sandbox")
        let lines = job.environment.split(separator: "\n").map(String.init)
        // Wayfire composites with llvmpipe: its touches took 20–30 s to arrive under TCG.
        #expect(lines.contains("export COMPOSITOR='wayfire'") && lines.contains("export TOUCH_TIMEOUT='60'"), "\(lines)")
        #expect(GuestJob(compositor: .sway, axes: .standard, events: [], clientName: "x").touchTimeout == 5)
        let folder = NSTemporaryDirectory() + "guest-job-wayfire-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try job.write(into: folder)
        let ini = try String(contentsOfFile: folder + "/wayfire.ini", encoding: .utf8)
        #expect(ini == GuestCompositor.wayfireConfiguration)
        // Only window-rules, which maximises every window as it maps; no Xwayland.
        #expect(ini.contains("plugins = window-rules\n") && ini.contains("xwayland = false\n")
                && ini.contains("= on created then maximize\n"))
    }

    @Test func aRecordingJobCarriesItsJSONAndTheReplayProgramAndWaitsForItsLifts() throws {
        var job = GuestJob(compositor: .sway, axes: .standard, events: [], clientName: "gesture-sandbox")
        job.recording = try RecordingImport.read(RecordingFixtures.evemu, name: "elan.evemu")
        // Three tracking ids end (-1): the guest waits for three wl_touch.up.
        #expect(job.ups == 3)
        let lines = job.environment.split(separator: "\n").map(String.init)
        #expect(lines.contains("export DEVICE_INPUT='recording.json'") && lines.contains("export UHID=''") && lines.contains("export UPS='3'"))
        let folder = NSTemporaryDirectory() + "guest-job-recording-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try job.write(into: folder)
        #expect(try String(contentsOfFile: folder + "/recording.json", encoding: .utf8) == RecordingJSON.text(job.recording!))
        #expect(try String(contentsOfFile: folder + "/touchscreen.py", encoding: .utf8) == RecordingReplayProgram.text)
        #expect(!FileManager.default.fileExists(atPath: folder + "/events.txt"))
        // A HID recording loads uhid and hid-multitouch; its lifts are its contacts.
        job.recording = try RecordingImport.read(RecordingFixtures.hidRecorder, name: "elan.hid")
        #expect(job.ups == 3)
        #expect(job.environment.split(separator: "\n").contains("export UHID='1'"))
    }
}
