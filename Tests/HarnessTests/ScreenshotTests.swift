import Foundation
import SandboxHarness
import Testing

/// weston-screenshooter against the headless, pixman-rendered output.
@Suite struct ScreenshotTests {
    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    @Test func screenshotIsAPNGOfTheOutputSize() throws {
        let session = try ClientSession()
        let directory = session.weston.runtimeDirectory + "/shots"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = try session.weston.screenshot(in: directory)
        #expect(path.hasPrefix(directory + "/") && path.hasSuffix(".png"))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Array(bytes.prefix(8)) == Self.pngSignature)
        // IHDR follows the signature: length, "IHDR", then big-endian width and height.
        let header = Array(bytes[16..<24])
        let width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == ClientSession.outputWidth && height == ClientSession.outputHeight)
    }
}
