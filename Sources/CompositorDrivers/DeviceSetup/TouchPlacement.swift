// MARK: - Where a finger on the glass is in device units, and back

/// The arithmetic of a touchscreen in a ``DeviceSetup``: the device units a finger at a point of
/// the glass makes, and where a correct stack puts those units again.
///
/// Forwards, as libinput and a compositor do it: a unit u of an axis 0…max is the fraction
/// u / (max + 1) of the device (libinput counts both ends of the range); the calibration matrix
/// maps those fractions (x' = a·x + b·y + c, y' = d·x + e·y + f); the fractions stretch over the
/// touchscreen's output panel as its mode lies (its native width × height, whatever the
/// transform); the output's transform turns panel pixels into the output's logical pixels; the
/// output's position adds its origin. Backwards is the inverse of each step, rounded to the
/// nearest unit.
public struct TouchPlacement: Sendable {
    public let setup: DeviceSetup
    /// Every output's mode (native pixels, before its transform).
    public let modeWidth: Int
    public let modeHeight: Int

    /// The placement of `setup` with every output's mode `modeWidth` × `modeHeight`.
    public init(setup: DeviceSetup, modeWidth: Int, modeHeight: Int) {
        self.setup = setup
        self.modeWidth = modeWidth
        self.modeHeight = modeHeight
    }

    /// An output's logical size: its mode, turned by a transform of 90 or 270.
    public func logicalSize(of output: Int) -> (width: Int, height: Int) {
        let turned = [90, 270].contains(setup.outputs[output].transform)
        return turned ? (modeHeight, modeWidth) : (modeWidth, modeHeight)
    }

    /// The origin of `output` in the layout.
    public func origin(of output: Int) -> (x: Double, y: Double) {
        (Double(setup.outputs[output].x), Double(setup.outputs[output].y))
    }

    /// The units touchscreen `screen` sends for a finger at global logical (x, y), clamped to its axes.
    public func units(x: Double, y: Double, screen: Int) -> (x: Int, y: Int) {
        let device = setup.touchscreens[screen]
        let output = device.glassOutput
        let origin = origin(of: output)
        let panel = toPanel(x - origin.x, y - origin.y, output: output)
        var fraction = (x: panel.x / Double(modeWidth), y: panel.y / Double(modeHeight))
        if let matrix = device.calibration, let inverse = Self.inverse(matrix) { fraction = Self.apply(inverse, fraction) }
        func unit(_ value: Double, _ maximum: Int) -> Int { min(max(Int((value * Double(maximum + 1)).rounded()), 0), maximum) }
        return (unit(fraction.x, device.maximumX), unit(fraction.y, device.maximumY))
    }

    /// Where a correct stack puts units (x, y) of touchscreen `screen`, in global logical px.
    public func landing(units: (x: Int, y: Int), screen: Int) -> (x: Double, y: Double) {
        let device = setup.touchscreens[screen]
        var fraction = (x: Double(units.x) / Double(device.maximumX + 1), y: Double(units.y) / Double(device.maximumY + 1))
        if let matrix = device.calibration { fraction = Self.apply(matrix, fraction) }
        let output = device.glassOutput
        let logical = toLogical(fraction.x * Double(modeWidth), fraction.y * Double(modeHeight), output: output)
        let origin = origin(of: output)
        return (logical.x + origin.x, logical.y + origin.y)
    }

    /// Where a finger at global (x, y) lands once it went through touchscreen `screen`'s units.
    public func landing(x: Double, y: Double, screen: Int) -> (x: Double, y: Double) {
        landing(units: units(x: x, y: y, screen: screen), screen: screen)
    }

    /// How far apart, in logical px, two neighbouring units of `screen` land at most: the
    /// tolerance of a landing.
    public func unitSize(screen: Int) -> Double {
        let device = setup.touchscreens[screen]
        let scale = device.calibration.map { max(abs($0[0]) + abs($0[1]), abs($0[3]) + abs($0[4])) } ?? 1
        return scale * max(Double(modeWidth) / Double(device.maximumX + 1), Double(modeHeight) / Double(device.maximumY + 1),
                           Double(modeWidth) / Double(device.maximumY + 1), Double(modeHeight) / Double(device.maximumX + 1))
    }

    /// Output logical (x, y) to panel pixels: where the compositor shows it on the mode.
    private func toPanel(_ x: Double, _ y: Double, output: Int) -> (x: Double, y: Double) {
        let w = Double(modeWidth), h = Double(modeHeight)
        switch setup.outputs[output].transform {
        case 90: return (y, h - x)
        case 180: return (w - x, h - y)
        case 270: return (w - y, x)
        default: return (x, y)
        }
    }

    /// Panel pixels to the output's logical (x, y): the inverse of `toPanel`.
    private func toLogical(_ x: Double, _ y: Double, output: Int) -> (x: Double, y: Double) {
        let w = Double(modeWidth), h = Double(modeHeight)
        switch setup.outputs[output].transform {
        case 90: return (h - y, x)
        case 180: return (w - x, h - y)
        case 270: return (y, w - x)
        default: return (x, y)
        }
    }

    static func apply(_ m: [Double], _ p: (x: Double, y: Double)) -> (x: Double, y: Double) {
        (m[0] * p.x + m[1] * p.y + m[2], m[3] * p.x + m[4] * p.y + m[5])
    }

    /// The inverse affine map of a calibration matrix; nil when it is singular.
    static func inverse(_ m: [Double]) -> [Double]? {
        let determinant = m[0] * m[4] - m[1] * m[3]
        guard m.count == 6, determinant != 0 else { return nil }
        let a = m[4] / determinant, b = -m[1] / determinant, d = -m[3] / determinant, e = m[0] / determinant
        return [a, b, -(a * m[2] + b * m[5]), d, e, -(d * m[2] + e * m[5])]
    }
}
