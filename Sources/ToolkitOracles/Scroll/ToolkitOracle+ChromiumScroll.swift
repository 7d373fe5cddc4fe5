import Foundation

// MARK: - Chromium as a scrolling oracle

extension ToolkitOracle {
    /// Chromium 156 (Debian 12) in kiosk mode showing a 200000 px tall page scrolled by its own touch scrolling,
    /// reporting window.scrollY at every animation frame.
    public static let chromiumScroll = ToolkitOracle(
        toolkit: "chromium", displayName: "Chromium", packages: ["chromium"],
        oracleFile: "chromium-scroll/oracle.html", channel: .chromiumConsole,
        requiredFiles: ["/usr/bin/chromium"],
        command: { launch in
            // --kiosk with a plain URL fills the kiosk output (an --app window keeps a 56 px title strip, and
            // --start-fullscreen does not remove it). The page turns its timestamps into CLOCK_MONOTONIC with the
            // wall clock's offset from it, read here as Blink reads it at start (oracles/chromium-scroll/oracle.html).
            var arguments = ["--ozone-platform=wayland", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
                             "--disable-extensions", "--disable-sync", "--force-device-scale-factor=1",
                             "--user-data-dir=\(launch.folder)/profile", "--enable-logging=stderr", "--v=0", "--kiosk"]
            if launch.isRoot { arguments.append("--no-sandbox") }
            var page = URLComponents(url: URL(fileURLWithPath: launch.oracleFile), resolvingAgainstBaseURL: false)!
            page.queryItems = [URLQueryItem(name: "epoch", value: String(format: "%.3f", wallClockOffset()))]
            arguments.append(page.string ?? launch.oracleFile)
            return ("/usr/bin/chromium", arguments, [:])
        })

    /// CLOCK_REALTIME − CLOCK_MONOTONIC in ms: Blink's unix_at_zero_monotonic.
    static func wallClockOffset() -> Double {
        var wall = timespec(), monotonic = timespec()
        clock_gettime(CLOCK_REALTIME, &wall)
        clock_gettime(CLOCK_MONOTONIC, &monotonic)
        return Double(wall.tv_sec - monotonic.tv_sec) * 1000 + Double(wall.tv_nsec - monotonic.tv_nsec) / 1_000_000
    }
}
