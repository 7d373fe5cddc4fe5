import CPNG
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Straight-alpha images

/// Pixels as straight (not premultiplied) RGBA bytes, row by row: what PNG files hold.
public struct RGBAImage: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// width × height × 4 bytes: red, green, blue, alpha.
    public let bytes: [UInt8]

    /// Wraps bytes; the count must be width × height × 4.
    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4, "RGBA image: \(bytes.count) bytes for \(width)×\(height)")
        self.width = width; self.height = height; self.bytes = bytes
    }

    /// The (red, green, blue, alpha) bytes of one pixel.
    public func rgba(x: Int, y: Int) -> [UInt8] {
        let i = (y * width + x) * 4
        return Array(bytes[i..<i + 4])
    }
}

/// A PNG that could not be written or read, in one line naming the path.
public struct PNGError: Error, Hashable, CustomStringConvertible {
    /// The message: path, colon, reason.
    public let description: String
}

// MARK: - Files

/// PNG files through libpng's simplified API: screenshots, golden images, test fixtures.
public enum PNGFile {
    /// libpng's PNG_FORMAT_RGBA: composed from flags in a macro Swift does not import.
    private static let rgbaFormat = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// libpng's description of `image` for its simplified write API.
    private static func header(of image: RGBAImage) -> png_image {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = rgbaFormat
        return png
    }

    /// The PNG file bytes of straight RGBA pixels.
    public static func encode(_ image: RGBAImage) throws -> [UInt8] {
        guard image.width > 0, image.height > 0 else {
            throw PNGError(description: "cannot encode an empty \(image.width)×\(image.height) image")
        }
        var png = header(of: image)
        var size = 0
        // First call measures, second writes.
        let measured = image.bytes.withUnsafeBytes { raw in
            png_image_write_to_memory(&png, nil, &size, 0, raw.baseAddress, Int32(image.width * 4), nil)
        }
        guard measured != 0, size > 0 else { throw PNGError(description: "cannot encode PNG: \(message(of: png))") }
        var out = [UInt8](repeating: 0, count: size)
        let wrote = out.withUnsafeMutableBytes { memory in
            image.bytes.withUnsafeBytes { raw in
                png_image_write_to_memory(&png, memory.baseAddress, &size, 0, raw.baseAddress, Int32(image.width * 4), nil)
            }
        }
        guard wrote != 0 else { throw PNGError(description: "cannot encode PNG: \(message(of: png))") }
        return Array(out.prefix(size))
    }

    /// Writes straight RGBA pixels to `path`, via a temporary file renamed into place.
    public static func write(_ image: RGBAImage, to path: String) throws {
        guard image.width > 0, image.height > 0 else {
            throw PNGError(description: "\(path): cannot write an empty \(image.width)×\(image.height) image")
        }
        let temporary = "\(path).partial-\(getpid())"
        guard let file = fopen(temporary, "wb") else {
            throw PNGError(description: "\(path): cannot write: \(String(cString: strerror(errno)))")
        }
        var png = header(of: image)
        let wrote = image.bytes.withUnsafeBytes { raw in
            png_image_write_to_stdio(&png, file, 0, raw.baseAddress, Int32(image.width * 4), nil)
        }
        let closed = fclose(file) == 0
        guard wrote != 0, closed, rename(temporary, path) == 0 else {
            let reason = wrote == 0 ? message(of: png) : String(cString: strerror(errno))
            unlink(temporary)
            throw PNGError(description: "\(path): cannot write: \(reason)")
        }
    }

    /// Reads a PNG file (any colour type) as straight RGBA pixels.
    public static func read(contentsOf path: String) throws -> RGBAImage {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&png, path) != 0 else {
            throw PNGError(description: "\(path): cannot read PNG: \(message(of: png))")
        }
        png.format = rgbaFormat
        let width = Int(png.width), height = Int(png.height)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let finished = bytes.withUnsafeMutableBytes { raw in
            png_image_finish_read(&png, nil, raw.baseAddress, Int32(width * 4), nil)
        }
        guard finished != 0 else {
            throw PNGError(description: "\(path): cannot read PNG: \(message(of: png))")
        }
        return RGBAImage(width: width, height: height, bytes: bytes)
    }

    /// libpng's error text for a failed simplified-API call.
    private static func message(of png: png_image) -> String {
        withUnsafeBytes(of: png.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
