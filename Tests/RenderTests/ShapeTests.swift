import Render
import Testing
import TouchKit

@Suite struct ShapeTests {
    @Test func filledRectCoversItsInteriorOnly() throws {
        let buffer = try render([DisplayItem(rect: Rect(x: 10, y: 10, width: 30, height: 20), fill: red)])
        #expect(buffer.pixel(x: 10, y: 10) == opaqueRed)
        #expect(buffer.pixel(x: 39, y: 29) == opaqueRed)
        #expect(buffer.pixel(x: 40, y: 20) == opaqueWhite)
        #expect(buffer.pixel(x: 20, y: 30) == opaqueWhite)
        #expect(buffer.pixel(x: 9, y: 15) == opaqueWhite)
        #expect(buffer.pixel(x: 5, y: 5) == opaqueWhite)
    }

    @Test func fractionalEdgeIsPartlyCovered() throws {
        let buffer = try render([DisplayItem(rect: Rect(x: 10.5, y: 10, width: 20, height: 20), fill: .black)])
        let edge = ARGB(buffer.pixel(x: 10, y: 15))
        #expect((126...129).contains(edge.r), "half-covered column: \(edge)")
        #expect(buffer.pixel(x: 11, y: 15) == opaqueBlack)
        #expect(ARGB(buffer.pixel(x: 30, y: 15)).r == edge.r)
    }

    @Test func roundedRectCornersAreCutAndAntialiased() throws {
        let buffer = try render([DisplayItem(rect: Rect(x: 10, y: 10, width: 60, height: 40), fill: blue,
                                             cornerRadius: 12)])
        // Corner pixel outside the arc, a pixel well inside it, one on the arc.
        for (x, y) in [(10, 10), (69, 10), (10, 49), (69, 49)] {
            #expect(buffer.pixel(x: x, y: y) == opaqueWhite, "corner (\(x), \(y))")
        }
        #expect(buffer.pixel(x: 15, y: 15) == opaqueBlue)
        #expect(buffer.pixel(x: 64, y: 44) == opaqueBlue)
        let edge = ARGB(buffer.pixel(x: 13, y: 13))
        #expect(edge.r > 20 && edge.r < 235, "anti-aliased arc pixel: \(edge)")
        #expect(edge.b == 255)
        // Straight edges away from the corners are crisp.
        #expect(buffer.pixel(x: 40, y: 10) == opaqueBlue)
        #expect(buffer.pixel(x: 40, y: 9) == opaqueWhite)
    }

    @Test func circleIsRoundAndSymmetric() throws {
        let buffer = try render([DisplayItem(rect: Rect(x: 20, y: 20, width: 40, height: 40), fill: red,
                                             cornerRadius: 20)])
        #expect(buffer.pixel(x: 40, y: 40) == opaqueRed)
        #expect(buffer.pixel(x: 20, y: 20) == opaqueWhite)
        #expect(buffer.pixel(x: 25, y: 25) == opaqueWhite)
        #expect(buffer.pixel(x: 27, y: 27) == opaqueRed)
        #expect(buffer.pixel(x: 21, y: 40) == opaqueRed)
        for y in 20..<60 {
            for x in 20..<40 {
                #expect(buffer.pixel(x: x, y: y) == buffer.pixel(x: 79 - x, y: y), "mirror of (\(x), \(y))")
                #expect(buffer.pixel(x: x, y: y) == buffer.pixel(x: y, y: x), "transpose of (\(x), \(y))")
            }
        }
    }

    @Test func borderIsDrawnInsideTheEdgeOverTheFill() throws {
        let buffer = try render([DisplayItem(rect: Rect(x: 10, y: 10, width: 40, height: 40), fill: green,
                                             borderWidth: 4, borderColor: .black)])
        #expect(buffer.pixel(x: 9, y: 25) == opaqueWhite)
        #expect(buffer.pixel(x: 10, y: 25) == opaqueBlack)
        #expect(buffer.pixel(x: 13, y: 25) == opaqueBlack)
        #expect(buffer.pixel(x: 14, y: 25) == opaqueGreen)
        #expect(buffer.pixel(x: 30, y: 30) == opaqueGreen)
        #expect(buffer.pixel(x: 46, y: 30) == opaqueBlack)
        #expect(buffer.pixel(x: 45, y: 30) == opaqueGreen)
        #expect(buffer.pixel(x: 30, y: 49) == opaqueBlack)
    }

