import CompositorDrivers
import Foundation
import SandboxHarness
import TouchStream

// MARK: - One booted guest serving many matrix cells

/// A compositor on the guest's DRM device, driven for the matrix through the guest's agent: one
/// boot serves every cell of a column. Our client runs in the guest, a fresh one per cell; the
/// handle `launchClient` returns is a host-side proxy that ends with the client's exit status and
/// holds its log, and the files the client wrote come back into the cell's scratch folder when it
/// is finished. Touch goes through the guest's uinput touchscreen, udev and libinput.
public final class GuestLaneSession: CompositorSession, @unchecked Sendable {
    public let outputSize: (width: Int, height: Int)
    public let capabilities: InjectionCapabilities
    /// The job folder on the host (its `results/` and `agent/` are the guest's logs).
    public let runtimeDirectory: String
    /// The touchscreen the guest made.
    public let axes: TouchscreenAxes
    /// Seconds from starting qemu until the agent took commands.
    public let bootSeconds: Double
    /// A kernel-lane-only script's outputs and touchscreens, and how its points become units; nil
    /// for the lane's usual output and touchscreen.
    public let placement: TouchPlacement?
    public let touchedOutputOrigin: (x: Double, y: Double)
    let compositor: GuestCompositor
    let machine: GuestMachine
    let agent: GuestAgent
    let client: String
    let scratch: String
    private let lock = NSLock()
    /// Scratch folders the runner made for our clients (host paths), and the client each one went to.
    private var clientFolders: [String] = []
    private var running: [(proxy: ChildProcess, hostFolder: String?, guestFolder: String?, status: String)] = []
    private var stopped = false

    init(compositor: GuestCompositor, machine: GuestMachine, agent: GuestAgent, axes: TouchscreenAxes,
         placement: TouchPlacement?, capabilities: InjectionCapabilities, client: String, scratch: String, bootSeconds: Double) {
        self.compositor = compositor
        self.machine = machine
        self.agent = agent
        self.axes = axes
        self.placement = placement
        self.capabilities = capabilities
        self.client = client
        self.scratch = scratch
        self.bootSeconds = bootSeconds
        // A setup's window is fullscreen on its output: that output's logical size and origin.
        if let placement {
            let output = placement.setup.windowOutput
            let size = placement.logicalSize(of: output)
            outputSize = (size.width, size.height)
            touchedOutputOrigin = placement.origin(of: output)
        } else {
            outputSize = (axes.outputWidth, axes.outputHeight)
            touchedOutputOrigin = (0, 0)
        }
        runtimeDirectory = scratch + "/job"
    }

    public var inputDevice: String? {
        let device = "uinput touchscreen \"\(TouchscreenProgram.deviceName)\": position axes \(axes.minimum)…\(axes.maximumX) × "
            + "\(axes.minimum)…\(axes.maximumY), \(axes.slots) slots, direct; through udev and libinput"
        // A setup's devices differ per script: the column names the lane's usual one, and the setup.
        return device + (placement.map { "; for a device setup: \($0.setup)" } ?? "")
    }

    public func grantClientAccess(to path: String) throws {
        lock.withLock { clientFolders.append(path) }
    }

