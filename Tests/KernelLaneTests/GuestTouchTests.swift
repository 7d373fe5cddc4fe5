import Foundation
import KernelLane
import Testing
import TestSupport
import TouchStream

/// Touches through the real kernel: a uinput touchscreen in the qemu guest, udev, libinput, sway,
/// weston, cage, phoc or Wayfire on the guest's DRM device, and our client recording what it received.
@Suite(.serialized) struct GuestTouchTests {
    /// A tap at (300.5, 200.25), then two fingers landing in one frame and lifting in another.
    static let script = """
        down 0 300.5 200.25; frame; sleep 60; up 0; frame; sleep 200
        down 1 200 150; down 2 900.3 600.7; frame; sleep 60; up 1; up 2; frame
        """

    @Test(arguments: ["sway", "weston", "cage", "phoc", "wayfire"])
    func aTapAndATwoFingerLandingArriveWhereTheDevicesUnitsPutThem(compositor: String) throws {
        let start = Date()
        let (folder, log) = try RealGuest.run(Self.script, compositor: compositor)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        print("KernelLaneTests: \(compositor): \(String(format: "%.1f", Date().timeIntervalSince(start))) s; \(log)")
        let axes = TouchscreenAxes.standard
        let touch: [String] = try TraceReader.read(folder + "/trace.jsonl").records.compactMap {
            switch $0.event {
            case .down(_, _, _, let id, let x, let y): "down \(id) \(x) \(y)"
            case .up(_, _, let id): "up \(id)"
            case .motion(_, let id, let x, let y): "motion \(id) \(x) \(y)"
            case .frame: "frame"
            case .cancel: "cancel"
            default: nil
            }
        }
        // Ids are the compositor's own: read them from the downs.
        let ids = touch.filter { $0.hasPrefix("down ") }.map { $0.split(separator: " ")[1] }
        try #require(ids.count == 3, "\(compositor): \(touch)")
        #expect(ids[1] != ids[2])
        func down(_ id: Substring, _ x: Double, _ y: Double) -> String {
            let landing = axes.landing(x: x, y: y)
            return "down \(id) \(WLFixed(landing.x)) \(WLFixed(landing.y))"
        }
        // weston 10 sends no wl_touch.frame after the last up, from a real libinput device too:
        // it clears the touch focus on that up, before libinput's frame arrives.
        // sway and phoc (wlroots 0.15 both) send it, phoc maximising our window to the whole output.
        // cage 0.1.4 sends no wl_touch.frame at all, from a real touchscreen too.
        // Wayfire 0.7 sends none either, and after the first finger's down a motion of it to where it
        // already is: on that down it re-sends every finger's position when its stacking changes.
        let frameAfterLastUp = ["sway", "phoc"].contains(compositor) ? ["frame"] : []
        let frame = ["cage", "wayfire"].contains(compositor) ? [] : ["frame"]
        func again(_ id: Substring, _ x: Double, _ y: Double) -> [String] {
            guard compositor == "wayfire" else { return [] }
            let landing = axes.landing(x: x, y: y)
            return ["motion \(id) \(WLFixed(landing.x)) \(WLFixed(landing.y))"]
        }
        let expected = [down(ids[0], 300.5, 200.25)] + again(ids[0], 300.5, 200.25) + frame + ["up \(ids[0])"] + frameAfterLastUp
            + [down(ids[1], 200, 150)] + again(ids[1], 200, 150) + [down(ids[2], 900.3, 600.7)] + frame
            + ["up \(ids[1])", "up \(ids[2])"] + frameAfterLastUp
        #expect(touch == expected, "\(compositor)")
        // The landing is the device unit's, not the script's pixel: 300.5 → unit 962 → 300.625.
        #expect(touch.first == "down \(ids[0]) 300.625 200.1953125")
        // The scene got the touches too: the deliveries log begins with the tap at the same place.
        let deliveries = try String(contentsOfFile: folder + "/deliveries.jsonl", encoding: .utf8)
        #expect(deliveries.hasPrefix(#"{"kind":"call","#), "\(deliveries.prefix(200))")
        #expect(deliveries.split(separator: "\n").first?.contains(#""method":"touchesBegan","touches":[{"id":0,"phase":"began","x":300.625,"y":200.195313"#) == true,
                "\(deliveries.prefix(200))")
    }

    @Test func aMissingGuestIsOneLineNamingTheBuildCommand() throws {
        let missing = NSTemporaryDirectory() + "no-guest-\(getpid())"
        let result = try sandbox(["guest", "run", "--compositor", "sway", "--cache", missing, "-o", missing + "-out",
                                  "down 0 1 1; frame"])
        #expect(result.status == 2)
        #expect(result.stderr == "gesture-sandbox: no guest built in \(missing): run `gesture-sandbox guest build` first\n")
        #expect(!FileManager.default.fileExists(atPath: missing + "-out"))
    }

    @Test func aScriptATouchscreenCannotPlayIsRefusedBeforeAnyBoot() throws {
        let folder = NSTemporaryDirectory() + "bad-script-\(getpid())"
        let before = Self.qemuProcesses()
        let result = try sandbox(["guest", "run", "--compositor", "sway", "-o", folder, "down 0 1 1; frame; cancel"])
        #expect(result.status == 1)
        #expect(result.stderr == "gesture-sandbox: <script>: item 3: cancel cannot be sent by a touchscreen "
                + "(down, motion, up, frame and sleep can)\n")
        #expect(!FileManager.default.fileExists(atPath: folder))
        #expect(Self.qemuProcesses() == before)
    }

    @Test func missingQemuNamesTheDebianPackage() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = "/nonexistent"
        let folder = NSTemporaryDirectory() + "no-qemu-\(getpid())"
        let result = try command(try sandboxExecutable(), ["guest", "run", "--compositor", "weston", "-o", folder,
                                                           "down 0 1 1; frame"], environment: environment)
        #expect(result.status == 2)
        #expect(result.stderr == "gesture-sandbox: qemu-system-x86_64 not found: install the Debian package qemu-system-x86\n")
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test func aGuestThatDoesNotBootInTimeIsStoppedAndSaysSo() throws {
        let cache = try RealGuest.cache()
        let before = Self.qemuProcesses()
        let folder = NSTemporaryDirectory() + "slow-boot-\(getpid())"
        let result = try sandbox(["guest", "run", "--compositor", "sway", "--cache", cache.path, "--boot-timeout", "0.5",
                                  "-o", folder, "down 0 1 1; frame"], timeout: 120)
        #expect(result.status == 2)
        #expect(result.stderr.contains("gesture-sandbox: the guest did not boot within 0.5 s; console: "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 2, "a progress line, then one error line: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder))
        // qemu was our child, stopped by pid before the command ended.
        #expect(Self.qemuProcesses() == before)
    }

    /// Pids of running qemu-system-x86_64 processes.
    static func qemuProcesses() -> Set<Int32> {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return Set(entries.compactMap { entry -> Int32? in
            guard let pid = Int32(entry),
                  let name = try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8) else { return nil }
            return name.hasPrefix("qemu-system") ? pid : nil
        })
    }
}
