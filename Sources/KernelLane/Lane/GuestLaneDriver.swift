import CompositorDrivers
import Foundation
import SandboxHarness

// MARK: - The kernel lane as a matrix driver

/// Drives sway, weston, cage, phoc or Wayfire in the qemu guest for the matrix (`matrix --lane kernel`): `start` boots
/// the guest once, with the compositor on its DRM device, and returns a session whose agent
/// starts our client, plays scripts through the guest's uinput touchscreen and powers off.
public struct GuestLaneDriver: CompositorDriver {
    /// What a touchscreen can send: down, motion, up and frames (SYN_REPORT).
    public static let laneCapabilities: InjectionCapabilities = [.touch, .frame]

    public let kind: CompositorKind
    /// The built guest.
    public let cache: GuestCache
    /// Our client (`gesture-sandbox`), shared into the guest; the only client the lane runs.
    public let client: String
    /// Stops a booting guest on Ctrl-C (the runner registers the session once it is started).
    public let interruption: RunInterruption?
    /// Seconds the guest has to boot and start the compositor.
    public var bootTimeout = 120.0

    /// The kernel lane's column for `kind` (sway-kernel, weston-kernel, cage-kernel, phoc-kernel, wayfire-kernel), running `client`.
    public init(kind: CompositorKind, cache: GuestCache, client: String, interruption: RunInterruption?) {
        self.kind = kind
        self.cache = cache
        self.client = client
        self.interruption = interruption
    }

    /// The kernel lane's compositor of `kind`, nil for a column of another lane.
    var guestCompositor: GuestCompositor? {
        kind.lane == .kernel ? GuestCompositor(rawValue: kind.compositorName) : nil
    }

    /// What a touchscreen can send, and the device setups of kernel-lane-only scripts; several
    /// outputs only where the compositor has settings mapping a touchscreen and a window to one.
    public var capabilities: InjectionCapabilities {
        var capabilities = Self.laneCapabilities.union(.deviceSetup)
        if let compositor = guestCompositor, GuestSetupFiles.outputMappingRefusal(by: compositor) == nil {
            capabilities.insert(.outputMapping)
        }
        return capabilities
    }

    public var missingCapabilityReasons: [InjectionCapabilities: String] {
        let reason = "the kernel lane's touchscreen is one fullscreen window's"
        var reasons: [InjectionCapabilities: String] = [
            .sideBySide: reason, .secondOutput: reason, .outputScale: reason, .outputRotation: reason,
            .fractionalOutputScale: reason, .xwayland: reason, .touchOnlySeat: reason, .serverTitleBar: reason,
        ]
        if let compositor = guestCompositor, let refusal = GuestSetupFiles.outputMappingRefusal(by: compositor) {
            reasons[.outputMapping] = refusal
        }
        return reasons
    }

    public var quirks: [String] {
        ["touches go through a uinput touchscreen in a qemu guest, udev and libinput: positions land on the device's units"]
    }

    /// The compositor's Debian version in the guest's root, once the guest is built.
    public func installation() -> Installation {
        guard ChildProcess.resolve(QemuCommand.executable, path: ProcessInfo.processInfo.environment["PATH"]) != nil else {
            return .missing(debianPackages: ["qemu-system-x86"])
        }
        guard let compositor = guestCompositor else { return .missing(debianPackages: []) }
        guard let status = FileManager.default.contents(atPath: cache.root + "/var/lib/dpkg/status") else {
            return .installed(version: "in the guest (not built yet)")
        }
        // A guest built before the compositor joined the recipe lacks it until it is built again.
        guard let version = Self.packageVersion(compositor.rawValue, dpkgStatus: String(decoding: status, as: UTF8.self)) else {
            return .installed(version: "in the guest (not in the built one: gesture-sandbox guest build)")
        }
        return .installed(version: version + " in the guest")
    }

    /// `package`'s Version in a dpkg status file.
    static func packageVersion(_ package: String, dpkgStatus: String) -> String? {
        for stanza in dpkgStatus.components(separatedBy: "\n\n") where stanza.hasPrefix("Package: \(package)\n") {
            return stanza.split(separator: "\n").first { $0.hasPrefix("Version: ") }.map { String($0.dropFirst(9)) }
        }
        return nil
    }

    public func starting(_ binary: CompositorBinary) throws -> CompositorDriver {
        throw DriverError("the kernel lane runs the guest's own \(kind.compositorName), not a build of yours")
    }

