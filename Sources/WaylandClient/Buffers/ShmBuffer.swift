import TouchKit

// MARK: - Pixel formats and damage

/// The wl_shm formats the pool allocates: 32 bits per pixel, native-endian ARGB words (as Render.PixelFormat).
public enum ShmFormat: UInt32, Hashable, Sendable {
    /// wl_shm.format argb8888: alpha honoured (premultiplied).
    case argb8888 = 0
    /// wl_shm.format xrgb8888: opaque, the top byte ignored.
    case xrgb8888 = 1

    /// Bytes per pixel.
    public static let bytesPerPixel = 4
}

extension PixelRect {
    /// The part inside a `size` buffer (possibly empty): what wl_surface.damage_buffer may name.
    public func clamped(to size: PixelSize) -> PixelRect {
        intersection(PixelRect(x: 0, y: 0, width: size.width, height: size.height))
    }
}

// MARK: - Buffer storage

/// Memory behind one buffer; the Wayland one is a memfd mapping plus a wl_buffer.
protocol BufferStorage: AnyObject {
    /// The first pixel.
    var pixels: UnsafeMutableRawPointer { get }
    /// Called when the compositor releases the buffer.
    var onRelease: (() -> Void)? { get set }
    /// Frees the memory and any protocol object; the storage is unusable afterwards.
    func destroy()
}

// MARK: - A buffer the renderer draws into

/// One shared-memory buffer of the pool, handed to the renderer for one frame.
///
/// `age` follows EGL_EXT_buffer_age: 0 means the content is undefined (repaint everything);
/// n ≥ 1 means it holds the frame drawn n frames before the one about to be drawn, so the
/// renderer repaints this frame's damage plus the damage of the previous n − 1 frames.
public final class ShmBuffer {
    /// The first pixel (row 0, column 0); rows are `stride` bytes apart.
    public var pixels: UnsafeMutableRawPointer { storage.pixels }
    /// Width in buffer pixels.
    public let width: Int
    /// Height in buffer pixels.
    public let height: Int
    /// Bytes from one row to the next.
    public let stride: Int
    /// The wl_shm format of the pixels.
    public let format: ShmFormat
    /// Frames since this buffer was last drawn into (0: fresh, content undefined).
    public internal(set) var age: Int = 0

    let storage: BufferStorage
    /// Attached to the surface and not yet released by the compositor.
    var isBusy = false
    /// The pool frame number of the last draw into it (nil: never drawn).
    var lastDrawnFrame: UInt64?
    /// The pool generation (size/format) it belongs to; older ones are destroyed when released.
    let generation: UInt64

    /// The size in buffer pixels.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    init(width: Int, height: Int, stride: Int, format: ShmFormat, storage: BufferStorage, generation: UInt64) {
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
        self.storage = storage
        self.generation = generation
    }
}
