import ArgumentParser
import Foundation
import SandboxHarness
import SandboxRuntime
import TouchStream

/// `gesture-sandbox inject`: a compact script into the harness of a private weston.
struct Inject: ParsableCommand {
    static let configuration = CommandConfiguration(
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

    /// The script text and the name errors cite.
    private func source() throws -> (String, String) {
        if script == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return (String(decoding: data, as: UTF8.self), "<stdin>")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: script, isDirectory: &isDirectory) else {
            return (script, "<argument>")
        }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: script) else {
            throw fail(RuntimeError("\(script): cannot read the script file"), code: 2)
        }
        return (String(decoding: data, as: UTF8.self), script)
    }
}
