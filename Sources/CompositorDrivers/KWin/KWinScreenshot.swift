import Foundation
import PNGCodec
import TouchStream

/// Screenshots through KWin's org.kde.KWin.ScreenShot2 D-Bus interface (needs OpenGL
/// compositing, which llvmpipe gives headless, and KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1).
///
/// KWin answers with the image's metadata and writes the raw pixels into a pipe we pass,
/// from a worker thread, so the pipe is drained concurrently with the call.
enum KWinScreenshot {
    /// Seconds the capture (call plus pixels) may take.
    static let timeout = 10.0

    /// QImage formats KWin 5.27 sends (QImage::Format values): 32-bit words, little-endian.
    private enum PixelLayout {
        /// Format_RGB32 (4), Format_ARGB32 (5), Format_ARGB32_Premultiplied (6): B, G, R, A bytes.
        case bgra(premultiplied: Bool, opaque: Bool)
        /// Format_RGBX8888 (16), Format_RGBA8888 (17), Format_RGBA8888_Premultiplied (18): R, G, B, A bytes.
        case rgba(premultiplied: Bool, opaque: Bool)

        init?(qImageFormat: UInt32) {
            switch qImageFormat {
            case 4: self = .bgra(premultiplied: false, opaque: true)
            case 5: self = .bgra(premultiplied: false, opaque: false)
            case 6: self = .bgra(premultiplied: true, opaque: false)
            case 16: self = .rgba(premultiplied: false, opaque: true)
            case 17: self = .rgba(premultiplied: false, opaque: false)
            case 18: self = .rgba(premultiplied: true, opaque: false)
            default: return nil
            }
        }
    }

    /// Captures the active screen of the KWin on `busAddress` into a PNG at `path`.
    static func capture(busAddress: String, to path: String) throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw DriverError("KWin screenshot: pipe: \(String(cString: strerror(errno)))") }
        let reader = PipeReader(fd: fds[0])
        let result: [String: DBusValue]
        do {
            defer { close(fds[1]) }
            let bus = try DBusConnection(address: busAddress)
            defer { bus.close() }
            let reply = try bus.call(destination: "org.kde.KWin", path: "/org/kde/KWin/ScreenShot2",
                                     interface: "org.kde.KWin.ScreenShot2", method: "CaptureActiveScreen",
                                     arguments: [.dictionary(["include-cursor": .bool(false)]), .unixFD(fds[1])],
                                     timeout: timeout)
            guard let metadata = reply.first?.dictionaryValue else {
                throw DriverError("KWin screenshot: CaptureActiveScreen returned no metadata")
            }
            result = metadata
        }
        // Our write end is closed; KWin's copy closes when it has written everything.
        let bytes = try reader.finish(timeout: timeout)
        try OutputTarget.write(bytes: try PNGFile.encode(try image(from: bytes, metadata: result)), to: path)
    }

    private static func image(from bytes: [UInt8], metadata: [String: DBusValue]) throws -> RGBAImage {
        guard let width = metadata["width"]?.doubleValue.map(Int.init), let height = metadata["height"]?.doubleValue.map(Int.init),
              let stride = metadata["stride"]?.doubleValue.map(Int.init), let format = metadata["format"]?.doubleValue,
              width > 0, height > 0, stride >= width * 4 else {
            throw DriverError("KWin screenshot: unexpected metadata \(metadata)")
        }
        guard let layout = PixelLayout(qImageFormat: UInt32(format)) else {
            throw DriverError("KWin screenshot: unsupported QImage format \(Int(format))")
        }
        guard bytes.count >= stride * (height - 1) + width * 4 else {
            throw DriverError("KWin screenshot: \(bytes.count) bytes for \(width)×\(height) with stride \(stride)")
        }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for row in 0..<height {
            for column in 0..<width {
                let i = row * stride + column * 4
                let o = (row * width + column) * 4
                let (r, g, b, a, premultiplied, opaque): (UInt8, UInt8, UInt8, UInt8, Bool, Bool) = switch layout {
                case .bgra(let p, let q): (bytes[i + 2], bytes[i + 1], bytes[i], bytes[i + 3], p, q)
                case .rgba(let p, let q): (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3], p, q)
                }
                let alpha = opaque ? 255 : Int(a)
                func straight(_ c: UInt8) -> UInt8 {
                    guard premultiplied else { return c }
                    return alpha == 0 ? 0 : UInt8(min(255, (Int(c) * 255 + alpha / 2) / alpha))
                }
                out[o] = straight(r); out[o + 1] = straight(g); out[o + 2] = straight(b); out[o + 3] = UInt8(alpha)
            }
        }
        return RGBAImage(width: width, height: height, bytes: out)
    }
}

/// Drains a pipe on its own thread until end of file (the writer may fill it before we ask).
private final class PipeReader: @unchecked Sendable {
    private let fd: Int32
    private var bytes: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)

    init(fd: Int32) {
        self.fd = fd
        Thread.detachNewThread { [self] in
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count > 0 { bytes.append(contentsOf: chunk[0..<count]); continue }
                if count < 0, errno == EINTR { continue }
                break
            }
            done.signal()
        }
    }

    /// The bytes read, once the writer has closed; throws after `timeout` seconds.
    func finish(timeout: Double) throws -> [UInt8] {
        guard done.wait(timeout: .now() + timeout) == .success else {
            // Closing our end would race the thread's read; leave it to end with KWin.
            throw DriverError("KWin screenshot: no image data within \(timeout) s")
        }
        close(fd)
        return bytes
    }
}
