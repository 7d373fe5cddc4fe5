import TouchKit

// MARK: - Formats

/// Pixel layouts the renderer writes: 32-bit little-endian words, premultiplied, as wl_shm's formats.
public enum PixelFormat: Sendable, Hashable {
    /// WL_SHM_FORMAT_ARGB8888: 0xAARRGGBB words, premultiplied alpha.
    case argb8888
    /// WL_SHM_FORMAT_XRGB8888: 0xXXRRGGBB words, the top byte ignored.
    case xrgb8888

    /// Bytes per pixel of every supported format.
    public static let bytesPerPixel = 4
}

/// A bad buffer description, reported in one line.
public struct PixelTargetError: Error, Hashable, CustomStringConvertible {
    /// The message, one line.
    public let description: String
}

// MARK: - Caller-owned memory

/// A view of caller-owned pixel memory (for example a wl_shm pool mapping) that the renderer draws into.
///
/// The caller keeps the memory alive and unmodified by others while a draw runs.
public struct PixelTarget {
    /// First byte of the top row.
    public let base: UnsafeMutableRawPointer
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from one row to the next (a multiple of 4, at least width × 4).
    public let stride: Int
    /// The pixel layout.
    public let format: PixelFormat
    /// The owner of the memory when this target came from a `PixelBuffer`: held so a target
    /// outliving its buffer expression (`try PixelBuffer(…).target`) never points at freed memory.
    private let owner: AnyObject?

    /// Describes memory at `base`; throws when the sizes are impossible.
    public init(base: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int,
                format: PixelFormat = .argb8888) throws {
        try self.init(base: base, width: width, height: height, stride: stride, format: format, owner: nil)
    }

    init(base: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, format: PixelFormat,
         owner: AnyObject?) throws {
        self.owner = owner
        guard width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(Int32.max) else {
            throw PixelTargetError(description: "pixel target: size \(width)×\(height) is not drawable")
        }
        guard stride >= width * PixelFormat.bytesPerPixel, stride % PixelFormat.bytesPerPixel == 0,
              stride <= Int(Int32.max) else {
            throw PixelTargetError(description:
                "pixel target: stride \(stride) must be a multiple of 4 and at least \(width * 4)")
        }
        self.base = base
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
    }

    /// The whole buffer as a pixel rectangle.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The 32-bit word at a pixel (0xAARRGGBB); the caller keeps x and y in bounds.
    public func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside the target")
        return base.load(fromByteOffset: y * stride + x * PixelFormat.bytesPerPixel, as: UInt32.self)
    }
}

// MARK: - Owning buffer

/// Pixel memory the renderer owns: for headless rendering, screenshots and tests.
public final class PixelBuffer {
    /// The drawable description of this buffer's memory.
    public let target: PixelTarget
    private let storage: PixelStorage

    /// Allocates a zeroed (transparent black) buffer of the given size.
    public init(width: Int, height: Int, format: PixelFormat = .argb8888) throws {
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15 else {
            throw PixelTargetError(description: "pixel buffer: size \(width)×\(height) is not drawable")
        }
        let stride = width * PixelFormat.bytesPerPixel
        storage = PixelStorage(byteCount: stride * height)
        target = try PixelTarget(base: storage.bytes, width: width, height: height, stride: stride, format: format,
                                 owner: storage)
    }

    /// Width in pixels.
    public var width: Int { target.width }
    /// Height in pixels.
    public var height: Int { target.height }

    /// The 32-bit word at a pixel (0xAARRGGBB).
    public func pixel(x: Int, y: Int) -> UInt32 { target.pixel(x: x, y: y) }

    /// Every pixel, row by row (for whole-buffer comparisons).
    public func snapshot() -> [UInt32] {
        var words: [UInt32] = []
        words.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width { words.append(target.pixel(x: x, y: y)) }
        }
        return words
    }
}

/// Zeroed heap memory for a `PixelBuffer`, freed when the buffer and every target made from it are gone.
private final class PixelStorage {
    let bytes: UnsafeMutableRawPointer

    init(byteCount: Int) {
        bytes = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
    }

    deinit { bytes.deallocate() }
}
