import ArgumentParser
import Foundation
import RunCommand
import TouchStream
import X11Oracle

/// `gesture-sandbox x11-client`: our X11 window under Xwayland, recording what a touch became.
struct X11Client: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "x11-client",
        abstract: "Open an X11 window (under Xwayland) and record the XI 2.2 touch, XI 2 pointer and core pointer events it gets.",
        discussion: """
            The window selects XI TouchBegin/Update/End, XI ButtonPress/Release/Motion (all master devices) \
            and core ButtonPress/Release/MotionNotify, so a trace shows which of them a touch became, with \
            the XI flags (0x10000 XIPointerEmulated: a pointer event made up from a touch; 0x20000 \
            XITouchEmulatingPointer). Each event is written as received: time, device, detail (the touch id \
            or button), window and root coordinates in FP16.16; the window's size and root origin are \
            written at the start and on every ConfigureNotify (records x11-…, trace version 3: see \
            docs/trace-format.md). When the window is mapped, one line goes to standard output: \
            `x11-client: window 0xID WIDTHxHEIGHT at X,Y on DISPLAY`.

            Needs an X display: $DISPLAY or --display, served by Xwayland (Debian package xwayland) under \
            a compositor that starts it (`gesture-sandbox weston --xwayland`, sway with `xwayland enable`, \
            `kwin_wayland --xwayland`). Runs until SIGINT, SIGTERM or SIGHUP (the trace is finished, exit 0) \
            or until the X server goes away (the trace is finished, exit 1). Without a display, or without \
            XInput 2.2: one line on standard error, exit 1, no trace written.
            """)

    @Option(help: ArgumentHelp("Write the trace here (JSON Lines; - for standard output).", valueName: "file"))
    var record: String

    @Option(help: ArgumentHelp("The X display (default: $DISPLAY).", valueName: "name"))
    var display: String?

    @Option(help: ArgumentHelp("Window width in X pixels.", valueName: "px"))
    var width = 640

    @Option(help: ArgumentHelp("Window height in X pixels.", valueName: "px"))
    var height = 480

    @Option(help: ArgumentHelp("The window's title (WM_NAME).", valueName: "text"))
    var title = "gesture-sandbox x11-client"

    func validate() throws {
        guard (1...32767).contains(width), (1...32767).contains(height) else {
            throw ValidationError("--width and --height must be between 1 and 32767")
        }
    }

    func run() throws {
        let window: X11OracleWindow
        let trace: TraceWriter
        do {
            // The display first: no trace file is made for a window that cannot exist.
            window = try X11OracleWindow(display: display, width: UInt16(width), height: UInt16(height), title: title)
            let header = TraceHeader(toolVersion: SandboxVersion.current, profile: "x11-client",
                                     created: TraceHeader.isoTimestamp(Date()))
            trace = try TraceWriter(path: record, header: header)
        } catch {
            throw fail(error)
        }
        let ending: X11OracleSession.Ending
        do {
            let shown = window.display
            let id = "0x" + String(window.windowID, radix: 16)
            ending = try X11OracleSession.run(window: window, trace: trace) { geometry in
                let place = geometry.map { "\($0.width)x\($0.height) at \($0.rootX),\($0.rootY)" } ?? "unknown geometry"
                FileHandle.standardOutput.write(Data("x11-client: window \(id) \(place) on \(shown)\n".utf8))
            }
        } catch {
            trace.finishAfterError()
            throw fail(error)
        }
        if ending == .serverGone { throw fail(X11OracleError.request("the X server \(window.display) went away")) }
    }
}
