import Foundation
import SandboxHarness

// MARK: - One script through the guest

/// Boots the guest, starts a compositor on its DRM device and our client under it, plays a
/// touch script through the uinput touchscreen, powers off, and puts the client's trace (with
/// the compositor's log and the console) into an output folder.
public struct GuestRun {
    /// What a finished run left, and how long its parts took.
    public struct Outcome: Sendable {
        /// The output folder.
        public var folder: String
        /// The trace our client recorded (in `folder`).
        public var trace: String
        /// The accelerator and why.
        public var accelerator: AcceleratorProbe.Verdict
        /// Seconds from starting qemu to the guest's userspace, and to qemu's exit.
        public var bootSeconds: Double
        public var totalSeconds: Double
        /// The guest's steps and when it reached them (seconds since its kernel started).
        public var steps: [(step: String, seconds: Double)]
    }

    /// Seconds the guest has to reach its userspace, and the whole run.
    public var bootTimeout = 60.0
    public var runTimeout = 240.0
    public let cache: GuestCache
    public let job: GuestJob
    /// Our client (`gesture-sandbox`): its folder is shared in read-only.
    public let client: String
    public let interruption: RunInterruption?
    /// One line per step.
    public let progress: (String) -> Void

    /// A run of `job` in the guest of `cache`, with `client` as our client.
    public init(cache: GuestCache, job: GuestJob, client: String, interruption: RunInterruption?,
                progress: @escaping (String) -> Void) {
        self.cache = cache
        self.job = job
        self.client = client
        self.interruption = interruption
        self.progress = progress
    }

    /// Checks that qemu is installed and the guest is built from the current recipe.
    public static func checkReady(cache: GuestCache) throws {
        guard ChildProcess.resolve(QemuCommand.executable, path: ProcessInfo.processInfo.environment["PATH"]) != nil else {
            throw KernelLaneError.qemuMissing
        }
        switch cache.state(for: GuestRecipe.stamp) {
        case .current: return
        case .missing: throw KernelLaneError.notBuilt(cache.path)
        case .stale(let stamp):
            throw KernelLaneError("the guest in \(cache.path) was built by another recipe (\(stamp)): "
                + "run `gesture-sandbox guest build` again")
        }
    }

