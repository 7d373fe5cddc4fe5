import Foundation

// MARK: - The job folder shared into the guest

/// The files of one run in the folder the guest mounts as `/job`: its init, the touchscreen
/// program and its events, the parameters, sway's, phoc's and Wayfire's configurations (and a device
/// setup's files), and `results/` for what comes back.
public struct GuestJob {
    /// The compositor to start.
    public var compositor: GuestCompositor
    /// The touchscreen's axes.
    public var axes: TouchscreenAxes
    /// What the touchscreen plays.
    public var events: [UinputEvent]
    /// A recorded device to create and replay instead of the touchscreen and its events.
    public var recording: Recording?
    /// Our client's file name in the `hostbin` share.
    public var clientName: String
    /// Arguments for `run` besides `--record`.
    public var clientArguments: [String] = []
    /// Logs the compositor's debug messages (our client's Wayland messages are always in client.log).
    public var debug = false
    /// Seconds the compositor has to make its socket, and our client to show its window.
    public var compositorTimeout = 40
    public var clientTimeout = 40
    /// Seconds our client has, once the script is played, to receive every up before it is ended.
    public var touchTimeout: Int
    /// The guest serves the matrix's agent commands (`/job/agent`) instead of running one script.
    public var agent = false
    /// A kernel-lane-only script's outputs, touchscreens and udev properties; nil: one output, one touchscreen.
    public var setup: GuestSetupFiles?

    /// A job for `compositor` playing `events`.
    public init(compositor: GuestCompositor, axes: TouchscreenAxes, events: [UinputEvent], clientName: String) {
        self.compositor = compositor
        self.axes = axes
        self.events = events
        self.clientName = clientName
        touchTimeout = compositor.touchSeconds
    }

    /// How many touches the script lifts: the guest waits for as many wl_touch.up in our client's log.
    public var ups: Int {
        guard let recording else { return events.filter { $0 == .event(type: "EV_ABS", code: "ABS_MT_TRACKING_ID", value: -1) }.count }
        if recording.isHID { return (try? RecordingSummary.of(recording).get())?.contacts ?? 0 }
        return recording.events.filter { $0.type == EvdevNames.abs && $0.code == EvdevNames.trackingID && $0.value == -1 }.count
    }

    /// `job.env`: shell assignments the guest's init sources.
    public var environment: String {
        let values: [(String, String)] = [
            ("COMPOSITOR", compositor.rawValue), ("GUEST_USER", GuestRecipe.user.name), ("GUEST_UID", String(GuestRecipe.user.id)),
            ("AXIS_MIN", String(axes.minimum)), ("AXIS_MAX_X", String(axes.maximumX)), ("AXIS_MAX_Y", String(axes.maximumY)),
            ("SLOTS", String(axes.slots)), ("COMPOSITOR_TIMEOUT", String(compositorTimeout)),
            ("CLIENT_TIMEOUT", String(clientTimeout)), ("TOUCH_TIMEOUT", String(touchTimeout)),
            ("UPS", String(ups)), ("CLIENT", clientName),
            ("CLIENT_ARGUMENTS", clientArguments.joined(separator: " ")), ("DEBUG", debug ? "1" : ""),
            ("DEVICE_INPUT", recording == nil ? "events.txt" : "recording.json"), ("UHID", recording?.isHID == true ? "1" : ""),
            ("AGENT", agent ? "1" : ""), ("MAPPED", compositor.mappedLine),
            ("TOUCHSCREENS", setup == nil ? "" : "/job/touchscreens.txt"),
            ("WESTON_CONFIG", setup == nil ? "" : "/job/weston.ini"),
            ("CAGE_ARGUMENTS", setup?.cageArguments.joined(separator: " ") ?? ""),
        ]
        return values.map { "export \($0.0)='\($0.1.replacingOccurrences(of: "'", with: "'\\''"))'\n" }.joined()
    }

    /// Writes the job into `folder` (which exists), with an empty `results/` everyone may write.
    public func write(into folder: String) throws {
        let files: [(String, String, Int)] = [
            ("init.sh", GuestJobInit.text, 0o755),
            ("touchscreen.py", recording == nil ? TouchscreenProgram.text : RecordingReplayProgram.text, 0o644),
            recording.map { ("recording.json", RecordingJSON.text($0), 0o644) } ?? ("events.txt", UinputScript.text(events), 0o644),
            ("job.env", environment, 0o644),
            ("sway.conf", setup?.swayConfiguration ?? GuestCompositor.swayConfiguration, 0o644),
            ("phoc.ini", setup?.phocConfiguration ?? GuestCompositor.phocConfiguration, 0o644),
            ("wayfire.ini", GuestCompositor.wayfireConfiguration, 0o644),
        ] + (setup.map { setup in
            [("weston.ini", setup.westonConfiguration, 0o644), ("udev.rules", setup.udevRules, 0o644),
             ("touchscreens.txt", setup.touchscreens, 0o644)]
        } ?? [])
        for (name, text, mode) in files {
            let path = folder + "/" + name
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        }
        for shared in ["results"] + (agent ? ["agent"] : []) {
            try FileManager.default.createDirectory(atPath: folder + "/" + shared, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder + "/" + shared)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
    }
}
