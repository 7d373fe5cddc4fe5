import CFontconfig
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Finding a font file

/// A font that cannot be found or opened, reported in one line.
public struct FontError: Error, Hashable, CustomStringConvertible {
    /// The message, one line.
    public let description: String
    /// Wraps a one-line message.
    public init(description: String) { self.description = description }
}

/// Finds font files through fontconfig, accepting only the families asked for.
///
/// fontconfig always answers with *some* font (its best substitute); a substitute silently
/// changes metrics and glyph coverage, so a match counts only when one of its family names
/// is one of the requested families (case-insensitive).
public enum FontLocator {
    /// The families the HUD and labels use, best first: both ship in Debian's fonts-dejavu-core.
    public static let preferredFamilies = ["DejaVu Sans Mono", "DejaVu Sans"]
    /// The Debian package that provides `preferredFamilies`, named in the error.
    public static let fontPackage = "fonts-dejavu-core"

    /// Where fonts-dejavu-core installs the preferred families (keys lowercased).
    static let packagedFiles = [
        "dejavu sans mono": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
        "dejavu sans": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    ]

    /// The file of the first of `families` that fontconfig has; throws a one-line error when none.
    ///
    /// When the first family's file is where its Debian package puts it, that file is the
    /// answer without asking fontconfig: loading fontconfig's configuration parses dozens of XML
    /// files and maps its caches (milliseconds and a few hundred KiB before the window's first
    /// frame), only to name the same file.
    public static func locate(families: [String] = preferredFamilies) throws -> String {
        if let file = packagedFile(families: families) { return file }
        guard let config = FcInitLoadConfigAndFonts() else {
            throw FontError(description: "font: fontconfig could not load its configuration")
        }
        defer { FcConfigDestroy(config) }
        for family in families {
            if let file = match(family: family, config: config) { return file }
        }
        throw FontError(description: "font: none of \(families.map { "\"\($0)\"" }.joined(separator: ", ")) "
            + "is installed (install \(fontPackage))")
    }

    /// The first family's file where its Debian package installs it, when it is there and
    /// readable: found without fontconfig, so cheap enough to open on any thread at any time.
    public static func packagedFile(families: [String] = preferredFamilies) -> String? {
        guard let first = families.first, let file = packagedFiles[first.lowercased()], access(file, R_OK) == 0 else {
            return nil
        }
        return file
    }

    /// The file fontconfig matches for `family`, if the match really is that family.
    private static func match(family: String, config: OpaquePointer) -> String? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                FcPatternAddString(pattern, FC_FAMILY, $0)
            }
        }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let found = FcFontMatch(config, pattern, &result), result == FcResultMatch else { return nil }
        defer { FcPatternDestroy(found) }
        guard families(of: found).contains(where: { $0.lowercased() == family.lowercased() }) else { return nil }
        return string(found, FC_FILE, index: 0)
    }

    /// Every family name a matched pattern carries (a font may list several, per language).
    private static func families(of pattern: OpaquePointer) -> [String] {
        var names: [String] = []
        var index: Int32 = 0
        while let name = string(pattern, FC_FAMILY, index: index) {
            names.append(name)
            index += 1
        }
        return names
    }

    private static func string(_ pattern: OpaquePointer, _ object: String, index: Int32) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, index, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }
}
