import CPixman

// MARK: - a8 masks

/// An a8 coverage mask owned as a pixman image (255 = fully covered).
final class CoverageMask {
    let width: Int
    let height: Int
    let image: OpaquePointer
    private let bits: UnsafeMutableRawPointer
    private let stride: Int

    /// Fills a width × height mask from `coverage(column, row)` in 0...1.
    convenience init(width: Int, height: Int, coverage: (Int, Int) -> Double) {
        self.init(width: width, height: height)
        for row in 0..<height {
            let bytes = self.row(row)
            for column in 0..<width { bytes[column] = Self.byte(coverage(column, row)) }
        }
    }

    /// A zeroed (fully transparent) width × height mask.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        stride = (width + 3) & ~3  // pixman rows are 32-bit aligned
        bits = UnsafeMutableRawPointer.allocate(byteCount: max(1, stride * height), alignment: 16)
        bits.initializeMemory(as: UInt8.self, repeating: 0, count: max(1, stride * height))
        guard let made = pixman_image_create_bits(PIXMAN_a8, Int32(width), Int32(height),
                                                   bits.assumingMemoryBound(to: UInt32.self), Int32(stride))
        else { preconditionFailure("pixman could not wrap a \(width)×\(height) a8 mask") }
        image = made
    }

    /// The bytes of one row, for writing.
    func row(_ row: Int) -> UnsafeMutablePointer<UInt8> {
        (bits + row * stride).assumingMemoryBound(to: UInt8.self)
    }

    /// A coverage in 0...1 as a mask byte.
    @inline(__always) static func byte(_ coverage: Double) -> UInt8 {
        coverage <= 0 ? 0 : coverage >= 1 ? 255 : UInt8((coverage * 255).rounded())
    }

    /// Bytes held, for the cache's budget.
    var byteCount: Int { stride * height }

    deinit {
        pixman_image_unref(image)
        bits.deallocate()
    }
}

// MARK: - Cache

/// Masks for corners and small shapes keyed by their exact (1/64 px snapped) geometry.
///
/// Views share a few radii and sub-pixel phases, so after the first frame almost every
/// corner is a lookup; the cache empties itself when it outgrows its budget.
struct MaskCache {
    /// Largest total mask memory kept (bytes): a few hundred distinct corners and small circles.
    static let byteBudget = 16 << 20
    /// Most masks kept: bounds the dictionary when a drag makes many tiny corner masks.
    static let countBudget = 4096

    private var masks: [MaskKey: CoverageMask] = [:]
    private var bytes = 0

    /// The cached mask for `key`, made by `make` on a miss.
    mutating func mask(_ key: MaskKey, make: () -> CoverageMask) -> CoverageMask {
        if let hit = masks[key] { return hit }
        let made = make()
        if bytes + made.byteCount > Self.byteBudget || masks.count >= Self.countBudget {
            masks.removeAll(keepingCapacity: true)
            bytes = 0
        }
        masks[key] = made
        bytes += made.byteCount
        return made
    }

    /// Number of masks held.
    var count: Int { masks.count }
}

/// Which part of a shape a mask covers; geometry in 1/64 px units (see `AlignedShape.grid`).
struct MaskKey: Hashable {
    enum Part: Hashable { case topLeft, topRight, bottomLeft, bottomRight, whole }
    var part: Part
    var phaseX: Int32
    var phaseY: Int32
    var width: Int32
    var height: Int32
    var radius: Int32
    /// Border width for a ring mask; -1 for a filled shape.
    var inset: Int32
}
