import CompositorDrivers
import KernelLane
import Foundation
import Testing
import TestSupport
import TouchStream

/// A device setup (kernel-lane-only scripts) as units, files and a qemu command line: no guest.
@Suite struct DeviceSetupTests {
    static let twoOutputs = DeviceSetup(outputs: [.init(), .init(x: 1024, y: 0)], mode: .init(width: 1024, height: 768),
                                        touchscreens: [.init(mappedOutput: 1)], windowOutput: 1)

    @Test func aFingerOnTheGlassGoesOutAsUnitsACorrectStackLandsBackThere() {
        let setups: [(DeviceSetup, Int, Int)] = [
            (Self.twoOutputs, 1024, 768),
            (DeviceSetup(touchscreens: [.init(calibration: [-1, 0, 1, 0, 1, 0])]), 1280, 720),
            (DeviceSetup(touchscreens: [.init(maximumX: 4095, maximumY: 3071)]), 1280, 720),
            (DeviceSetup(outputs: [.init(transform: 90)]), 1280, 720),
            (DeviceSetup(outputs: [.init(transform: 270)]), 1280, 720),
            (DeviceSetup(outputs: [.init(transform: 180)]), 1280, 720),
        ]
        for (setup, width, height) in setups {
            let placement = TouchPlacement(setup: setup, modeWidth: width, modeHeight: height)
            let origin = placement.origin(of: setup.windowOutput)
            let size = placement.logicalSize(of: setup.windowOutput)
            for (x, y) in [(200.0, 150.0), (Double(size.width) - 10, Double(size.height) - 20), (5, 7)] {
                let landing = placement.landing(x: origin.x + x, y: origin.y + y, screen: 0)
                #expect(abs(landing.x - origin.x - x) <= placement.unitSize(screen: 0), "\(setup): \(x),\(y) → \(landing)")
                #expect(abs(landing.y - origin.y - y) <= placement.unitSize(screen: 0), "\(setup): \(x),\(y) → \(landing)")
            }
        }
        // The mirror matrix sends the left edge as the device's right end; the 90° output's top left
        // is the panel's bottom left (the content turned counter-clockwise, wl_output's transform 90).
        let mirrored = TouchPlacement(setup: DeviceSetup(touchscreens: [.init(calibration: [-1, 0, 1, 0, 1, 0])]),
                                      modeWidth: 1280, modeHeight: 720)
        #expect(mirrored.units(x: 0, y: 0, screen: 0) == (4095, 0))
        let turned = TouchPlacement(setup: DeviceSetup(outputs: [.init(transform: 90)]), modeWidth: 1280, modeHeight: 720)
        #expect(turned.logicalSize(of: 0) == (720, 1280))
        #expect(turned.units(x: 0, y: 0, screen: 0) == (0, 4095))
        #expect(turned.units(x: 720, y: 1280, screen: 0) == (4095, 0))
    }