    /// Runs the job and writes `output` (which must not exist); throws a one-line error.
    public func run(output: String) throws -> Outcome {
        try Self.checkReady(cache: cache)
        guard !FileManager.default.fileExists(atPath: output) else {
            throw KernelLaneError("\(output) exists already: give a new folder", status: 1)
        }
        let clientFolder = (client as NSString).deletingLastPathComponent
        let scratch = NSTemporaryDirectory() + "gesture-guest-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let jobFolder = scratch + "/job"
        try FileManager.default.createDirectory(atPath: jobFolder, withIntermediateDirectories: true)
        interruption?.add(folder: scratch)
        defer {
            // $GESTURE_SANDBOX_GUEST_KEEP keeps the job, its results and the console for debugging the guest.
            if ProcessInfo.processInfo.environment["GESTURE_SANDBOX_GUEST_KEEP"] == nil {
                try? FileManager.default.removeItem(atPath: scratch)
            } else {
                progress("kept the job folder: \(scratch)")
            }
            interruption?.remove(folder: scratch)
        }
        let ldd = (try? HostCommand(interruption: nil).run("ldd", [client], log: scratch + "/ldd.log")) ?? ""
        let missing = ClientLibraries.missing(fromLDD: ldd)
        guard missing.isEmpty else { throw KernelLaneError("\(client) needs libraries the host lacks: \(missing.joined(separator: ", "))") }
        var shares = [GuestShare(path: cache.root, tag: "root", readOnly: true)]
        var job = job
        job.debug = job.debug || ProcessInfo.processInfo.environment["GESTURE_SANDBOX_GUEST_KEEP"] != nil
        job.clientName = (client as NSString).lastPathComponent
        try job.write(into: jobFolder)
        shares.append(GuestShare(path: jobFolder, tag: "job", readOnly: false))
        shares.append(GuestShare(path: clientFolder, tag: "hostbin", readOnly: true))
        if let runtime = ClientLibraries.swiftRuntimeFolder(fromLDD: ldd) {
            shares.append(GuestShare(path: runtime, tag: "swift", readOnly: true))
        }

        let verdict = AcceleratorProbe(cache: cache).verdict(interruption: interruption)
        progress("booting the guest (\(verdict.accelerator.rawValue.uppercased()): \(verdict.reason))")
        var command = QemuCommand(accelerator: verdict.accelerator, kernel: cache.kernel, initramfs: cache.initramfs,
                                  console: scratch + "/console.log", shares: shares)
        command.outputs = job.setup?.setup.outputs.count ?? 1
        command.outputWidth = job.axes.outputWidth
        command.outputHeight = job.axes.outputHeight
        let start = MonotonicClock.now()
        let machine = try GuestMachine(command, log: scratch + "/qemu.log")
        interruption?.add(machine)
        defer {
            machine.stop()
            interruption?.remove(machine)
        }
        guard machine.waitForConsole(GuestJobInit.userspaceMarker, timeout: bootTimeout) else {
            let tail = machine.consoleText() + machine.process.output()
            throw KernelLaneError.didNotBoot(within: bootTimeout, console: tail)
        }
        let booted = MonotonicClock.now() - start
        progress(String(format: "guest userspace after %.1f s; %@ and our client starting", booted, job.compositor.rawValue))
        guard machine.waitForExit(timeout: runTimeout) != nil else {
            throw KernelLaneError("the guest run did not end within \(Int(runTimeout)) s; console: "
                + KernelLaneError.oneLine(machine.consoleText()))
        }
        let total = MonotonicClock.now() - start
        let steps = GuestJobInit.steps(console: machine.consoleText())
        let results = jobFolder + "/results"
        let status = read(results + "/status").trimmingCharacters(in: .whitespacesAndNewlines)
        switch GuestJobInit.Status(rawValue: status) {
        case .ok: break
        case .compositorFailed:
            throw KernelLaneError.compositorDidNotStart(job.compositor.rawValue, log: read(results + "/compositor.log"))
        case .clientFailed:
            throw KernelLaneError("our client showed no window under \(job.compositor.rawValue) in the guest; its log: "
                + KernelLaneError.oneLine(read(results + "/client.log")))
        case .deviceFailed:
            throw KernelLaneError("the touchscreen program failed in the guest: " + KernelLaneError.oneLine(read(results + "/touchscreen.log")))
        case nil:
            throw KernelLaneError("the guest powered off without finishing its job; console: "
                + KernelLaneError.oneLine(machine.consoleText()))
        }
        guard FileManager.default.fileExists(atPath: results + "/trace.jsonl") else {
            throw KernelLaneError("our client wrote no trace in the guest; its log: " + KernelLaneError.oneLine(read(results + "/client.log")))
        }
        try FileManager.default.copyItem(atPath: scratch + "/console.log", toPath: results + "/console.log")
        try FileManager.default.removeItem(atPath: results + "/status")
        let partial = output + ".partial-\(getpid())"
        try? FileManager.default.removeItem(atPath: partial)
        try FileManager.default.copyItem(atPath: results, toPath: partial)
        interruption?.add(folder: partial)
        defer { interruption?.remove(folder: partial) }
        let place = { try FileManager.default.moveItem(atPath: partial, toPath: output) }
        if let interruption { try interruption.publish(place) } else { try place() }
        return Outcome(folder: output, trace: output + "/trace.jsonl", accelerator: verdict, bootSeconds: booted, totalSeconds: total,
                       steps: steps)
    }

    private func read(_ path: String) -> String {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
