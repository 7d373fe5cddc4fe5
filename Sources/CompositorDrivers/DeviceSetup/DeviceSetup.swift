// MARK: - The machine below the compositor (kernel-lane-only scripts)

/// What a kernel-lane-only script sets up below the compositor: the machine's outputs, its
/// touchscreens with their axes and udev properties, and which output the compositor's own
/// configuration maps a touchscreen to. Data only: the kernel lane makes it real (qemu's
/// virtio-gpu heads, the compositor's configuration, a udev rule, uinput devices); a lane that
/// injects above the kernel has no devices to set up, and its cells say the script is the kernel
/// lane's only.
///
/// Touches in the script are where a finger touches the glass: the kernel lane sends each as the
/// device units a correct stack (libinput's calibration, the compositor's mapping onto the
/// touchscreen's output and that output's transform) turns back into that point, so a compositor
/// that does its part lands every touch where the script put it, and one that does not lands it
/// elsewhere (``TouchPlacement``).
public struct DeviceSetup: Hashable, Sendable, CustomStringConvertible {
    /// One output: a head of the guest's virtio-gpu, in connector order (Virtual-1, Virtual-2, …),
    /// each with the matrix's output size as its mode.
    public struct Output: Hashable, Sendable {
        /// Where it sits in the compositor's layout, logical px.
        public var x: Int
        public var y: Int
        /// Its wl_output transform in degrees (0, 90, 180, 270): the compositor shows its content
        /// turned that far counter-clockwise on the panel, and a touchscreen glued to the panel
        /// must turn with it.
        public var transform: Int

        /// An output at (x, y) with `transform`.
        public init(x: Int = 0, y: Int = 0, transform: Int = 0) {
            self.x = x
            self.y = y
            self.transform = transform
        }
    }

    /// One uinput touchscreen.
    public struct Touchscreen: Hashable, Sendable {
        /// The largest value of the position axes (the smallest is 0).
        public var maximumX: Int
        public var maximumY: Int
        /// Units per millimetre of each axis (0: not given).
        public var resolutionX: Int
        public var resolutionY: Int
        /// The output the compositor's own configuration maps it to (an index into `outputs`):
        /// sway's `map_to_output`, weston's `WL_OUTPUT` udev property; nil leaves it to the
        /// compositor's default. Its glass lies over that output, else over the first.
        public var mappedOutput: Int?
        /// `LIBINPUT_CALIBRATION_MATRIX`, the six numbers of libinput's affine map of the
        /// device's normalised coordinates, set by a udev rule before the device appears; nil: none.
        public var calibration: [Double]?
        /// The script's finger ids this device plays (nil: every finger no other touchscreen lists).
        public var fingers: [Int32]?
        /// The script's finger whose contact turns into a palm (ABS_MT_TOOL_TYPE = MT_TOOL_PALM)
        /// at its second frame and stays one until it lifts; nil: every contact is a finger.
        public var palmFinger: Int32?

        /// A touchscreen with axes 0…maximumX × 0…maximumY.
        public init(maximumX: Int = 4095, maximumY: Int = 4095, resolutionX: Int = 0, resolutionY: Int = 0,
                    mappedOutput: Int? = nil, calibration: [Double]? = nil, fingers: [Int32]? = nil,
                    palmFinger: Int32? = nil) {
            self.maximumX = maximumX
            self.maximumY = maximumY
            self.resolutionX = resolutionX
            self.resolutionY = resolutionY
            self.mappedOutput = mappedOutput
            self.calibration = calibration
            self.fingers = fingers
            self.palmFinger = palmFinger
        }

        /// The output its glass lies over.
        public var glassOutput: Int { mappedOutput ?? 0 }
    }

    /// Every output's mode, when not the run's output size: the guest's virtio-gpu offers its
    /// further heads only modes of its standard list (1024×768, 1280×1024, 1920×1080, …, not
    /// 1280×720 or 1280×800), so a setup of several outputs names one of those.
    public struct Mode: Hashable, Sendable {
        public var width: Int
        public var height: Int

        /// A mode of `width` × `height` pixels.
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// The outputs, in connector order; the first at 0,0.
    public var outputs: [Output]
    /// Their mode; nil: the run's output size.
    public var mode: Mode?
    /// The touchscreens, in the order they are created.
    public var touchscreens: [Touchscreen]
    /// The output our window is made fullscreen on, where the script's points are.
    public var windowOutput: Int

    /// A setup of `outputs` and `touchscreens`, our window on `windowOutput`.
    public init(outputs: [Output] = [Output()], mode: Mode? = nil, touchscreens: [Touchscreen] = [Touchscreen()],
                windowOutput: Int = 0) {
        self.outputs = outputs
        self.mode = mode
        self.touchscreens = touchscreens
        self.windowOutput = windowOutput
    }

    /// True when the compositor's own configuration must map a touchscreen to an output.
    public var mapsTouchToOutput: Bool { touchscreens.contains { $0.mappedOutput != nil } }

    /// True when an output is transformed.
    public var transformsOutput: Bool { outputs.contains { $0.transform != 0 } }

    /// The touchscreen that plays finger `id`: the one listing it, else the first that lists none.
    public func touchscreen(for id: Int32) -> Int {
        touchscreens.firstIndex { $0.fingers?.contains(id) == true } ?? touchscreens.firstIndex { $0.fingers == nil } ?? 0
    }

    /// One line for reports: "2 outputs (the second at 1280,0), touchscreen mapped to output 2".
    public var description: String {
        var parts: [String] = []
        if let mode { parts.append("outputs \(mode.width)×\(mode.height)") }
        if outputs.count > 1 {
            let placed = outputs.enumerated().dropFirst().map { "output \($0.offset + 1) at \($0.element.x),\($0.element.y)" }
            parts.append("\(outputs.count) outputs (" + placed.joined(separator: ", ") + ")")
        }
        for (index, output) in outputs.enumerated() where output.transform != 0 {
            parts.append("output \(index + 1) transformed \(output.transform)°")
        }
        for (index, screen) in touchscreens.enumerated() {
            let name = touchscreens.count > 1 ? "touchscreen \(index + 1)" : "touchscreen"
            var facts: [String] = []
            if screen.maximumX != 4095 || screen.maximumY != 4095 { facts.append("axes 0…\(screen.maximumX) × 0…\(screen.maximumY)") }
            if screen.resolutionX != 0 || screen.resolutionY != 0 { facts.append("\(screen.resolutionX)×\(screen.resolutionY) units/mm") }
            if let output = screen.mappedOutput { facts.append("mapped to output \(output + 1)") }
            if let matrix = screen.calibration {
                facts.append("LIBINPUT_CALIBRATION_MATRIX=\"" + matrix.map(Self.number).joined(separator: " ") + "\"")
            }
            if let fingers = screen.fingers { facts.append("fingers " + fingers.map(String.init).joined(separator: ",")) }
            if let palm = screen.palmFinger { facts.append("finger \(palm) turns into a palm") }
            if !facts.isEmpty { parts.append(name + " " + facts.joined(separator: ", ")) }
        }
        if windowOutput != 0 { parts.append("window on output \(windowOutput + 1)") }
        return parts.isEmpty ? "one output, one touchscreen" : parts.joined(separator: "; ")
    }

    /// A number as udev and reports write it: `0.5`, `1`, `-1`.
    public static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
