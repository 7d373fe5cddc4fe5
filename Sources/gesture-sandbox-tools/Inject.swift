import ArgumentParser
import RunCommand
import Foundation
import SandboxHarness

import TouchStream

/// `gesture-sandbox inject`: a compact script into the harness of a private weston.
struct Inject: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inject",
        abstract: "Send a compact touch script to the gesture harness of a weston started with our module.",
        discussion: """
            SCRIPT is the compact form inline ('down 0 640 360; frame; motion 0 650 360; frame; up 0; frame'), \
            a file holding it, or - for standard input. Coordinates are global (output) coordinates; \
            `sleep MS` really waits; cancel, shape and orientation go straight to the focused client's wl_touch. \
            The compositor is found through $WAYLAND_DISPLAY and $XDG_RUNTIME_DIR (or --display): start one \
            with `gesture-sandbox weston` and export what it prints.
            """)

    @Argument(help: ArgumentHelp("The script, a file holding it, or - for standard input.", valueName: "script"))
    var script: String

    @Option(help: ArgumentHelp("Wayland display (socket name or absolute path) of the harness weston.",
                               valueName: "name"))
    var display: String?

    func run() throws {
        let (text, name) = try source()
        let items: [ScriptItem]
        do {
            items = try CompactTrace.parse(text, name: name)
        } catch {
            throw fail(error, code: 2)
        }
        var environment = ProcessInfo.processInfo.environment
        if let display { environment["WAYLAND_DISPLAY"] = display }
        do {
            let harness = try HarnessConnection(environment: environment)
            try harness.run(items)
        } catch {
            throw fail(error)
        }
    }

    /// The script text and the name errors cite: `-` and existing files are read like every
    /// other input (located errors), anything else is the script itself.
    private func source() throws -> (String, String) {
        guard script == "-" || FileManager.default.fileExists(atPath: script) else { return (script, "<argument>") }
        do {
            return (try InputText.read(script), InputPath.displayName(script))
        } catch {
            throw fail(error, code: 2)
        }
    }
}
