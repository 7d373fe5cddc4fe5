import ArgumentParser
import CompositorDrivers
import Foundation
import KernelLane
import Matrix
import RunCommand
import SandboxHarness
import TouchStream

/// `gesture-sandbox guest`: the kernel lane's qemu guest (build, status, run).
struct Guest: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "guest",
        abstract: "Touch through a real kernel: a qemu guest with uinput, udev, libinput and a compositor on DRM.",
        discussion: """
            `guest build` builds the guest once from Debian packages; `guest status` says whether it is \
            built and which accelerator runs it; `guest run --compositor sway|weston|cage|phoc|wayfire SCRIPT -o DIR` plays \
            a compact script through a uinput touchscreen in the guest and keeps what our client received. \
            docs/kernel-lane.md describes the lane and its times.
            """,
        subcommands: [GuestBuild.self, GuestStatus.self, GuestRunCommand.self])

    /// The interruption every guest command installs: stops qemu or the build's step, removes unfinished folders.
    static let interruption = RunInterruption(message: "guest interrupted; qemu or the build step stopped by pid, unfinished folders removed")

    /// The cache folder: --cache, else the default under $XDG_CACHE_HOME or ~/.cache.
    static func cache(_ option: String?) -> GuestCache {
        GuestCache(path: option.map { $0.hasPrefix("/") ? $0 : FileManager.default.currentDirectoryPath + "/" + $0 }
                   ?? GuestCache.defaultPath(environment: ProcessInfo.processInfo.environment))
    }

    /// The error's line on standard error and its exit status.
    static func failure(_ error: Error) -> ExitCode {
        fail(error, code: (error as? KernelLaneError)?.status ?? 2)
    }

    static func say(_ line: String) { FileHandle.standardError.write(Data("guest: \(line)\n".utf8)) }
}

/// `gesture-sandbox guest build`.
struct GuestBuild: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the guest (kernel, root, initramfs) from Debian packages into the cache.",
        discussion: """
            The kernel is linux-image-amd64's, the root a debootstrap of Debian bookworm (minbase) with \
            sway, cage, xwayland, phoc, wayfire, Mesa's DRI drivers, seatd, weston, udev, python3-libevdev, libinput-tools and our client's libraries, the \
            initramfs busybox-static's. Needs root, and apt-get, debootstrap and busybox-static on the host \
            (scripts/install-deps.sh). Builds into a temporary folder renamed into place at the end: a \
            failed or interrupted build leaves nothing. Without --force a guest of the current recipe is kept.
            """)

    @Option(help: ArgumentHelp("The guest's folder (default $XDG_CACHE_HOME/gesture-sandbox/guest, else ~/.cache/gesture-sandbox/guest).", valueName: "dir"))
    var cache: String?

    @Flag(help: "Build even when a guest of the current recipe is there.")
    var force = false

    func run() throws {
        let cache = Guest.cache(cache)
        if !force, cache.state(for: GuestRecipe.stamp) == .current {
            Guest.say("already built in \(cache.path) (\(GuestCache.describe(bytes: cache.size()))); --force builds it again")
            return
        }
        Guest.interruption.install()
        do {
            let built = try GuestBuilder(cache: cache, interruption: Guest.interruption, progress: Guest.say).build()
            Guest.say(String(format: "built in %.0f s: %@, %@", built.seconds, cache.path, GuestCache.describe(bytes: built.bytes)))
        } catch {
            Guest.interruption.waitIfInterrupted()
            throw Guest.failure(error)
        }
    }
}