    @Test func fillColourStaysOutOfAnOpaqueBordersOuterEdge() throws {
        for transform in [AffineTransform.identity, AffineTransform(rotationAngle: .pi / 2)] {
            let item = DisplayItem(rect: Rect(x: -20.5, y: -20.5, width: 41, height: 41),
                                   transform: transform.concatenating(.init(translationX: 50, y: 50)),
                                   fill: red, borderWidth: 3, borderColor: .black)
            let buffer = try render([item])
            let edge = ARGB(buffer.pixel(x: 29, y: 50))  // half covered by the border only
            #expect(edge.r == edge.g && edge.g == edge.b && edge.r > 100 && edge.r < 155, "\(edge)")
            #expect(buffer.pixel(x: 33, y: 50) == opaqueRed)
        }
    }

    @Test func roundedBorderFollowsTheCorner() throws {
        let buffer = try render([DisplayItem(rect: Rect(x: 10, y: 10, width: 60, height: 60), fill: green,
                                             cornerRadius: 16, borderWidth: 3, borderColor: .black)])
        #expect(buffer.pixel(x: 10, y: 10) == opaqueWhite)
        #expect(buffer.pixel(x: 40, y: 11) == opaqueBlack)
        #expect(buffer.pixel(x: 40, y: 13) == opaqueGreen)
        // Along the diagonal: outside, then border, then fill.
        let arcCentre = 26.0, outer = 16.0
        let onBorder = Int(arcCentre - (outer - 1.5) / 2.squareRoot())
        #expect(buffer.pixel(x: onBorder, y: onBorder) == opaqueBlack)
        #expect(buffer.pixel(x: 20, y: 20) == opaqueGreen)
    }

    @Test func alphaBlendsWithTheBackground() throws {
        let buffer = try render([DisplayItem(rect: Rect(x: 10, y: 10, width: 20, height: 20), fill: red,
                                             alpha: 0.5)])
        let pixel = ARGB(buffer.pixel(x: 20, y: 20))
        #expect(pixel.a == 255 && pixel.r == 255)
        #expect(abs(pixel.g - 128) <= 1 && abs(pixel.b - 128) <= 1, "\(pixel)")
    }

    @Test func translucentFillOnTransparentBufferStaysPremultiplied() throws {
        let buffer = try render([DisplayItem(rect: Rect(x: 0, y: 0, width: 10, height: 10),
                                             fill: Color(red: 1, green: 0, blue: 0, alpha: 0.5))],
                                width: 20, height: 20, background: .clear)
        let pixel = ARGB(buffer.pixel(x: 5, y: 5))
        #expect(abs(pixel.a - 128) <= 1 && abs(pixel.r - 128) <= 1 && pixel.g == 0, "\(pixel)")
        #expect(buffer.pixel(x: 15, y: 15) == 0)
    }

    @Test func scaleTwoDoublesPixelExtents() throws {
        let item = DisplayItem(rect: Rect(x: 10, y: 10, width: 20, height: 10), fill: red, cornerRadius: 0)
        let buffer = try render([item], scale: 2)
        #expect(buffer.pixel(x: 20, y: 20) == opaqueRed)
        #expect(buffer.pixel(x: 59, y: 39) == opaqueRed)
        #expect(buffer.pixel(x: 19, y: 20) == opaqueWhite)
        #expect(buffer.pixel(x: 60, y: 30) == opaqueWhite)
        #expect(buffer.pixel(x: 30, y: 40) == opaqueWhite)
        #expect(buffer.pixel(x: 30, y: 19) == opaqueWhite)
    }

    @Test func translatedAndUniformlyScaledItemsUseTheirTransform() throws {
        let moved = DisplayItem(rect: Rect(x: 0, y: 0, width: 10, height: 10),
                                transform: AffineTransform(scaleX: 2, y: 2).concatenating(.init(translationX: 30, y: 40)),
                                fill: red)
        let buffer = try render([moved])
        #expect(buffer.pixel(x: 30, y: 40) == opaqueRed)
        #expect(buffer.pixel(x: 49, y: 59) == opaqueRed)
        #expect(buffer.pixel(x: 50, y: 50) == opaqueWhite)
        #expect(buffer.pixel(x: 29, y: 50) == opaqueWhite)
    }

    @Test func cornerMasksAreReusedAcrossFrames() throws {
        let renderer = Renderer()
        let buffer = try PixelBuffer(width: 100, height: 100)
        let corners = (0..<5).map {
            DisplayItem(rect: Rect(x: Double($0 * 18), y: 10, width: 16, height: 30), fill: red, cornerRadius: 5)
        }
        renderer.draw(items: corners, background: white, into: buffer)
        // Same radius and whole-pixel phase: one mask per corner position serves all five views.
        #expect(renderer.cachedMaskCount == 4)
        let first = buffer.snapshot()
        renderer.draw(items: corners, background: white, into: buffer)
        #expect(renderer.cachedMaskCount == 4)
        #expect(buffer.snapshot() == first)
    }
}
