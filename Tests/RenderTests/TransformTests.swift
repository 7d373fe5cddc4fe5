import Render
import Testing
import TouchKit

@Suite struct TransformTests {
    /// A 40 × 40 square centred on (50, 50), turned by `angle`.
    private func square(angle: Double, radius: Double = 0, border: Double = 0) -> DisplayItem {
        DisplayItem(rect: Rect(x: -20, y: -20, width: 40, height: 40),
                    transform: AffineTransform(rotationAngle: angle).concatenating(.init(translationX: 50, y: 50)),
                    fill: blue, cornerRadius: radius, borderWidth: border, borderColor: .black)
    }

    @Test func rotatedSquareCoversItsCentreAndNotItsBoundingBoxCorner() throws {
        let buffer = try render([square(angle: .pi / 4)])
        #expect(buffer.pixel(x: 50, y: 50) == opaqueBlue)
        #expect(buffer.pixel(x: 50, y: 23) == opaqueBlue)  // near the top vertex (half-diagonal 28.3)
        #expect(buffer.pixel(x: 22, y: 22) == opaqueWhite)  // rotated bounding-box corner
        #expect(buffer.pixel(x: 31, y: 31) == opaqueWhite)  // the unrotated square's corner
        let edge = ARGB(buffer.pixel(x: 35, y: 36))  // centre (35.5, 36.5) is 0.2 px inside the edge
        #expect(edge.r > 0 && edge.r < 255, "anti-aliased diagonal edge: \(edge)")
    }

    @Test func rotationByAQuarterTurnMatchesTheAxisAlignedDrawing() throws {
        let turned = try render([square(angle: .pi / 2, radius: 8, border: 3)])
        let straight = try render([square(angle: 0, radius: 8, border: 3)])
        var worst = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let a = ARGB(turned.pixel(x: x, y: y)), b = ARGB(straight.pixel(x: x, y: y))
                worst = max(worst, abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
            }
        }
        // Two coverage methods (exact spans vs signed distance) agree within anti-aliasing error.
        #expect(worst <= 40, "largest channel difference \(worst)")
        #expect(turned.pixel(x: 50, y: 50) == opaqueBlue)
        #expect(turned.pixel(x: 31, y: 50) == opaqueBlack)
    }

    @Test func skippingSureRunsMatchesMeasuringEveryPixel() throws {
        let turn = AffineTransform(rotationAngle: 0.5).concatenating(.init(translationX: 50, y: 50))
        var nudged = turn
        nudged.c += 1e-6  // no longer a similarity: every pixel is measured
        let item = { (t: AffineTransform) in
            DisplayItem(rect: Rect(x: -30, y: -20, width: 60, height: 40), transform: t, fill: green,
                        cornerRadius: 9, borderWidth: 4, borderColor: .black)
        }
        let fast = try render([item(turn)]).snapshot(), slow = try render([item(nudged)]).snapshot()
        for i in fast.indices {
            let a = ARGB(fast[i]), b = ARGB(slow[i])
            #expect(abs(a.r - b.r) <= 1 && abs(a.g - b.g) <= 1 && abs(a.b - b.b) <= 1, "pixel \(i): \(a) vs \(b)")
        }
        #expect(fast.contains(opaqueBlack) && fast.contains(opaqueGreen))
    }

    @Test func skewedItemDrawsAParallelogram() throws {
        let skew = AffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 20, ty: 20)
        let buffer = try render([DisplayItem(rect: Rect(x: 0, y: 0, width: 30, height: 40), transform: skew, fill: red)])
        // Row y = 20 + 38: x spans from 20 + 19 to 20 + 19 + 30.
        #expect(buffer.pixel(x: 45, y: 58) == opaqueRed)
        #expect(buffer.pixel(x: 25, y: 58) == opaqueWhite)
        #expect(buffer.pixel(x: 25, y: 21) == opaqueRed)
        #expect(buffer.pixel(x: 65, y: 21) == opaqueWhite)
    }

    @Test func badItemsDrawNothingAndDoNotTrap() throws {
        let items = [
            DisplayItem(rect: Rect(x: 0, y: 0, width: 10, height: 10),
                        transform: AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0), fill: red),
            DisplayItem(rect: Rect(x: 0, y: 0, width: 10, height: 10),
                        transform: AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 5, ty: 5), fill: red),
            DisplayItem(rect: Rect(x: 0, y: 0, width: 10, height: 10), fill: red, alpha: .nan),
            DisplayItem(rect: Rect(x: 1e12, y: -1e12, width: 1e13, height: 10), fill: red,
                        cornerRadius: .infinity, borderWidth: -3),
        ]
        let buffer = try render(items, width: 20, height: 20)
        #expect(buffer.snapshot().allSatisfy { $0 == opaqueWhite })
    }
}