/// `gesture-sandbox guest status`.
struct GuestStatus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Say whether the guest is built, its size, and which accelerator runs it.",
        discussion: "Exit status: 0 built from the current recipe; 2 not built, or built by another recipe.")

    @Option(help: ArgumentHelp("The guest's folder (as for `guest build`).", valueName: "dir"))
    var cache: String?

    func run() throws {
        let cache = Guest.cache(cache)
        let qemu = ChildProcess.resolve(QemuCommand.executable, path: ProcessInfo.processInfo.environment["PATH"])
        switch cache.state(for: GuestRecipe.stamp) {
        case .missing:
            print("guest: not built in \(cache.path) (gesture-sandbox guest build)")
            throw ExitCode(2)
        case .stale(let stamp):
            print("guest: \(cache.path) was built by another recipe (\(stamp)): gesture-sandbox guest build")
            throw ExitCode(2)
        case .current:
            print("guest: built in \(cache.path), \(GuestCache.describe(bytes: cache.size()))")
        }
        guard qemu != nil else { throw Guest.failure(KernelLaneError.qemuMissing) }
        Guest.interruption.install()
        let verdict = AcceleratorProbe(cache: cache).verdict(interruption: Guest.interruption)
        print("accelerator: \(verdict.accelerator.rawValue.uppercased()) (\(verdict.reason))")
    }
}

