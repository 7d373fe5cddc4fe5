import CFreeType

// MARK: - One FreeType face and its rasterised glyphs

/// A rasterised glyph: its a8 coverage mask and where it sits relative to the pen (device px).
struct Glyph {
    /// The coverage mask; nil for glyphs without ink (space).
    let mask: CoverageMask?
    /// Pen to the mask's left edge.
    let left: Int
    /// Baseline to the mask's top edge (positive upward, as FreeType's bitmap_top).
    let top: Int
    /// Pen advance, 1/64 px.
    let advance: Int
}

/// A glyph's cache key: FreeType glyph index and pixel size in 1/64 px.
struct GlyphKey: Hashable {
    let index: UInt32
    let size: Int
}

/// Line metrics at one pixel size (device px, rounded outward to whole pixels).
struct LineMetrics {
    /// Baseline to the top of the line box.
    let ascent: Int
    /// Baseline to the bottom of the line box.
    let descent: Int
}

/// A FreeType face opened from a file, rasterising glyphs into cached a8 masks per (glyph, size).
///
/// Not thread-safe: FreeType faces must not be shared between threads.
final class FontFace {
    /// Most glyph masks kept: a HUD uses a few hundred (glyph, size) pairs; beyond this the cache restarts.
    static let glyphBudget = 4096
    /// FreeType's 26.6 fixed point: units per pixel.
    static let unitsPerPixel = 64

    let path: String
    private var library: OpaquePointer?
    private let face: FT_Face
    private var currentSize = -1
    private var glyphs: [GlyphKey: Glyph] = [:]
    private var metrics: [Int: LineMetrics] = [:]
    private let hasKerning: Bool
    /// Glyphs rasterised so far (cache misses), for tests and diagnostics.
    private(set) var rasterisations = 0

    /// Opens the face at `path`; throws a one-line error when FreeType cannot.
    init(path: String) throws {
        self.path = path
        var library: OpaquePointer?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw FontError(description: "font: FreeType could not start")
        }
        var face: FT_Face?
        let error = FT_New_Face(library, path, 0, &face)
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            throw FontError(description: "font: cannot open \(path) (FreeType error \(error))")
        }
        self.library = library
        self.face = face
        hasKerning = face.pointee.face_flags & GSFTFaceFlagKerning != 0
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// Number of cached glyph masks.
    var cachedGlyphCount: Int { glyphs.count }

    // MARK: - Sizes and metrics

    /// Pixel size (device px) as FreeType's 26.6 units, at least 1 px.
    static func units(_ pixels: Double) -> Int {
        guard pixels.isFinite else { return unitsPerPixel }
        return max(unitsPerPixel, Int((pixels * Double(unitsPerPixel)).rounded()))
    }

    /// Ascent and descent of a line at `size` (1/64 px).
    func lineMetrics(size: Int) -> LineMetrics {
        if let known = metrics[size] { return known }
        select(size)
        let m = face.pointee.size.pointee.metrics
        let unit = Self.unitsPerPixel
        let line = LineMetrics(ascent: (m.ascender + unit - 1) / unit, descent: (-m.descender + unit - 1) / unit)
        metrics[size] = line
        return line
    }

    private func select(_ size: Int) {
        guard size != currentSize else { return }
        // Character size in points at 72 dpi is the pixel size.
        FT_Set_Char_Size(face, 0, FT_F26Dot6(size), 72, 72)
        currentSize = size
    }

    // MARK: - Glyphs

    /// The glyph index for a Unicode scalar (0, the .notdef box, when the font lacks it).
    func index(of scalar: Unicode.Scalar) -> UInt32 {
        UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
    }

    /// Horizontal kerning between two glyphs at `size`, 1/64 px (0 when the font has none).
    func kerning(_ left: UInt32, _ right: UInt32, size: Int) -> Int {
        guard hasKerning, left != 0, right != 0 else { return 0 }
        select(size)
        var delta = FT_Vector()
        guard FT_Get_Kerning(face, left, right, FT_KERNING_DEFAULT.rawValue, &delta) == 0 else { return 0 }
        return delta.x
    }

    /// The rasterised glyph, from the cache or made now.
    func glyph(_ index: UInt32, size: Int) -> Glyph {
        let key = GlyphKey(index: index, size: size)
        if let hit = glyphs[key] { return hit }
        let made = rasterise(index, size: size)
        if glyphs.count >= Self.glyphBudget { glyphs.removeAll(keepingCapacity: true) }
        glyphs[key] = made
        return made
    }

    private func rasterise(_ index: UInt32, size: Int) -> Glyph {
        select(size)
        rasterisations += 1
        // Light hinting: vertical only, so glyph shapes keep their horizontal proportions.
        guard FT_Load_Glyph(face, index, GSFTLoadRender | GSFTLoadTargetLight) == 0 else {
            return Glyph(mask: nil, left: 0, top: 0, advance: 0)
        }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        // The unhinted advance (16.16): hinted advances round per glyph, so a line's width would
        // not scale with its size (a 5 % error at 16 px for DejaVu Sans Mono).
        return Glyph(mask: Self.mask(from: bitmap), left: Int(slot.bitmap_left), top: Int(slot.bitmap_top),
                     advance: slot.linearHoriAdvance >> 10)
    }

    /// Copies a FreeType bitmap (8-bit grey or 1-bit mono) into an a8 mask.
    private static func mask(from bitmap: FT_Bitmap) -> CoverageMask? {
        let width = Int(bitmap.width), rows = Int(bitmap.rows)
        guard width > 0, rows > 0, let buffer = bitmap.buffer else { return nil }
        let mono = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
        guard mono || bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return nil }
        let mask = CoverageMask(width: width, height: rows)
        for row in 0..<rows {
            // A negative pitch means rows run bottom-up.
            let source = buffer + (Int(bitmap.pitch) >= 0 ? row : row - rows + 1) * Int(bitmap.pitch)
            let destination = mask.row(row)
            for column in 0..<width {
                destination[column] = mono
                    ? (source[column >> 3] & (0x80 >> UInt8(column & 7)) != 0 ? 255 : 0)
                    : source[column]
            }
        }
        return mask
    }
}
