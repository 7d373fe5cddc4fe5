// Render's API takes and gives PNGCodec's types (`RGBAImage(target)`, `PNGFile.write(target)`), so
// a module that imports Render sees them, as when they lived here.
@_exported import PNGCodec
import TouchKit

// MARK: - Rendered pixels as straight-alpha images

extension RGBAImage {
    /// Converts `region` (default: all) of a premultiplied buffer to straight RGBA.
    public init(_ target: PixelTarget, region: PixelRect? = nil) {
        let area = (region ?? target.bounds).intersection(target.bounds)
        var out = [UInt8](repeating: 0, count: area.width * area.height * 4)
        let opaque = target.format == .xrgb8888
        for row in 0..<area.height {
            for column in 0..<area.width {
                let word = target.pixel(x: area.x + column, y: area.y + row)
                let a = opaque ? 255 : Int(word >> 24)
                func straight(_ shift: UInt32) -> UInt8 {
                    let c = Int((word >> shift) & 0xff)
                    return a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a))
                }
                let i = (row * area.width + column) * 4
                out[i] = straight(16); out[i + 1] = straight(8); out[i + 2] = straight(0); out[i + 3] = UInt8(a)
            }
        }
        self.init(width: area.width, height: area.height, bytes: out)
    }

    /// How many pixels of `area` are `color` within `tolerance` (0–255) in each of red, green and
    /// blue: how much of a picture shows one colour, with the edges of glyphs blended in.
    public func count(of color: Color, within tolerance: Int, in area: PixelRect) -> Int {
        let wanted = [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }
        var count = 0
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                let i = (y * width + x) * 4
                if (0..<3).allSatisfy({ abs(Int(bytes[i + $0]) - wanted[$0]) <= tolerance }) { count += 1 }
            }
        }
        return count
    }
}

// MARK: - Rendered pixels as PNG files

extension PNGFile {
    /// Writes `region` (default: all) of a buffer to `path`, via a temporary file renamed into place.
    public static func write(_ target: PixelTarget, region: PixelRect? = nil, to path: String) throws {
        try write(RGBAImage(target, region: region), to: path)
    }
}
