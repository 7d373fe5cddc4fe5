import Foundation

// MARK: - Firefox ESR as an oracle

extension ToolkitOracle {
    /// Firefox ESR (Debian 12: 153) showing the oracle page in kiosk mode on its Wayland backend.
    public static let firefox = ToolkitOracle(
        toolkit: "firefox", displayName: "Firefox", packages: ["firefox-esr"],
        oracleFile: "firefox/oracle.html", channel: .jsonLines,
        requiredFiles: ["/usr/bin/firefox-esr", firefoxApplicationINI],
        command: { launch in
            // --no-remote: no other Firefox is asked to open the page, and none listens for this one.
            // The user agent names only the major version; the page reports the one in the URL.
            var page = URLComponents(url: URL(fileURLWithPath: launch.oracleFile), resolvingAgainstBaseURL: false)!
            page.queryItems = [URLQueryItem(name: "version", value: firefoxVersion())]
            return ("/usr/bin/firefox-esr",
                    ["--profile", launch.folder + "/profile", "--no-remote", "--kiosk", page.string ?? launch.oracleFile],
                    // No Wayland proxy thread between Firefox and the compositor, no crash reporter, no
                    // accessibility bus (there is no session bus to find it on).
                    ["MOZ_ENABLE_WAYLAND": "1", "GDK_BACKEND": "wayland", "MOZ_DISABLE_WAYLAND_PROXY": "1",
                     "MOZ_CRASHREPORTER_DISABLE": "1", "NO_AT_BRIDGE": "1"])
        },
        prepare: { launch in
            // A fresh profile whose user.js pins every value the model uses (oracles/firefox/user.js).
            let profile = launch.folder + "/profile"
            try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            let preferences = URL(fileURLWithPath: launch.oracleFile).deletingLastPathComponent()
                .appendingPathComponent("user.js").path
            try FileManager.default.copyItem(atPath: preferences, toPath: profile + "/user.js")
        },
        probesOffset: true)

    /// Where Debian's Firefox ESR says its version.
    static let firefoxApplicationINI = "/usr/lib/firefox-esr/application.ini"

    /// The installed Firefox's full version (`153.8.0`) from its application.ini, or "unknown".
    static func firefoxVersion() -> String {
        guard let text = try? String(contentsOfFile: firefoxApplicationINI, encoding: .utf8) else { return "unknown" }
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("Version=") {
            return String(line.dropFirst("Version=".count))
        }
        return "unknown"
    }
}
