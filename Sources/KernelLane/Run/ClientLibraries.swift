// MARK: - Our client's Swift runtime

/// Where our host-built client finds its Swift runtime, read from `ldd`: the guest's root has the
/// Debian libraries, not the toolchain's, so that folder is shared in and put on LD_LIBRARY_PATH.
public enum ClientLibraries {
    /// The folder of `libswiftCore.so` in `ldd` output (nil: the runtime is linked in statically).
    public static func swiftRuntimeFolder(fromLDD text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let name = words.first, name.hasPrefix("libswiftCore.so"), words.count >= 3, words[1] == "=>",
                  let slash = words[2].lastIndex(of: "/") else { continue }
            return String(words[2][..<slash])
        }
        return nil
    }

    /// The libraries `ldd` could not find (`libfoo.so.1 => not found`).
    public static func missing(fromLDD text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            line.contains("=> not found") ? line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) : nil
        }
    }
}
