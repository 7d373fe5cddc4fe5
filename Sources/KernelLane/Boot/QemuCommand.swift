// MARK: - The qemu command line

/// Which way qemu runs the guest's code.
public enum Accelerator: String, Equatable, Sendable {
    /// Hardware virtualisation through /dev/kvm.
    case kvm
    /// qemu's own translator: slower, works everywhere.
    case tcg
}

/// A folder of the host shared into the guest over 9p (virtio).
public struct GuestShare: Equatable, Sendable {
    /// The host folder.
    public var path: String
    /// The tag the guest mounts it by.
    public var tag: String
    /// Whether the guest may only read it.
    public var readOnly: Bool

    /// A share of `path` under `tag`.
    public init(path: String, tag: String, readOnly: Bool) {
        self.path = path
        self.tag = tag
        self.readOnly = readOnly
    }
}

/// The arguments of `qemu-system-x86_64` for one guest boot.
public struct QemuCommand: Equatable, Sendable {
    /// The program.
    public static let executable = "qemu-system-x86_64"

    public var accelerator: Accelerator
    public var kernel: String
    public var initramfs: String
    /// Where the guest's serial console is written.
    public var console: String
    public var shares: [GuestShare]
    /// The virtio-gpu output's size in pixels.
    public var outputWidth = 1280
    public var outputHeight = 800
    /// How many heads the virtio-gpu has (Virtual-1, Virtual-2, …), each of that size.
    public var outputs = 1
    /// Extra kernel command line words.
    public var kernelArguments: [String] = []
    public var memory = "512M"

    /// A boot of `kernel` and `initramfs` with these shares, console to `console`.
    public init(accelerator: Accelerator, kernel: String, initramfs: String, console: String, shares: [GuestShare]) {
        self.accelerator = accelerator
        self.kernel = kernel
        self.initramfs = initramfs
        self.console = console
        self.shares = shares
    }

    /// qemu reports only the first head connected when no display shows the others (`-display
    /// none`): the kernel's `video=CONNECTOR:MODEe` forces each further one on. (Its mode is not
    /// added to the head's list: the compositor's configuration picks one of virtio-gpu's.)
    var forcedOutputs: [String] {
        outputs > 1 ? (2...outputs).map { "video=Virtual-\($0):\(outputWidth)x\(outputHeight)e" } : []
    }

    /// The arguments (without the program); throws for a path qemu's option syntax cannot carry.
    public func arguments() throws -> [String] {
        for path in [kernel, initramfs, console] + shares.map(\.path) where path.contains(",") {
            throw KernelLaneError("qemu cannot take a path with a comma: \(path)")
        }
        let acceleration: [String] = switch accelerator {
        // One translation thread per vCPU; a 128 MiB translation cache keeps qemu near 400 MiB.
        case .tcg: ["-accel", "tcg,thread=multi,tb-size=128", "-cpu", "max"]
        case .kvm: ["-accel", "kvm", "-cpu", "host"]
        }
        var arguments = acceleration + [
            "-m", memory, "-smp", "1", "-nodefaults", "-no-user-config", "-no-reboot",
            "-display", "none", "-monitor", "none", "-serial", "file:" + console,
            "-device", "virtio-gpu-pci," + (outputs > 1 ? "max_outputs=\(outputs)," : "") + "xres=\(outputWidth),yres=\(outputHeight)",
            "-kernel", kernel, "-initrd", initramfs,
            "-append", (["console=ttyS0", "quiet", "panic=-1"] + forcedOutputs + kernelArguments).joined(separator: " "),
        ]
        for share in shares {
            arguments += ["-virtfs", "local,path=\(share.path),mount_tag=\(share.tag),security_model=none"
                          + (share.readOnly ? ",readonly=on" : "")]
        }
        return arguments
    }
}
