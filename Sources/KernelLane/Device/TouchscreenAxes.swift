// MARK: - The touchscreen's coordinate space

/// The absolute axes our uinput touchscreen declares, and how output pixels map onto them.
///
/// libinput stretches each axis of a direct-touch device independently onto the whole output:
/// a value v of an axis min...max lands at (v - min) × size / (max - min + 1) output pixels
/// (libinput's `absinfo_range` counts both ends). So a pixel position is sent as the nearest
/// device unit, and what the compositor sees is that unit mapped back: the device's resolution,
/// not the script, decides the last digits.
public struct TouchscreenAxes: Equatable, Sendable {
    /// The smallest value of each position axis.
    public var minimum: Int
    /// The largest value of the x axis.
    public var maximumX: Int
    /// The largest value of the y axis.
    public var maximumY: Int
    /// The output the device is mapped onto, in pixels.
    public var outputWidth: Int
    /// The output's height in pixels.
    public var outputHeight: Int
    /// How many multitouch slots the device has.
    public var slots: Int

    /// The default device: 0...4095 on both axes, 10 slots, over a 1280×800 output.
    public static let standard = TouchscreenAxes(minimum: 0, maximumX: 4095, maximumY: 4095,
                                                 outputWidth: 1280, outputHeight: 800, slots: 10)

    /// A device with these ranges over an output of this size.
    public init(minimum: Int, maximumX: Int, maximumY: Int, outputWidth: Int, outputHeight: Int, slots: Int) {
        self.minimum = minimum
        self.maximumX = maximumX
        self.maximumY = maximumY
        self.outputWidth = outputWidth
        self.outputHeight = outputHeight
        self.slots = slots
    }

    /// The device unit nearest to output pixel `x` (clamped to the axis).
    public func unitX(_ x: Double) -> Int { Self.unit(x, size: outputWidth, minimum: minimum, maximum: maximumX) }
    /// The device unit nearest to output pixel `y` (clamped to the axis).
    public func unitY(_ y: Double) -> Int { Self.unit(y, size: outputHeight, minimum: minimum, maximum: maximumY) }

    /// Where libinput puts x unit `unit` on the output, in pixels.
    public func pixelX(unit: Int) -> Double { Self.pixel(unit, size: outputWidth, minimum: minimum, maximum: maximumX) }
    /// Where libinput puts y unit `unit` on the output, in pixels.
    public func pixelY(unit: Int) -> Double { Self.pixel(unit, size: outputHeight, minimum: minimum, maximum: maximumY) }

    /// Where a touch at output pixel (x, y) arrives once it went through the device.
    public func landing(x: Double, y: Double) -> (x: Double, y: Double) {
        (pixelX(unit: unitX(x)), pixelY(unit: unitY(y)))
    }

    private static func unit(_ pixel: Double, size: Int, minimum: Int, maximum: Int) -> Int {
        let range = Double(maximum - minimum + 1)
        let scaled = (pixel * range / Double(size)).rounded() + Double(minimum)
        return Int(min(max(scaled, Double(minimum)), Double(maximum)))
    }

    private static func pixel(_ unit: Int, size: Int, minimum: Int, maximum: Int) -> Double {
        Double(unit - minimum) * Double(size) / Double(maximum - minimum + 1)
    }
}
