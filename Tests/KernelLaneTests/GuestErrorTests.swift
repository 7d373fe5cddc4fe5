import KernelLane
import Testing

/// The one-line errors of the lane, and the qemu command line.
@Suite struct GuestErrorTests {
    @Test func errorsAreOneLineAndSayWhatToDo() {
        #expect(KernelLaneError.qemuMissing.description == "qemu-system-x86_64 not found: install the Debian package qemu-system-x86")
        #expect(KernelLaneError.qemuMissing.status == 2)
        #expect(KernelLaneError.notBuilt("/c/guest").description
                == "no guest built in /c/guest: run `gesture-sandbox guest build` first")
        #expect(KernelLaneError.didNotBoot(within: 60, console: "SeaBIOS\n\nBooting from ROM..\n").description
                == "the guest did not boot within 60 s; console: SeaBIOS | Booting from ROM..")
        #expect(KernelLaneError.compositorDidNotStart("sway", log: "00:00:00.001 [ERROR] x\n  y  \n").description
                == "sway did not start in the guest; its log: 00:00:00.001 [ERROR] x | y")
        #expect(KernelLaneError.oneLine("") == "(empty)")
        #expect(KernelLaneError.oneLine(String(repeating: "a", count: 500) + "END", limit: 10) == "aaaaaaaEND")
    }

    @Test func qemuRunsTCGWithTheSharesAndTheOutputSize() throws {
        let command = QemuCommand(accelerator: .tcg, kernel: "/g/vmlinuz", initramfs: "/g/initrd.gz", console: "/t/console.log",
                                  shares: [GuestShare(path: "/g/root", tag: "root", readOnly: true),
                                           GuestShare(path: "/t/job", tag: "job", readOnly: false)])
        let arguments = try command.arguments()
        #expect(arguments.starts(with: ["-accel", "tcg,thread=multi,tb-size=128", "-cpu", "max", "-m", "512M", "-smp", "1"]))
        #expect(arguments.contains("virtio-gpu-pci,xres=1280,yres=800"))
        #expect(arguments.contains("local,path=/g/root,mount_tag=root,security_model=none,readonly=on"))
        #expect(arguments.contains("local,path=/t/job,mount_tag=job,security_model=none"))
        #expect(arguments.contains("file:/t/console.log"))
        #expect(arguments.contains("-no-reboot"))
        var bad = command
        bad.console = "/t/a,b"
        #expect(throws: KernelLaneError("qemu cannot take a path with a comma: /t/a,b")) { try bad.arguments() }
    }
}

/// What the accelerator probe says about the host's KVM.
@Suite struct AcceleratorNoteTests {
    @Test func aPagetableKVMWithoutHardwareModulesIsNamed() {
        #expect(AcceleratorProbe.kvmNote(modules: ["kvm", "kvm_pvm", "virtio"])
                == "this host's KVM is kvm_pvm (Pagetable-based VM), which runs only guest kernels built for PVM")
        #expect(AcceleratorProbe.kvmNote(modules: ["kvm", "kvm_intel"]) == nil)
        #expect(AcceleratorProbe.kvmNote(modules: ["kvm", "kvm_pvm", "kvm_amd"]) == nil)
    }
}

/// The guest's step lines on its console.
@Suite struct GuestStepTests {
    @Test func stepsAreReadWithTheirTimesAndOtherLinesSkipped() {
        let console = """
            gesture-guest: userspace at 4.71
            [    5.1] random kernel line
            gesture-guest: status ok at 12.50
            gesture-guest: failed: insmod x
            """
        let steps = GuestJobInit.steps(console: console)
        #expect(steps.map(\.step) == ["userspace", "status ok"])
        #expect(steps.map(\.seconds) == [4.71, 12.5])
    }
}
