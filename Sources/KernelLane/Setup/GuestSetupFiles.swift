import CompositorDrivers

// MARK: - A device setup made real in the guest

/// What makes a ``DeviceSetup`` real in the guest for one compositor: qemu's virtio-gpu heads, the
/// touchscreens the device program creates, a udev rule (written into the guest's rules folder
/// before udevd starts) and the compositor's own configuration for positions, transforms and the
/// touchscreen's output. Every setting is the compositor's documented one; a setup a compositor has
/// no setting for is refused with the reason (``refusal(of:by:)``), and its matrix cell says it.
public struct GuestSetupFiles: Sendable {
    public let setup: DeviceSetup
    public let compositor: GuestCompositor
    /// Every output's mode. The first head takes it from qemu; the others, forced on, offer
    /// virtio-gpu's whole list (5120×2160 preferred, which wlroots fails to scan out): each
    /// configuration names the mode.
    public let modeWidth: Int
    public let modeHeight: Int

    /// The files of `setup` under `compositor`, every output `modeWidth` × `modeHeight`.
    public init(setup: DeviceSetup, compositor: GuestCompositor, modeWidth: Int, modeHeight: Int) {
        self.setup = setup
        self.compositor = compositor
        self.modeWidth = modeWidth
        self.modeHeight = modeHeight
    }

    private var mode: String { "\(modeWidth)x\(modeHeight)" }

    /// The DRM connector of output `index` of the guest's virtio-gpu: Virtual-1, Virtual-2, …
    public static func connector(_ index: Int) -> String { "Virtual-\(index + 1)" }

    /// The name of touchscreen `index`: the lane's usual name for the first, numbered after it.
    public static func touchscreenName(_ index: Int) -> String {
        index == 0 ? TouchscreenProgram.deviceName : "\(TouchscreenProgram.deviceName) \(index + 1)"
    }

    /// Why `compositor` cannot map a touchscreen and our window onto one of several outputs (the
    /// setting it has not), nil when it can: sway's `map_to_output` and workspace assignment,
    /// weston's WL_OUTPUT udev property and kiosk-shell's `app-ids`.
    public static func outputMappingRefusal(by compositor: GuestCompositor) -> String? {
        switch compositor {
        case .cage: "cage 0.1.4 has no setting mapping a touchscreen or a window to an output"
        case .phoc: "phoc 0.24 has no setting mapping a touchscreen or a window to an output"
        case .wayfire: wayfireOutputRefusal
        case .sway, .weston: nil
        }
    }

    /// Wayfire's output sections are not written by the lane yet: under TCG each of its runs takes over a minute,
    /// and its outputs' transforms and its touchscreens' output mapping have not been measured in the guest.
    static let wayfireOutputRefusal = "the kernel lane does not set Wayfire 0.7.4's outputs (positions, transforms, "
        + "a touchscreen's output) yet"

    /// Why `compositor` cannot give `setup`, nil when it can. (weston 10 has no position setting:
    /// it puts outputs left to right in connector order, where the setups put them.)
    public static func refusal(of setup: DeviceSetup, by compositor: GuestCompositor) -> String? {
        if setup.outputs.count > 1 || setup.mapsTouchToOutput, let refusal = outputMappingRefusal(by: compositor) { return refusal }
        if setup.transformsOutput, compositor == .wayfire { return wayfireOutputRefusal }
        return nil
    }

    /// `touchscreens.txt` for the device program: NAME, a tab, then MAX_X MAX_Y RES_X RES_Y TOOL_TYPE.
    public var touchscreens: String {
        setup.touchscreens.enumerated().map { index, screen in
            Self.touchscreenName(index) + "\t" + [screen.maximumX, screen.maximumY, screen.resolutionX, screen.resolutionY,
                                                  screen.palmFinger == nil ? 0 : 1].map(String.init).joined(separator: " ") + "\n"
        }.joined()
    }

    /// The udev rule: each touchscreen's LIBINPUT_CALIBRATION_MATRIX, and under weston the
    /// WL_OUTPUT property that is weston's way to map a touchscreen to an output. Empty when none.
    public var udevRules: String {
        setup.touchscreens.enumerated().compactMap { index, screen -> String? in
            var assignments: [String] = []
            if let matrix = screen.calibration {
                assignments.append("ENV{LIBINPUT_CALIBRATION_MATRIX}=\"" + matrix.map(DeviceSetup.number).joined(separator: " ") + "\"")
            }
            if compositor == .weston, let output = screen.mappedOutput {
                assignments.append("ENV{WL_OUTPUT}=\"\(Self.connector(output))\"")
            }
            guard !assignments.isEmpty else { return nil }
            return "SUBSYSTEM==\"input\", KERNEL==\"event*\", ATTRS{name}==\"\(Self.touchscreenName(index))\", "
                + assignments.joined(separator: ", ") + "\n"
        }.joined()
    }

    /// sway's configuration: the lane's usual one, each output's position and transform, the
    /// touchscreens' `map_to_output`, and our window's workspace on its output. sway turns an
    /// output clockwise by its `transform` and announces the inverse: `transform 90` is
    /// wl_output's 270 (measured), so the setup's transform is written inverted.
    public var swayConfiguration: String {
        var lines = [GuestCompositor.swayConfiguration.trimmingCharacters(in: .newlines)]
        for (index, output) in setup.outputs.enumerated() {
            lines.append("output \(Self.connector(index)) mode \(mode) scale 1 position \(output.x) \(output.y)"
                + (output.transform == 0 ? "" : " transform \((360 - output.transform) % 360)"))
        }
        for (index, screen) in setup.touchscreens.enumerated() {
            guard let output = screen.mappedOutput else { continue }
            // sway names an input vendor:product:name, in decimal, spaces as underscores.
            let identifier = "7531:260:" + Self.touchscreenName(index).replacingOccurrences(of: " ", with: "_")
            lines.append("input \"\(identifier)\" map_to_output \(Self.connector(output))")
        }
        if setup.windowOutput != 0 {
            lines.append("workspace 1 output \(Self.connector(setup.windowOutput))")
            lines.append("assign [app_id=\".*\"] workspace 1")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// weston.ini: each output's transform, and our window's output (kiosk-shell's `app-ids`).
    /// weston 10 places outputs left to right itself: a setup must put them there.
    public var westonConfiguration: String {
        setup.outputs.enumerated().map { index, output in
            var lines = ["[output]", "name=\(Self.connector(index))", "mode=\(mode)"]
            if output.transform != 0 { lines.append("transform=rotate-\(output.transform)") }
            if index == setup.windowOutput && setup.outputs.count > 1 { lines.append("app-ids=gesture-sandbox") }
            return lines.joined(separator: "\n") + "\n"
        }.joined(separator: "\n")
    }

    /// phoc.ini: the lane's usual one and each output's position and rotation. phoc's `rotate`
    /// is clockwise and announced inverted, as sway's `transform` (`rotate=90` is wl_output's 270,
    /// measured): written inverted.
    public var phocConfiguration: String {
        GuestCompositor.phocConfiguration + setup.outputs.enumerated().map { index, output in
            "\n[output:\(Self.connector(index))]\nmode=\(mode)\nscale=1\nx=\(output.x)\ny=\(output.y)\n" + (output.transform == 0 ? "" : "rotate=\((360 - output.transform) % 360)\n")
        }.joined()
    }

    /// cage's options: `-r` turns its output 90° a time.
    public var cageArguments: [String] {
        Array(repeating: "-r", count: (setup.outputs.first?.transform ?? 0) / 90)
    }
}
