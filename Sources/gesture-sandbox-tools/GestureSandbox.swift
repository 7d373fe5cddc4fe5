import ArgumentParser
import Foundation
import RunCommand
import TouchStream

/// The `gesture-sandbox` command line: watch, replay, inject, demo.
@main
struct GestureSandbox: ParsableCommand {
    /// The version written into trace headers and printed by --version.
    static let version = SandboxVersion.current

    static let configuration = CommandConfiguration(
        commandName: "gesture-sandbox",
        abstract: "See how a UIKit-style responder chain interprets a compositor's wl_touch stream.",
        discussion: """
            run      opens the sandbox window under $WAYLAND_DISPLAY (touch it, or drag with mouse button 1)
            replay   runs a trace headless and prints the deliveries log
            inject   sends a compact touch script to the gesture harness of a private weston
            weston   starts a private headless weston with the harness and prints its WAYLAND_DISPLAY
            demo     runs a scripted four-finger session under a private headless weston
            check    checks a trace against the wl_touch protocol rules (ids explained in docs/rules.md)
            import   turns a WAYLAND_DEBUG=1 client log into a trace, or a libinput record, evemu or hid-recorder file into our device form
            compare  diffs two deliveries logs, two traces, or one trace under two profiles
            minimize shrinks a trace to the records that still show a finding or outcome
            report   writes a bug report: findings, minimal trace, SVG timeline, PNGs
            matrix   runs touch scripts through several real compositors and compares them
            compositors  lists the compositors the matrix drives and what each can inject
            toolkits runs touch scripts through real GTK, Qt and Chromium and through our models of them
            guest    plays touch scripts through a real kernel (uinput, udev, libinput) in a qemu guest, under sway, weston, cage, phoc or Wayfire on DRM
            x11-client  opens an X11 window under Xwayland and records what touches became (XI touch, pointer, core)
            """,
        version: version,
        // Each of these gives its commandName: without one, ArgumentParser derives it from
        // String(describing: Self.self), and every such description of a type asks the Swift
        // runtime for its protocol conformances, a scan of every conformance in this binary
        // (Foundation's included): at each start, for each subcommand, about a fifth of the CPU
        // `run` spends before its window is mapped.
        subcommands: [Run.self, Replay.self, Inject.self, Weston.self, Demo.self, Check.self, Import.self, Compare.self,
                      Minimize.self, Report.self, Matrix.self, Compositors.self, Toolkits.self, Guest.self, X11Client.self, ListScenes.self, ListProfiles.self])
}

/// The program a client window is started with: gesture-sandbox beside this one (it serves `run`
/// lighter than this program does), else this program itself.
func windowProgram() throws -> String {
    let own = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let sibling = URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent("gesture-sandbox").path
    return FileManager.default.isExecutableFile(atPath: sibling) ? sibling : own
}

/// Readies a command that writes files: no temporary survives its exit (errors and signals
/// included), a full disk is an error rather than SIGXFSZ, and an output that is one of the
/// `inputs` is refused before anything is read.
func prepareOutputs(_ outputs: [String?], inputs: [String]) throws {
    signal(SIGXFSZ, SIG_IGN)
    TemporaryFiles.removeAtExit()
    TemporaryFiles.removeOnSignals()
    try OutputTarget.refuse(outputs: outputs.compactMap { $0 }, readingFrom: inputs)
}
