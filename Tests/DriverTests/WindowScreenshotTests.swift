import CompositorDrivers
import Foundation
import Render
import SandboxHarness
import TestSupport
import Testing

/// The README's pictures of the window as users first see it: title bar (KWin's Breeze,
/// libdecor's under GNOME Shell), HUD on, two fingers down. Written only when asked:
/// `GESTURE_SANDBOX_DOCS_DIR=$PWD/docs swift test --filter WindowScreenshotTests`.
@Suite(.serialized)
struct WindowScreenshotTests {
    private static let docsDirectory = ProcessInfo.processInfo.environment["GESTURE_SANDBOX_DOCS_DIR"]

    @Test("README screenshots: the window with its decorations and HUD under KWin and GNOME Shell",
          .enabled(if: docsDirectory != nil))
    func desktops() throws {
        let directory = try #require(Self.docsDirectory)
        let runs: [(driver: CompositorDriver, file: String, configuration: DriverConfiguration)] = [
            (KWinDriver(), "window-kwin.png", DriverConfiguration(width: 1280, height: 720)),
            (GnomeShellDriver(), "window-gnome-shell.png", DriverConfiguration(width: 1600, height: 900)),
        ]
        for run in runs {
            let client = try SandboxClient(run.driver, configuration: run.configuration, hud: true)
            MonotonicClock.sleep(1)
            let path = "\(client.session.runtimeDirectory)/\(run.file)"
            try client.session.screenshot(to: path)
            let image = try PNGFile.read(contentsOf: path)
            #expect(image.width == run.configuration.width && image.height == run.configuration.height)
            let target = "\(directory)/\(run.file)"
            try? FileManager.default.removeItem(atPath: target)
            try FileManager.default.copyItem(atPath: path, toPath: target)
            _ = try client.finishEvents()
        }
    }
}
