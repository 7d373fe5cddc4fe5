import CompositorDrivers

// MARK: - Scripts only the kernel lane can run (docs/battery.md, "Kernel-lane-only scripts")

/// The battery's scripts whose point is the machine below the compositor: several outputs, a
/// transformed output, a calibration matrix, a touchscreen of another aspect, a palm, two
/// touchscreens. Each is a touch script (where fingers touch the glass of our window's output,
/// window-relative as every script) with a ``DeviceSetup``; the kernel lane makes the setup real
/// and sends each point as the units a correct stack lands there, so a compositor that maps the
/// device as configured receives the script's points (M21 when it does not). Columns that inject
/// above the kernel have no devices: their cells say the script is the kernel lane's only.
enum KernelLaneScripts {
    /// Name, summary, setup and text of each, in report order.
    static let entries: [(name: String, summary: String, setup: DeviceSetup, text: String)] = [
        ("map-to-output", "two outputs; the touchscreen and our window mapped to the second (at 1024,0) by the compositor's configuration",
         DeviceSetup(outputs: [.init(), .init(x: 1024, y: 0)], mode: .init(width: 1024, height: 768),
                     touchscreens: [.init(mappedOutput: 1)], windowOutput: 1), """
            down 0 200 150; frame; sleep 60; up 0; frame; sleep 200
            down 0 300 300; frame; sleep 16
            \(steps(6) { "motion 0 \(300 + 50 * $0) \(300 + 25 * $0)" })
            up 0; frame; sleep 200
            down 0 900 650; frame; sleep 60; up 0; frame
            """),
        ("calibration-matrix", "a LIBINPUT_CALIBRATION_MATRIX udev property mirroring the panel's x axis (it is mounted mirrored)",
         DeviceSetup(touchscreens: [.init(calibration: [-1, 0, 1, 0, 1, 0])]), """
            down 0 200 150; frame; sleep 60; up 0; frame; sleep 200
            down 0 300 300; frame; sleep 16
            \(steps(6) { "motion 0 \(300 + 50 * $0) \(300 + 25 * $0)" })
            up 0; frame; sleep 200
            down 0 1100 650; frame; sleep 60; up 0; frame
            """),
        ("aspect-mismatch", "a 4:3 touchscreen (0…4095 × 0…3071 at 16 units/mm) over the 16:9 output",
         DeviceSetup(touchscreens: [.init(maximumX: 4095, maximumY: 3071, resolutionX: 16, resolutionY: 16)]), """
            down 0 200 150; frame; sleep 60; up 0; frame; sleep 200
            down 0 1100 650; frame; sleep 60; up 0; frame; sleep 200
            down 0 640 360; down 1 900 100; frame; sleep 60; up 0; up 1; frame
            """),
        ("rotated-output", "the output turned 90° (its transform) with the touchscreen glued to its panel: touch must turn with it",
         DeviceSetup(outputs: [.init(transform: 90)]), """
            down 0 100 150; frame; sleep 60; up 0; frame; sleep 200
            down 0 200 300; frame; sleep 16
            \(steps(6) { "motion 0 \(200 + 40 * $0) \(300 + 90 * $0)" })
            up 0; frame; sleep 200
            down 0 600 1100; frame; sleep 60; up 0; frame
            """),
        ("palm", "a finger lands, turns into a palm (ABS_MT_TOOL_TYPE MT_TOOL_PALM) as it moves, and lifts; then a tap",
         DeviceSetup(touchscreens: [.init(palmFinger: 0)]), """
            down 0 300 300; frame; sleep 30
            \(steps(6) { "motion 0 \(300 + 20 * $0) \(300 + 10 * $0)" })
            up 0; frame; sleep 300
            down 1 600 300; frame; sleep 60; up 1; frame
            """),
        ("two-touchscreens", "two touchscreens over one output, a finger on each landing and lifting together",
         DeviceSetup(touchscreens: [.init(fingers: [0]), .init(fingers: [1])]), """
            down 0 300 300; down 1 700 400; frame; sleep 16
            \(steps(4) { "motion 0 \(300 + 20 * $0) 300; motion 1 \(700 - 20 * $0) 400" })
            up 0; up 1; frame
            """),
    ]

    private static func steps(_ count: Int, _ line: (Int) -> String) -> String {
        (1...count).map { line($0) + "; frame; sleep 16" }.joined(separator: "\n")
    }
}
