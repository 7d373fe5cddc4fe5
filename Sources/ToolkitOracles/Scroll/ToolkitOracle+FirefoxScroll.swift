import Foundation

// MARK: - Firefox ESR as a scrolling oracle

extension ToolkitOracle {
    /// Firefox ESR (Debian 12: 153) in kiosk mode showing a page 200000 px tall, scrolled by APZ, reporting
    /// window.scrollY at every requestAnimationFrame (oracles/firefox-scroll/oracle.html).
    public static let firefoxScroll = ToolkitOracle(
        toolkit: "firefox", displayName: "Firefox", packages: ["firefox-esr"],
        oracleFile: "firefox-scroll/oracle.html", channel: .jsonLines,
        requiredFiles: ["/usr/bin/firefox-esr", firefoxApplicationINI],
        command: { launch in
            var firefox = ToolkitOracle.firefox.command(launch)
            // The page's times are wall-clock ms; this puts them on CLOCK_MONOTONIC, the wl_touch clock.
            var page = URLComponents(string: firefox.arguments.removeLast())!
            page.queryItems = (page.queryItems ?? []) + [URLQueryItem(name: "clock", value: String(monotonicMinusRealtime()))]
            firefox.arguments.append(page.string ?? "")
            return firefox
        },
        prepare: ToolkitOracle.firefox.prepare)

    /// CLOCK_MONOTONIC − CLOCK_REALTIME now, µs (the realtime read on both sides of the monotonic one).
    static func monotonicMinusRealtime() -> Int64 {
        func read(_ clock: clockid_t) -> Int64 {
            var spec = timespec()
            clock_gettime(clock, &spec)
            return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1000
        }
        let before = read(CLOCK_REALTIME), monotonic = read(CLOCK_MONOTONIC), after = read(CLOCK_REALTIME)
        return monotonic - (before + after) / 2
    }
}