    public func launchClient(executable: String, arguments: [String], environment: [String: String],
                             logName: String) throws -> ChildProcess {
        guard (executable as NSString).lastPathComponent == (client as NSString).lastPathComponent else {
            throw KernelLaneError("the kernel lane runs only our client (\(client)), not \(executable)")
        }
        let number = agent.nextNumber()
        // Paths in the runner's scratch folder are written in the job share instead, copied back at the end.
        let hostFolder = lock.withLock { clientFolders.last { folder in arguments.contains { $0.hasPrefix(folder + "/") } } }
        let guestFolder = hostFolder.map { _ in "client-\(number)" }
        if let guestFolder {
            let path = agent.folder + "/" + guestFolder
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: path)
        }
        let translated = arguments.map { argument in
            guard let hostFolder, let guestFolder, argument.hasPrefix(hostFolder + "/") else { return argument }
            return "/job/agent/\(guestFolder)" + argument.dropFirst(hostFolder.count)
        }
        let log = "\(number)-\(logName)"
        let status = agent.folder + "/\(number).status"
        // The proxy ends when the guest's client has ended and been collected, with its exit status.
        let proxy = try ChildProcess(executable: "/bin/sh", arguments: [
            "-c", #"while [ ! -e "$1" ]; do sleep 0.05; done; cat "$2"; exit "$(cat "$1")""#, "sh", status,
            agent.folder + "/" + log,
        ], environment: ["PATH": "/usr/bin:/bin"], logPath: scratch + "/proxy-\(number).log")
        let answer: String
        do {
            answer = try agent.send("client \(log)", extra: [GuestAgent.shellWords(translated)], timeout: 60)
        } catch {
            proxy.terminate()
            throw error
        }
        guard answer == "ok" else {
            proxy.terminate()
            let output = FileManager.default.contents(atPath: agent.folder + "/" + log).map { String(decoding: $0, as: UTF8.self) } ?? ""
            throw KernelLaneError("our client showed no window under \(compositor.rawValue) in the guest: "
                + KernelLaneError.oneLine(output))
        }
        lock.withLock { running.append((proxy, hostFolder, guestFolder, status)) }
        return proxy
    }

    @discardableResult
    public func finishClient(_ client: ChildProcess, timeout: Double) -> ChildProcess.Termination {
        guard let entry = lock.withLock({ running.first { $0.proxy === client } }) else { return client.terminate(timeout: timeout) }
        lock.withLock { running.removeAll { $0.proxy === client } }
        // The guest gives its client 30 s (see the agent's `stop`), whatever the runner's timeout.
        let answer = (try? agent.send("stop", timeout: max(timeout, 30) + 15)) ?? "255"
        if let hostFolder = entry.hostFolder, let guestFolder = entry.guestFolder {
            let written = agent.folder + "/" + guestFolder
            for name in (try? FileManager.default.contentsOfDirectory(atPath: written)) ?? [] {
                try? FileManager.default.removeItem(atPath: hostFolder + "/" + name)
                try? FileManager.default.copyItem(atPath: written + "/" + name, toPath: hostFolder + "/" + name)
            }
        }
        try? Data((Int(answer).map(String.init) ?? "255").utf8).write(to: URL(fileURLWithPath: entry.status))
        return client.wait(timeout: 5) ?? client.terminate()
    }

    @discardableResult
    public func inject(_ items: [ScriptItem]) throws -> [ScriptItem] {
        // What a touchscreen cannot send stays unsent and is returned; the rest keeps its order and pauses.
        var sendable: [ScriptItem] = [], unsent: [ScriptItem] = []
        for item in items {
            if case .record(let record) = item,
               !InjectionCapabilities.required(for: record.event).isSubset(of: capabilities) { unsent.append(item) } else {
                if case .record(let record) = item, InjectionCapabilities.required(for: record.event).isEmpty { continue }
                sendable.append(item)
            }
        }
        let events = try placement.map { try SetupScript.events(for: sendable, placement: $0, slots: axes.slots, name: "script") }
            ?? UinputScript.events(for: sendable, axes: axes, name: "script")
        let number = agent.nextNumber()
        try Data(UinputScript.text(events).utf8).write(to: URL(fileURLWithPath: agent.folder + "/\(number).events"))
        let ups = events.filter { $0 == .event(type: "EV_ABS", code: "ABS_MT_TRACKING_ID", value: -1) }.count
        let answer = try agent.send("play \(ups)", timeout: 120)
        guard answer == "ok" else {
            throw KernelLaneError("the touchscreen in the guest failed (\(answer)): " + KernelLaneError.oneLine(read("results/touchscreen.log")))
        }
        return unsent
    }

    public func screenshot(to path: String) throws {
        throw KernelLaneError("the kernel lane takes no screenshots")
    }

    public func logTail() -> String {
        KernelLaneError.oneLine(String(read("results/compositor.log").suffix(600)))
    }

    /// Powers the guest off through its agent, then stops qemu by pid and removes the job folder.
    public func stop() {
        guard lock.withLock({ () -> Bool in
            defer { stopped = true }
            return !stopped
        }) else { return }
        let proxies = lock.withLock { running.map(\.proxy) }
        if machine.process.isRunning {
            _ = try? agent.send("off", timeout: 10)
            _ = machine.waitForExit(timeout: 10)
        }
        machine.stop()
        for proxy in proxies { proxy.terminate() }
        if ProcessInfo.processInfo.environment["GESTURE_SANDBOX_GUEST_KEEP"] == nil {
            try? FileManager.default.removeItem(atPath: scratch)
        }
    }

    deinit { stop() }

    private func read(_ name: String) -> String {
        FileManager.default.contents(atPath: runtimeDirectory + "/" + name).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