    @Test func theFilesNameEachCompositorsOwnSettings() {
        let sway = GuestSetupFiles(setup: Self.twoOutputs, compositor: .sway, modeWidth: 1024, modeHeight: 768)
        #expect(sway.swayConfiguration.hasPrefix(GuestCompositor.swayConfiguration))
        #expect(sway.swayConfiguration.hasSuffix("""
            output Virtual-1 mode 1024x768 scale 1 position 0 0
            output Virtual-2 mode 1024x768 scale 1 position 1024 0
            input "7531:260:GestureSandbox_touchscreen" map_to_output Virtual-2
            workspace 1 output Virtual-2
            assign [app_id=".*"] workspace 1

            """))
        // sway maps by its own setting: no WL_OUTPUT, which wlroots would read too.
        #expect(sway.udevRules == "")
        let weston = GuestSetupFiles(setup: Self.twoOutputs, compositor: .weston, modeWidth: 1024, modeHeight: 768)
        #expect(weston.udevRules == """
            SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="GestureSandbox touchscreen", ENV{WL_OUTPUT}="Virtual-2"

            """)
        #expect(weston.westonConfiguration == """
            [output]
            name=Virtual-1
            mode=1024x768

            [output]
            name=Virtual-2
            mode=1024x768
            app-ids=gesture-sandbox

            """)
        let calibrated = GuestSetupFiles(setup: DeviceSetup(outputs: [.init(transform: 90)], touchscreens: [
            .init(maximumY: 3071, resolutionX: 16, resolutionY: 16, calibration: [-1, 0, 1, 0, 1, 0], palmFinger: 0),
            .init(fingers: [1]),
        ]), compositor: .cage, modeWidth: 1280, modeHeight: 720)
        #expect(calibrated.udevRules == """
            SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="GestureSandbox touchscreen", ENV{LIBINPUT_CALIBRATION_MATRIX}="-1 0 1 0 1 0"

            """)
        #expect(calibrated.touchscreens == "GestureSandbox touchscreen\t4095 3071 16 16 1\nGestureSandbox touchscreen 2\t4095 4095 0 0 0\n")
        #expect(calibrated.cageArguments == ["-r"])
        // sway and phoc turn clockwise and announce the inverse (measured): wl_output's 90 is their 270.
        let turned = DeviceSetup(outputs: [.init(transform: 90)])
        #expect(GuestSetupFiles(setup: turned, compositor: .sway, modeWidth: 1280, modeHeight: 720).swayConfiguration
            .contains("output Virtual-1 mode 1280x720 scale 1 position 0 0 transform 270\n"))
        #expect(GuestSetupFiles(setup: turned, compositor: .phoc, modeWidth: 1280, modeHeight: 720).phocConfiguration
            .hasSuffix("[output:Virtual-1]\nmode=1280x720\nscale=1\nx=0\ny=0\nrotate=270\n"))
        #expect(GuestSetupFiles(setup: turned, compositor: .weston, modeWidth: 1280, modeHeight: 720).westonConfiguration
            .contains("transform=rotate-90\n"))
        #expect(GuestSetupFiles.refusal(of: Self.twoOutputs, by: .cage) == "cage 0.1.4 has no setting mapping a touchscreen or a window to an output")
        #expect(GuestSetupFiles.refusal(of: Self.twoOutputs, by: .sway) == nil)
    }

    @Test func qemuGetsAHeadPerOutputAndTheKernelForcesTheFurtherOnesOn() throws {
        var command = QemuCommand(accelerator: .tcg, kernel: "/g/vmlinuz", initramfs: "/g/initrd.gz", console: "/t/console.log", shares: [])
        command.outputs = 2
        command.outputWidth = 1024
        command.outputHeight = 768
        let arguments = try command.arguments()
        #expect(arguments.contains("virtio-gpu-pci,max_outputs=2,xres=1024,yres=768"))
        #expect(arguments[try #require(arguments.firstIndex(of: "-append")) + 1] == "console=ttyS0 quiet panic=-1 video=Virtual-2:1024x768e")
    }

    @Test func guestRunRefusesASetupTheCompositorHasNoSettingForBeforeAnyBoot() throws {
        let folder = NSTemporaryDirectory() + "devices-refused-\(getpid())"
        let refused = try sandbox(["guest", "run", "--compositor", "cage", "--devices", "map-to-output", "-o", folder,
                                   "down 0 1 1; frame; up 0; frame"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "gesture-sandbox: cage 0.1.4 has no setting mapping a touchscreen or a window to an output\n")
        #expect(!FileManager.default.fileExists(atPath: folder))
        let unknown = try sandbox(["guest", "run", "--compositor", "sway", "--devices", "tap", "-o", folder, "down 0 1 1; frame"])
        #expect(unknown.status != 0 && unknown.stderr.contains("--devices takes a kernel-lane-only battery script: map-to-output, "
                                                              + "calibration-matrix, aspect-mismatch, rotated-output, palm, two-touchscreens"))
    }

    @Test func eachFingerGoesToItsTouchscreenAndThePalmTurnsAsItMoves() throws {
        let setup = DeviceSetup(touchscreens: [.init(palmFinger: 0), .init(fingers: [1])])
        let placement = TouchPlacement(setup: setup, modeWidth: 1280, modeHeight: 720)
        let items = try CompactTrace.parse("down 0 640 360; down 1 320 180; frame; motion 0 641 360; frame; up 0; up 1; frame", name: "t")
        let lines = try SetupScript.events(for: items, placement: placement, slots: 10, name: "t").map(\.line)
        #expect(lines == [
            "device 0", "EV_ABS ABS_MT_SLOT 0", "EV_ABS ABS_MT_TRACKING_ID 1", "EV_ABS ABS_MT_TOOL_TYPE 0",
            "EV_ABS ABS_MT_POSITION_X 2048", "EV_ABS ABS_MT_POSITION_Y 2048", "EV_ABS ABS_X 2048", "EV_ABS ABS_Y 2048",
            "device 1", "EV_ABS ABS_MT_SLOT 0", "EV_ABS ABS_MT_TRACKING_ID 2",
            "EV_ABS ABS_MT_POSITION_X 1024", "EV_ABS ABS_MT_POSITION_Y 1024", "EV_ABS ABS_X 1024", "EV_ABS ABS_Y 1024",
            "device 0", "EV_KEY BTN_TOUCH 1", "EV_SYN SYN_REPORT 0", "device 1", "EV_KEY BTN_TOUCH 1", "EV_SYN SYN_REPORT 0",
            "wait 8",
            "device 0", "EV_ABS ABS_MT_TOOL_TYPE 2", "EV_ABS ABS_MT_POSITION_X 2051", "EV_ABS ABS_MT_POSITION_Y 2048",
            "EV_ABS ABS_X 2051", "EV_ABS ABS_Y 2048", "EV_SYN SYN_REPORT 0",
            "wait 8",
            "EV_ABS ABS_MT_TRACKING_ID -1", "device 1", "EV_ABS ABS_MT_TRACKING_ID -1",
            "device 0", "EV_KEY BTN_TOUCH 0", "EV_SYN SYN_REPORT 0", "device 1", "EV_KEY BTN_TOUCH 0", "EV_SYN SYN_REPORT 0",
        ])
    }
}
