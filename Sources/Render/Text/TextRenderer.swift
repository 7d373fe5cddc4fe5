import CPixman
import TouchKit

// MARK: - Lines of text

/// Lays out and draws single lines of text: fontconfig finds the font, FreeType rasterises
/// each glyph once per (glyph, pixel size) into an a8 mask, pixman composites the masks.
///
/// Layout is one left-to-right line without shaping (enough for ASCII and Latin-1): each
/// character's glyph at the pen, the pen moved by its advance plus the pair's kerning. A line's
/// box starts at the point given (its top-left corner) and is `measure`'s size: it holds the
/// font's ascent and descent and every pixel of ink, so nothing is drawn outside it. Sizes are
/// logical px; glyphs are rasterised at size × buffer scale, so scale 2 text is sharp, not enlarged.
/// Each line drawn is also kept as one a8 mask per (text, size): a HUD redraws mostly the same
/// lines every frame, and one composite per line costs far less than one per glyph.
/// Not thread-safe (FreeType faces are not): use one renderer per render thread.
public final class TextRenderer {
    /// Most line masks made or used since the line cache last aged (a few screens of HUD text;
    /// the cache holds two such generations).
    static let lineBudget = 256

    private let face: FontFace
    private var lines: [LineKey: RenderedLine] = [:]
    /// The lines of the generation before `lines`: kept, and brought back when used, so a line
    /// still on screen is never made again when the cache ages (a HUD frame that had to make all
    /// its lines at once would take several times as long as the frames around it).
    private var olderLines: [LineKey: RenderedLine] = [:]

    /// Opens the first of `families` that fontconfig has (default: DejaVu Sans Mono, then DejaVu Sans).
    public convenience init(families: [String] = FontLocator.preferredFamilies) throws {
        try self.init(fontPath: try FontLocator.locate(families: families))
    }

    /// Opens the font file at `fontPath`; throws a one-line error when FreeType cannot.
    public init(fontPath: String) throws {
        face = try FontFace(path: fontPath)
    }

    /// The font file in use.
    public var fontPath: String { face.path }
    /// Number of cached glyph masks (one per glyph and pixel size drawn or measured).
    public var cachedGlyphCount: Int { face.cachedGlyphCount }
    /// Glyphs rasterised so far: grows only on cache misses.
    public var rasterisedGlyphCount: Int { face.rasterisations }
    /// Number of cached line masks (one per text and pixel size measured or drawn).
    public var cachedLineCount: Int { lines.count + olderLines.count }
    /// Line masks made so far: grows only on cache misses.
    public private(set) var madeLineCount = 0

    // MARK: - Measuring

    /// The size (logical px) of the box `text` occupies at `size` logical px and buffer `scale`.
    public func measure(_ text: String, size: Double, scale: Double = 1) -> Size {
        let safeScale = Self.safe(scale)
        let line = rendered(text, size: size * safeScale)
        return Size(width: Double(line.width) / safeScale, height: Double(line.height) / safeScale)
    }

    /// Ascent plus descent (logical px) of a line at `size`: the height of every `measure` box
    /// whose ink stays within the font's ascent and descent.
    public func lineHeight(size: Double, scale: Double = 1) -> Double {
        let safeScale = Self.safe(scale)
        let metrics = face.lineMetrics(size: FontFace.units(size * safeScale))
        return Double(metrics.ascent + metrics.descent) / safeScale
    }

    // MARK: - Drawing

    /// Draws `text` with its box's top-left corner at `origin` (logical px), in `color`, at buffer
    /// `scale`, writing no pixel outside `clip` (logical px; nil = the whole target).
    public func draw(_ text: String, at origin: Point, size: Double, color: Color, into target: PixelTarget,
                     scale: Double = 1, clip: [Rect]? = nil) {
        OverlayCanvas(target: target, scale: scale, clip: clip).draw(text, at: origin, size: size, color: color,
                                                                      with: self)
    }

