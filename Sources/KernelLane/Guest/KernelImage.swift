// MARK: - The kernel as qemu boots it fastest

/// Where a bzImage keeps its compressed kernel: (setup_sects + 1) × 512 bytes in, plus the setup
/// header's `payload_offset` (boot protocol 2.08+), `payload_length` bytes long.
///
/// The guest boots the unpacked ELF kernel through its PVH entry instead of the bzImage: under TCG
/// the firmware's copy and the kernel's own unpacking took about 6 s of a 10 s boot to the
/// initramfs; the ELF kernel reaches it in about 4 s.
public enum KernelImage {
    /// The payload's byte range in a bzImage, or nil when `bytes` is not one (no `HdrS` magic, or
    /// a range past the end).
    public static func payload(in bytes: [UInt8]) -> Range<Int>? {
        guard bytes.count > 0x250, Array(bytes[0x202..<0x206]) == Array("HdrS".utf8) else { return nil }
        let setupSectors = bytes[0x1f1] == 0 ? 4 : Int(bytes[0x1f1])
        let offset = (setupSectors + 1) * 512 + Int(littleEndian32(bytes, at: 0x248))
        let length = Int(littleEndian32(bytes, at: 0x24c))
        guard length > 0, offset + length <= bytes.count else { return nil }
        return offset..<(offset + length)
    }

    /// The compression the payload's first bytes show, by the name of its Debian decompressor.
    public static func compression(of bytes: ArraySlice<UInt8>) -> String? {
        let magic = Array(bytes.prefix(6))
        if magic == [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00] { return "xz" }
        if magic.starts(with: [0x1f, 0x8b]) { return "gzip" }
        if magic.starts(with: [0x28, 0xb5, 0x2f, 0xfd]) { return "zstd" }
        return nil
    }

    private static func littleEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }
}
