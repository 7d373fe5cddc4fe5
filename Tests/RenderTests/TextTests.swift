@testable import Render
import Testing
import TouchKit

/// Text: fontconfig lookup, FreeType glyph masks, layout and clipped compositing.
@Suite struct TextTests {
    private let sample = "Touch #0 moved ×2 gjÅ"

    /// Pixel rectangle of every non-background pixel (nil when nothing was drawn).
    private func inkBox(_ buffer: PixelBuffer) -> PixelRect? {
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for y in 0..<buffer.height {
            for x in 0..<buffer.width where buffer.pixel(x: x, y: y) != 0 {
                x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x + 1); y1 = max(y1, y + 1)
            }
        }
        return x0 < x1 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }

    private func count(_ buffer: PixelBuffer, where predicate: (UInt32) -> Bool) -> Int {
        buffer.snapshot().filter(predicate).count
    }

    @Test("the default font is found through fontconfig: DejaVu Sans Mono")
    func defaultFont() throws {
        let text = try TextRenderer()
        #expect(text.fontPath.hasSuffix("DejaVuSansMono.ttf"))
    }

    @Test("ink is drawn in the text's colour inside the measured box and nowhere else")
    func inkInsideMeasuredBox() throws {
        let text = try TextRenderer()
        let buffer = try PixelBuffer(width: 320, height: 60)
        let origin = Point(x: 12, y: 9)
        text.draw(sample, at: origin, size: 18, color: red, into: buffer)
        let size = text.measure(sample, size: 18)
        let box = PixelRect(covering: Rect(origin: origin, size: size), scale: 1)
        let ink = try #require(inkBox(buffer))
        #expect(ink.intersection(box) == ink, "ink \(ink) outside the measured box \(box)")
        // Fully covered pixels are exactly the colour; partly covered ones are red at lower alpha.
        #expect(count(buffer) { $0 == opaqueRed } > 50)
        #expect(count(buffer) { $0 != 0 && ($0 & 0x0000_ffff) != 0 } == 0, "a non-red pixel was written")
        // The ink fills most of the box: the box is not simply huge.
        #expect(Double(ink.width) > 0.9 * size.width)
        #expect(Double(ink.height) > 0.8 * size.height)
    }

    @Test("measure grows with the text's length; the height is the line height")
    func measureGrowsWithLength() throws {
        let text = try TextRenderer()
        let widths = ["a", "ab", "abc", "abcd"].map { text.measure($0, size: 14).width }
        #expect(widths == widths.sorted() && Set(widths).count == widths.count, "\(widths)")
        #expect(text.measure("abcd", size: 14).height == text.lineHeight(size: 14))
        #expect(text.measure("", size: 14).width == 0)
        #expect(text.measure("abcd", size: 28).width > 1.8 * widths[3])
    }

    @Test("scale 2 doubles the drawn extent and keeps the logical size")
    func scaleTwoDoublesExtent() throws {
        let text = try TextRenderer()
        let one = try PixelBuffer(width: 300, height: 40), two = try PixelBuffer(width: 600, height: 80)
        text.draw(sample, at: Point(x: 4, y: 4), size: 16, color: blue, into: one, scale: 1)
        text.draw(sample, at: Point(x: 4, y: 4), size: 16, color: blue, into: two, scale: 2)
        let a = try #require(inkBox(one)), b = try #require(inkBox(two))
        #expect(abs(b.width - 2 * a.width) <= 3, "\(a) vs \(b)")
        #expect(abs(b.height - 2 * a.height) <= 3, "\(a) vs \(b)")
        #expect(abs(b.x - 2 * a.x) <= 2 && abs(b.y - 2 * a.y) <= 2, "\(a) vs \(b)")
        let logical1 = text.measure(sample, size: 16, scale: 1), logical2 = text.measure(sample, size: 16, scale: 2)
        #expect(abs(logical1.width - logical2.width) <= 1 && abs(logical1.height - logical2.height) <= 1)
    }

    @Test("glyph and line masks are made once per glyph (line) and size, then reused")
    func masksAreCached() throws {
        let text = try TextRenderer()
        let buffer = try PixelBuffer(width: 200, height: 40)
        text.draw("hello", at: .zero, size: 12, color: red, into: buffer)
        #expect(text.rasterisedGlyphCount == 4)  // h, e, l, o
        #expect(text.cachedGlyphCount == 4)
        text.draw("hello", at: Point(x: 30, y: 10), size: 12, color: blue, into: buffer)
        _ = text.measure("hole", size: 12)
        #expect(text.rasterisedGlyphCount == 4)
        #expect(text.cachedLineCount == 2)  // "hello" and "hole" at 12 px
        text.draw("hello", at: .zero, size: 12, color: red, into: buffer, scale: 2)
        #expect(text.rasterisedGlyphCount == 8, "a new pixel size is a new set of masks")
        #expect(text.cachedLineCount == 3)
    }

    @Test("a line in use is never made again when the line cache ages; one out of use is let go")
    func lineCacheKeepsLinesInUse() throws {
        let text = try TextRenderer()
        // A HUD frame after frame: one line that stays, and a new log line each frame.
        for frame in 0..<(3 * TextRenderer.lineBudget) {
            _ = text.measure("frames · touches 1", size: 12)
            _ = text.measure("motion \(frame)", size: 12)
        }
        #expect(text.madeLineCount == 1 + 3 * TextRenderer.lineBudget, "the line in use was made again")
        #expect(text.cachedLineCount <= 2 * TextRenderer.lineBudget)
        _ = text.measure("motion 0", size: 12)
        #expect(text.madeLineCount == 2 + 3 * TextRenderer.lineBudget, "a line out of use for two generations is gone")
    }

    @Test("no pixel is written outside the clip")
    func clipIsHonoured() throws {
        let text = try TextRenderer()
        let buffer = try PixelBuffer(width: 200, height: 40)
        text.draw("WWWWWWWWWWWW", at: Point(x: 0, y: 5), size: 20, color: red, into: buffer,
                  clip: [Rect(x: 0, y: 0, width: 50.5, height: 40)])
        let ink = try #require(inkBox(buffer))
        #expect(ink.maxX <= 51)
        #expect(ink.x < 5)
        let outside = try PixelBuffer(width: 200, height: 40)
        text.draw("WWW", at: Point(x: 100, y: 5), size: 20, color: red, into: outside,
                  clip: [Rect(x: 0, y: 0, width: 50, height: 40)])
        #expect(inkBox(outside) == nil)
    }

    @Test("a missing font is a one-line error naming the families and the package")
    func missingFont() throws {
        let error = try #require(throws: FontError.self) {
            try FontLocator.locate(families: ["No Such Family 7f3a"])
        }
        #expect(error.description == "font: none of \"No Such Family 7f3a\" is installed (install fonts-dejavu-core)")
        let open = try #require(throws: FontError.self) { try TextRenderer(fontPath: "/nonexistent/font.ttf") }
        #expect(open.description.hasPrefix("font: cannot open /nonexistent/font.ttf"))
        #expect(!open.description.contains("\n"))
    }

    @Test("an overlay canvas composites translucent boxes over what is there, inside the clip")
    func overlayFill() throws {
        let buffer = try render([], width: 20, height: 20, background: .black)
        let canvas = OverlayCanvas(target: buffer.target, scale: 1, clip: [Rect(x: 0, y: 0, width: 10, height: 20)])
        canvas.fill(Rect(x: 0, y: 0, width: 20, height: 20), color: Color(red: 1, green: 1, blue: 1, alpha: 0.5))
        #expect(ARGB(buffer.pixel(x: 5, y: 5)) == ARGB(0xff80_8080))
        #expect(buffer.pixel(x: 15, y: 5) == opaqueBlack)
        #expect(canvas.isVisible(Rect(x: 5, y: 5, width: 2, height: 2)))
        #expect(!canvas.isVisible(Rect(x: 12, y: 5, width: 2, height: 2)))
    }
}