/// `gesture-sandbox guest run`.
struct GuestRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Play a touch script through a uinput touchscreen in the guest, under sway, weston, cage, phoc or Wayfire on DRM.",
        discussion: """
            --recording FILE replays a recorded device instead (libinput record, evemu-record or hid-recorder: \
            see `gesture-sandbox import`): the guest creates it with the recorded name, ids, properties, codes \
            and axes (uinput), or with its HID report descriptor through /dev/uhid, and plays it with the \
            recorded timing. SCRIPT is a compact-form file, or the script itself when it holds a `;` or a newline (`down 0 300 200; \
            frame; up 0; frame`); its coordinates are output pixels of the guest's 1280×800 output, where our \
            client's window is fullscreen. Only down, motion, up, frame and sleep can be played. Each position is \
            sent as the nearest unit of the touchscreen's axes (0..--axis-max), so what arrives is that unit \
            stretched back onto the output. DIR receives trace.jsonl (what our client received), deliveries.jsonl \
            and state.json (what the scene made of it: --scene, --profile), \
            compositor.log, client.log, touchscreen.log, libinput-record.yml (libinput record of the device: what \
            the kernel emitted) and console.log. \
            Exit status: 0 done; 1 bad input; 2 qemu missing, guest not built, or the guest, compositor or \
            client failed (one line, with the log's tail).
            """)

    @Argument(help: ArgumentHelp("A compact-form script file, or the script's text.", valueName: "script"))
    var script: String?

    @Option(help: ArgumentHelp("Replay a recorded device instead of a script: a libinput record, evemu-record or hid-recorder file.",
                               valueName: "file"))
    var recording: String?

    @Option(help: ArgumentHelp("The compositor in the guest: sway, weston, cage, phoc or wayfire.", valueName: "name"))
    var compositor: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The output folder (must not exist).", valueName: "dir"))
    var output: String

    @Option(help: ArgumentHelp("The guest's folder (as for `guest build`).", valueName: "dir"))
    var cache: String?

    @Option(help: ArgumentHelp("Set up the outputs and touchscreens of a kernel-lane-only battery script (map-to-output, "
                               + "calibration-matrix, aspect-mismatch, rotated-output, palm, two-touchscreens): SCRIPT's points "
                               + "are then where fingers touch the glass of our window's output.", valueName: "script"))
    var devices: String?

    @Option(help: ArgumentHelp("The largest value of the touchscreen's position axes (the smallest is 0).", valueName: "n"))
    var axisMax = 4095

    @Option(help: ArgumentHelp("The scene our client shows (see `gesture-sandbox scenes`).", valueName: "name"))
    var scene = "touchdemo"

    @Option(help: ArgumentHelp("Our client's threshold profile (see `gesture-sandbox profiles`).", valueName: "name"))
    var profile = "uikit"

    @Option(help: ArgumentHelp("Seconds the guest has to reach its userspace.", valueName: "s"))
    var bootTimeout = 60.0

    func validate() throws {
        for (name, value) in [("--scene", scene), ("--profile", profile)]
        where value.isEmpty || !value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) {
            throw ValidationError("\(name) takes a name of letters, digits, - and _ (got \"\(value)\")")
        }
        guard GuestCompositor(rawValue: compositor) != nil else {
            throw ValidationError("--compositor must be one of: \(GuestCompositor.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard (15...65535).contains(axisMax) else { throw ValidationError("--axis-max must be between 15 and 65535") }
        guard bootTimeout > 0 else { throw ValidationError("--boot-timeout must be positive") }
        guard (script == nil) != (recording == nil) else { throw ValidationError("give a SCRIPT or --recording FILE (one of them)") }
        if let devices {
            guard recording == nil else { throw ValidationError("--devices plays a SCRIPT, not a --recording") }
            guard axisMax == 4095 else { throw ValidationError("--axis-max does not go with --devices: the setup gives its touchscreens' axes") }
            let names = MatrixBattery.scripts.filter { $0.deviceSetup != nil }.map(\.name)
            guard names.contains(devices) else {
                throw ValidationError("--devices takes a kernel-lane-only battery script: \(names.joined(separator: ", "))")
            }
        }
    }

    func run() throws {
        let cache = Guest.cache(cache)
        let script = script ?? ""
        do {
            var axes = TouchscreenAxes.standard
            axes.maximumX = axisMax
            axes.maximumY = axisMax
            var job: GuestJob
            if let recording {
                job = GuestJob(compositor: GuestCompositor(rawValue: compositor)!, axes: axes, events: [], clientName: "")
                job.recording = try RecordingImport.read(path: recording)
            } else {
                let inline = script.contains(";") || script.contains("\n")
                let text = inline ? script : try String(contentsOfFile: script, encoding: .utf8)
                let items = try CompactTrace.parse(text, name: inline ? "<script>" : script)
                let name = inline ? "<script>" : script
                let guestCompositor = GuestCompositor(rawValue: compositor)!
                if let setup = devices.flatMap({ devices in MatrixBattery.scripts.first { $0.name == devices }?.deviceSetup }) {
                    if let refusal = GuestSetupFiles.refusal(of: setup, by: guestCompositor) { throw KernelLaneError(refusal, status: 1) }
                    if let mode = setup.mode {
                        axes.outputWidth = mode.width
                        axes.outputHeight = mode.height
                    }
                    let placement = TouchPlacement(setup: setup, modeWidth: axes.outputWidth, modeHeight: axes.outputHeight)
                    let placed = MatrixScript(name: name, summary: "", items: items).placed(at: placement.origin(of: setup.windowOutput))
                    let events = try SetupScript.events(for: placed, placement: placement, slots: axes.slots, name: name)
                    job = GuestJob(compositor: guestCompositor, axes: axes, events: events, clientName: "")
                    job.setup = GuestSetupFiles(setup: setup, compositor: guestCompositor, modeWidth: axes.outputWidth,
                                                modeHeight: axes.outputHeight)
                } else {
                    let events = try UinputScript.events(for: items, axes: axes, name: name)
                    job = GuestJob(compositor: guestCompositor, axes: axes, events: events, clientName: "")
                }
            }
            job.clientArguments = ["--scene", scene, "--profile", profile]
            Guest.interruption.install()
            var run = GuestRun(cache: cache, job: job, client: try windowProgram(), interruption: Guest.interruption,
                               progress: Guest.say)
            run.bootTimeout = bootTimeout
            let outcome = try run.run(output: output)
            Guest.say("in the guest (s since its kernel started): "
                      + outcome.steps.map { "\($0.step) \(String(format: "%.1f", $0.seconds))" }.joined(separator: ", "))
            Guest.say(String(format: "done in %.1f s (userspace after %.1f s): %@", outcome.totalSeconds, outcome.bootSeconds, outcome.trace))
        } catch let error as TraceError {
            throw fail(error, code: 1)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile || error.code == .fileReadUnknown {
            throw fail(KernelLaneError("\(script): cannot read the script", status: 1), code: 1)
        } catch {
            Guest.interruption.waitIfInterrupted()
            throw Guest.failure(error)
        }
    }
}