    /// Boots the guest with the compositor on its DRM device and returns once its agent takes commands.
    public func start(_ configuration: DriverConfiguration) throws -> CompositorSession {
        guard let compositor = guestCompositor else { throw DriverError("\(kind.rawValue) is not a kernel lane column") }
        try GuestRun.checkReady(cache: cache)
        let scratch = NSTemporaryDirectory() + "gesture-lane-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        interruption?.add(folder: scratch)
        defer { interruption?.remove(folder: scratch) }
        do {
            return try boot(compositor, configuration: configuration, scratch: scratch)
        } catch {
            try? FileManager.default.removeItem(atPath: scratch)
            throw error
        }
    }

    private func boot(_ compositor: GuestCompositor, configuration: DriverConfiguration, scratch: String) throws -> GuestLaneSession {
        let jobFolder = scratch + "/job"
        try FileManager.default.createDirectory(atPath: jobFolder, withIntermediateDirectories: true)
        let ldd = (try? HostCommand(interruption: nil).run("ldd", [client], log: scratch + "/ldd.log")) ?? ""
        let missing = ClientLibraries.missing(fromLDD: ldd)
        guard missing.isEmpty else { throw KernelLaneError("\(client) needs libraries the host lacks: \(missing.joined(separator: ", "))") }
        var axes = TouchscreenAxes.standard
        axes.outputWidth = configuration.deviceSetup?.mode?.width ?? configuration.width
        axes.outputHeight = configuration.deviceSetup?.mode?.height ?? configuration.height
        var job = GuestJob(compositor: compositor, axes: axes, events: [], clientName: (client as NSString).lastPathComponent)
        job.agent = true
        if let setup = configuration.deviceSetup {
            if let refusal = GuestSetupFiles.refusal(of: setup, by: compositor) { throw KernelLaneError(refusal) }
            job.setup = GuestSetupFiles(setup: setup, compositor: compositor, modeWidth: axes.outputWidth,
                                        modeHeight: axes.outputHeight)
        }
        job.debug = ProcessInfo.processInfo.environment["GESTURE_SANDBOX_GUEST_KEEP"] != nil
        try job.write(into: jobFolder)
        var shares = [GuestShare(path: cache.root, tag: "root", readOnly: true),
                      GuestShare(path: jobFolder, tag: "job", readOnly: false),
                      GuestShare(path: (client as NSString).deletingLastPathComponent, tag: "hostbin", readOnly: true)]
        if let runtime = ClientLibraries.swiftRuntimeFolder(fromLDD: ldd) {
            shares.append(GuestShare(path: runtime, tag: "swift", readOnly: true))
        }
        let verdict = AcceleratorProbe(cache: cache).verdict(interruption: nil)
        var command = QemuCommand(accelerator: verdict.accelerator, kernel: cache.kernel, initramfs: cache.initramfs,
                                  console: scratch + "/console.log", shares: shares)
        command.outputWidth = axes.outputWidth
        command.outputHeight = axes.outputHeight
        command.outputs = configuration.deviceSetup?.outputs.count ?? 1
        let start = MonotonicClock.now()
        let machine = try GuestMachine(command, log: scratch + "/qemu.log")
        interruption?.add(machine)
        defer { interruption?.remove(machine) }
        let agent = GuestAgent(folder: jobFolder + "/agent", machine: machine)
        guard machine.waitForConsole("gesture-guest: agent", timeout: bootTimeout) else {
            machine.stop()
            let results = jobFolder + "/results"
            let status = FileManager.default.contents(atPath: results + "/status").map { String(decoding: $0, as: UTF8.self) } ?? ""
            if status.hasPrefix(GuestJobInit.Status.compositorFailed.rawValue) {
                let log = FileManager.default.contents(atPath: results + "/compositor.log").map { String(decoding: $0, as: UTF8.self) } ?? ""
                throw KernelLaneError.compositorDidNotStart(compositor.rawValue, log: log)
            }
            throw KernelLaneError.didNotBoot(within: bootTimeout, console: machine.consoleText())
        }
        let placement = configuration.deviceSetup.map {
            TouchPlacement(setup: $0, modeWidth: axes.outputWidth, modeHeight: axes.outputHeight)
        }
        return GuestLaneSession(compositor: compositor, machine: machine, agent: agent, axes: axes, placement: placement,
                                capabilities: capabilities, client: client, scratch: scratch,
                                bootSeconds: MonotonicClock.now() - start)
    }
}
