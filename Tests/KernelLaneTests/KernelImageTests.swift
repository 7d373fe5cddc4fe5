import KernelLane
import Testing

/// Finding the compressed kernel inside a bzImage by its setup header.
@Suite struct KernelImageTests {
    /// A bzImage-shaped buffer: one setup sector, the payload 16 bytes into the protected-mode part.
    private func image(setupSectors: UInt8 = 1, payloadOffset: UInt32 = 16, payloadLength: UInt32 = 6,
                       magic: [UInt8] = [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 2048)
        bytes[0x1f1] = setupSectors
        bytes.replaceSubrange(0x202..<0x206, with: Array("HdrS".utf8))
        for index in 0..<4 {
            bytes[0x248 + index] = UInt8(truncatingIfNeeded: payloadOffset >> (8 * UInt32(index)))
            bytes[0x24c + index] = UInt8(truncatingIfNeeded: payloadLength >> (8 * UInt32(index)))
        }
        let start = (Int(setupSectors) + 1) * 512 + Int(payloadOffset)
        bytes.replaceSubrange(start..<(start + magic.count), with: magic)
        return bytes
    }

    @Test func thePayloadIsFoundByTheSetupHeaderAndNamedByItsMagic() throws {
        let bytes = image()
        let payload = try #require(KernelImage.payload(in: bytes))
        #expect(payload == 1040..<1046)
        #expect(KernelImage.compression(of: bytes[payload]) == "xz")
        let gzip = image(magic: [0x1f, 0x8b, 0x08])
        #expect(KernelImage.payload(in: gzip).map { KernelImage.compression(of: gzip[$0]) } == "gzip")
    }

    @Test func whatIsNoBzImageIsRefused() {
        var noMagic = image()
        noMagic[0x202] = 0
        #expect(KernelImage.payload(in: noMagic) == nil)
        #expect(KernelImage.payload(in: image(payloadLength: 4096)) == nil)
        #expect(KernelImage.payload(in: [UInt8](repeating: 0, count: 100)) == nil)
        #expect(KernelImage.compression(of: [0x7f, 0x45, 0x4c, 0x46][...]) == nil)
    }
}
