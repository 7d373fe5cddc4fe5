import Foundation
import SandboxHarness

// MARK: - KVM or TCG

/// Picks the accelerator: KVM when the guest's kernel boots under it to the initramfs within a
/// few seconds, else TCG, with the reason. The verdict is kept beside the guest for this host
/// kernel, so only the first run pays for the probe.
public struct AcceleratorProbe {
    /// The verdict and why.
    public struct Verdict: Equatable, Sendable {
        public var accelerator: Accelerator
        public var reason: String
    }

    /// How long the probe boot may take under KVM (a real KVM boot reaches the initramfs in about a second).
    public static let timeout = 8.0

    let cache: GuestCache

    /// A probe of the guest in `cache`.
    public init(cache: GuestCache) { self.cache = cache }

    /// The kept verdict for this host kernel, else a fresh probe (kept when the cache is writable).
    public func verdict(interruption: RunInterruption?) -> Verdict {
        let host = Self.hostKernel()
        if let kept = FileManager.default.contents(atPath: cache.acceleratorPath),
           let verdict = Self.parse(String(decoding: kept, as: UTF8.self), hostKernel: host) {
            return verdict
        }
        let verdict = probe(interruption: interruption)
        try? Data(Self.format(verdict, hostKernel: host).utf8).write(to: URL(fileURLWithPath: cache.acceleratorPath))
        return verdict
    }

    /// Boots the kernel under KVM to the initramfs' probe line.
    public func probe(interruption: RunInterruption?) -> Verdict {
        guard access("/dev/kvm", R_OK | W_OK) == 0 else {
            return Verdict(accelerator: .tcg, reason: "no usable /dev/kvm")
        }
        let scratch = NSTemporaryDirectory() + "gesture-guest-probe-\(getpid())"
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var command = QemuCommand(accelerator: .kvm, kernel: cache.kernel, initramfs: cache.initramfs,
                                  console: scratch + "/console.log", shares: [])
        command.kernelArguments = ["gesture.probe"]
        command.memory = "256M"
        let machine: GuestMachine
        do { machine = try GuestMachine(command, log: scratch + "/qemu.log") } catch {
            return Verdict(accelerator: .tcg, reason: "KVM probe could not start qemu: \(error)")
        }
        interruption?.add(machine)
        defer {
            machine.stop()
            interruption?.remove(machine)
        }
        let start = MonotonicClock.now()
        if machine.waitForConsole("gesture-guest: probe", timeout: Self.timeout) {
            return Verdict(accelerator: .kvm, reason: String(format: "a KVM probe boot reached the initramfs in %.1f s",
                                                              MonotonicClock.now() - start))
        }
        if let ended = machine.process.poll() {
            return Verdict(accelerator: .tcg, reason: "under KVM qemu stopped at once (\(ended)): "
                + KernelLaneError.oneLine(machine.process.output(), limit: 160))
        }
        let console = machine.consoleText()
        let modules = (try? FileManager.default.contentsOfDirectory(atPath: "/sys/module")) ?? []
        return Verdict(accelerator: .tcg, reason: "a KVM probe boot did not reach the initramfs within \(Int(Self.timeout)) s"
            + (console.isEmpty ? "" : " (console: \(KernelLaneError.oneLine(console, limit: 120)))")
            + (Self.kvmNote(modules: modules).map { "; \($0)" } ?? ""))
    }

    /// Why a stock kernel may not run under this host's KVM, from the host's module names
    /// (`/sys/module`): a paravirtual KVM without the hardware modules runs only kernels built for it.
    public static func kvmNote(modules: [String]) -> String? {
        guard modules.contains("kvm_pvm"), !modules.contains("kvm_intel"), !modules.contains("kvm_amd") else { return nil }
        return "this host's KVM is kvm_pvm (Pagetable-based VM), which runs only guest kernels built for PVM"
    }

    /// The host kernel release (`uname -r`): the verdict is kept per release.
    static func hostKernel() -> String {
        var names = utsname()
        uname(&names)
        return withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// The kept form: host kernel, accelerator and reason, one per line.
    static func format(_ verdict: Verdict, hostKernel: String) -> String {
        "\(hostKernel)\n\(verdict.accelerator.rawValue)\n\(verdict.reason)\n"
    }

    /// The kept verdict, if it was made on `hostKernel`.
    static func parse(_ text: String, hostKernel: String) -> Verdict? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 3, lines[0] == hostKernel, let accelerator = Accelerator(rawValue: lines[1]) else { return nil }
        return Verdict(accelerator: accelerator, reason: lines[2])
    }
}