    /// Draws into an owned buffer (see the `PixelTarget` variant).
    public func draw(_ text: String, at origin: Point, size: Double, color: Color, into buffer: PixelBuffer,
                     scale: Double = 1, clip: [Rect]? = nil) {
        draw(text, at: origin, size: size, color: color, into: buffer.target, scale: scale, clip: clip)
    }

    // MARK: - Line masks (device px)

    /// A line's cache key: its text and pixel size in 1/64 px.
    struct LineKey: Hashable {
        let text: String
        let size: Int
    }

    /// A whole line as one coverage mask the size of its box (nil mask: nothing to draw).
    struct RenderedLine {
        let mask: CoverageMask?
        let width: Int
        let height: Int
    }

    /// The line mask for `text` at `pixelSize` device px, from the cache or made now.
    func rendered(_ text: String, size pixelSize: Double) -> RenderedLine {
        let key = LineKey(text: text, size: FontFace.units(pixelSize))
        if let hit = lines[key] { return hit }
        if let older = olderLines.removeValue(forKey: key) { return keep(older, as: key) }
        let line = layout(text, size: pixelSize)
        madeLineCount += 1
        var mask: CoverageMask?
        if line.width > 0, line.height > 0, line.placed.contains(where: { $0.glyph.mask != nil }) {
            let made = CoverageMask(width: line.width, height: line.height)
            for (glyph, x, y) in line.placed {
                guard let glyphMask = glyph.mask else { continue }
                // ADD: where two glyphs' edges overlap their coverage sums (saturating), as OVER would draw them.
                pixman_image_composite32(PIXMAN_OP_ADD, glyphMask.image, nil, made.image, 0, 0, 0, 0,
                                         Int32(x), Int32(y), Int32(glyphMask.width), Int32(glyphMask.height))
            }
            mask = made
        }
        return keep(RenderedLine(mask: mask, width: line.width, height: line.height), as: key)
    }

    /// Puts `line` in the current generation; a full generation becomes the older one.
    private func keep(_ line: RenderedLine, as key: LineKey) -> RenderedLine {
        if lines.count >= Self.lineBudget {
            olderLines = lines
            lines.removeAll(keepingCapacity: true)
        }
        lines[key] = line
        return line
    }

    // MARK: - Layout (device px)

    /// A laid-out line: glyphs at offsets from the box's top-left corner, all in device px.
    struct Line {
        var placed: [(glyph: Glyph, x: Int, y: Int)] = []
        var width = 0
        var height = 0
    }

    /// Places every glyph of `text` at `pixelSize` device px, and the box that holds them.
    func layout(_ text: String, size pixelSize: Double) -> Line {
        let size = FontFace.units(pixelSize)
        let metrics = face.lineMetrics(size: size)
        var pen = 0, previous: UInt32 = 0
        var inkLeft = 0, inkRight = 0, inkTop = metrics.ascent, inkBottom = metrics.descent
        var raw: [(glyph: Glyph, x: Int)] = []
        for scalar in text.unicodeScalars {
            let index = face.index(of: scalar)
            pen += face.kerning(previous, index, size: size)
            previous = index
            let glyph = face.glyph(index, size: size)
            let x = Self.pixels(pen) + glyph.left
            if let mask = glyph.mask {
                inkLeft = min(inkLeft, x)
                inkRight = max(inkRight, x + mask.width)
                inkTop = max(inkTop, glyph.top)
                inkBottom = max(inkBottom, mask.height - glyph.top)
            }
            raw.append((glyph, x))
            pen += glyph.advance
        }
        // Ink left of the pen's start (a negative bearing) shifts the line right inside its box.
        let shift = -inkLeft
        var line = Line(width: max(Self.pixels(pen), inkRight) + shift, height: inkTop + inkBottom)
        line.placed = raw.map { ($0.glyph, $0.x + shift, inkTop - $0.glyph.top) }
        return line
    }

    /// 26.6 units to whole pixels, rounded to nearest (glyphs sit on whole pixels).
    private static func pixels(_ units: Int) -> Int {
        (units + FontFace.unitsPerPixel / 2) >> 6
    }

    static func safe(_ scale: Double) -> Double { scale.isFinite && scale > 0 ? scale : 1 }
}
