import Render
import TouchKit

// MARK: - Shared fixtures for pixel assertions

/// The channels of a 0xAARRGGBB word.
struct ARGB: Equatable, CustomStringConvertible {
    var a: Int, r: Int, g: Int, b: Int
    init(_ word: UInt32) {
        a = Int(word >> 24); r = Int((word >> 16) & 0xff); g = Int((word >> 8) & 0xff); b = Int(word & 0xff)
    }
    var description: String { "argb(\(a), \(r), \(g), \(b))" }
}

let white = Color.white
let red = Color(rgb: 0xff0000)
let blue = Color(rgb: 0x0000ff)
let green = Color(rgb: 0x00ff00)

let opaqueWhite: UInt32 = 0xffff_ffff
let opaqueRed: UInt32 = 0xffff_0000
let opaqueBlue: UInt32 = 0xff00_00ff
let opaqueGreen: UInt32 = 0xff00_ff00
let opaqueBlack: UInt32 = 0xff00_0000

/// Renders `items` on white into a fresh width × height buffer.
func render(_ items: [DisplayItem], width: Int = 100, height: Int = 100, scale: Double = 1,
            background: Color = white) throws -> PixelBuffer {
    let buffer = try PixelBuffer(width: width, height: height)
    Renderer().draw(items: items, background: background, into: buffer, scale: scale)
    return buffer
}

/// A mixed scene: rounded rects, circles, borders, translucency and one rotated item.
func mixedScene(offset: Double = 0) -> [DisplayItem] {
    [
        DisplayItem(rect: Rect(x: 5 + offset, y: 5, width: 40, height: 30), fill: red, cornerRadius: 8),
        DisplayItem(rect: Rect(x: 30, y: 20.5, width: 25, height: 25), fill: blue, cornerRadius: 12.5),
        DisplayItem(rect: Rect(x: 50.25, y: 50, width: 30, height: 20), fill: green, cornerRadius: 4,
                    borderWidth: 3, borderColor: .black),
        DisplayItem(rect: Rect(x: 10, y: 60, width: 30, height: 30), fill: red, alpha: 0.5),
        DisplayItem(rect: Rect(x: -10, y: -10, width: 20, height: 20),
                    transform: AffineTransform(rotationAngle: 0.3).concatenating(.init(translationX: 70 + offset, y: 25)),
                    fill: blue, cornerRadius: 3),
    ]
}
