import Benchmarks
import Testing

/// `gesture-bench latency`'s resident-set breakdown, from smaps text as Linux writes it.
struct ResidentBreakdownTests {
    /// Shortened from a live client's /proc/PID/smaps: each mapping's header line, then its fields.
    /// libdecor itself is linked into every run (small); only its plugin's libraries count as decoration.
    static let smaps = """
        55d3c1a00000-55d3c2400000 r-xp 00000000 fe:00 16278154                   /usr/bin/gesture-sandbox
        Size:              10240 kB
        Rss:                4096 kB
        Pss:                4096 kB
        55d3c2400000-55d3c2500000 rw-p 00a00000 fe:00 16278154                   /usr/bin/gesture-sandbox
        Rss:                 512 kB
        55d3c3000000-55d3c3100000 rw-p 00000000 00:00 0                          [heap]
        Rss:                 900 kB
        7f4e453d1000-7f4e45751000 rw-s 00000000 00:01 3121                       /memfd:gesture-sandbox-buffer (deleted)
        Rss:                3600 kB
        7f4e46e44000-7f4e46f9a000 r-xp 00026000 fe:00 1049                       /usr/lib/x86_64-linux-gnu/libc.so.6
        Rss:                1400 kB
        7f4e47099000-7f4e4719a000 r-xp 00099000 fe:00 1050                       /usr/lib/x86_64-linux-gnu/libstdc++.so.6.0.30
        Rss:                1000 kB
        7f4e46288000-7f4e46357000 r-xp 00012000 fe:00 1051                       /usr/lib/x86_64-linux-gnu/libcairo.so.2.11600.0
        Rss:                 600 kB
        7f4e475bb000-7f4e47640000 r-xp 0000b000 fe:00 1052                       /usr/lib/x86_64-linux-gnu/libpixman-1.so.0.42.2
        Rss:                 500 kB
        7f4e47661000-7f4e47664000 r-xp 00004000 fe:00 1054                       /usr/lib/x86_64-linux-gnu/libdecor-0.so.0.100.1
        Rss:                  36 kB
        7f4e45755000-7f4e457a9000 r--p 00000000 fe:00 1053                       /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf
        Rss:                 164 kB
        7f4e4721a000-7f4e4721c000 rw-p 00000000 00:00 0 
        Rss:                   8 kB
        7ffe7f6d8000-7ffe7f6f9000 rw-p 00000000 00:00 0                          [stack]
        Rss:                  76 kB
        """

    @Test("each mapping's Rss goes to its kind: the program, C runtime, decoration libraries, other libraries, buffers, files, anonymous")
    func classifiesMappings() {
        let breakdown = ResidentBreakdown.parse(smaps: Self.smaps, executable: "/usr/bin/gesture-sandbox")
        #expect(breakdown.bytes == [
            .executable: (4096 + 512) * 1024, .anonymous: (900 + 8 + 76) * 1024, .buffers: 3600 * 1024,
            .cRuntime: (1400 + 1000) * 1024, .decorationLibraries: 600 * 1024, .otherLibraries: (500 + 36) * 1024,
            .files: 164 * 1024,
        ])
        #expect(breakdown.total == (4096 + 512 + 900 + 8 + 76 + 3600 + 1400 + 1000 + 600 + 500 + 36 + 164) * 1024)
    }

    @Test("another program's path is a file like any other, and the table says – for a client without a breakdown")
    func programPathAndMissingRows() {
        let breakdown = ResidentBreakdown.parse(smaps: Self.smaps, executable: "/usr/bin/weston-simple-touch")
        #expect(breakdown.bytes[.executable] == nil && breakdown.bytes[.files] == (4096 + 512 + 164) * 1024)
        let table = ResidentTable(runs: [], clients: ["absent"]).text.split(separator: "\n")
        #expect(table.count == 3 && table[2].hasPrefix("| absent | – |"))
    }
}
