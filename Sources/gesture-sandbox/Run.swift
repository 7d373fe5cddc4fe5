import ArgumentParser
import Foundation
import Live
import TouchStream

/// `gesture-sandbox run`: the live window.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open the sandbox window under a Wayland compositor.",
        discussion: "Touch the window, or drag with mouse button 1 (Alt adds a second finger mirrored about the centre; Alt+Shift moves both). The HUD is on at start (h hides it); ? shows the key map; the < handle on the right edge opens touch controls for everything the keys do. q or Escape quits, and so do the close button, SIGINT, SIGTERM and SIGHUP; every output file is opened at start and they all appear together at the end (docs/command-line.md).")

    @OptionGroup var sceneOptions: SceneOptions

    @Option(help: ArgumentHelp("Wayland display to connect to (default: $WAYLAND_DISPLAY).", valueName: "name"))
    var display: String?

    @Option(help: ArgumentHelp("Record every wl_touch event to this JSON Lines trace.", valueName: "file"))
    var record: String?

    @Option(help: ArgumentHelp("Write the deliveries log (one JSON line per responder call) here.", valueName: "file"))
    var log: String?

    @Option(help: ArgumentHelp("On exit, write the scene's state (view frames, facts) as JSON here.", valueName: "file"))
    var state: String?

    @Option(help: ArgumentHelp("On exit, write a PNG of the last frame here.", valueName: "file"))
    var screenshot: String?

    @Flag(name: .customLong("no-hud"), help: "Start with the heads-up display hidden (for screenshots and tests); h shows it.")
    var noHUD = false

    func run() throws {
        var options = LiveOptions(display: display, sceneType: sceneOptions.sceneType,
                                  profile: sceneOptions.thresholdProfile, recordPath: record, logPath: log,
                                  statePath: state, screenshotPath: screenshot, toolVersion: GestureSandbox.version)
        options.traceArena = sceneOptions.traceArena
        options.showsHUD = !noHUD
        // A full disk or a closed pipe must be a write error the recording survives, not SIGXFSZ or
        // SIGPIPE; a crash keeps the recording up to its last whole record (SIGINT, SIGTERM and SIGHUP
        // end the event loop instead).
        signal(SIGXFSZ, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        TemporaryFiles.removeAtExit()
        TemporaryFiles.removeOnSignals(TemporaryFiles.killingSignals)
        do {
            let session = try LiveSession(options: options)
            _ = try session.run()
        } catch {
            throw fail(error)
        }
    }
}
