import CompositorDrivers
import Foundation
import Playback
import TouchStream

// MARK: - The built-in scripts (`matrix --battery`; documented in docs/battery.md)

/// The protocol's hard cases as window-relative scripts. Every point lies within 1000×600 of the
/// window's top-left corner, so each compositor's window (1280×720 or a little less) holds it; the
/// drags start on the top-left square of `touchdemo`, which sits at the same place in any window.
/// Sleeps pace frames at about 60 Hz, as hardware would.
public enum MatrixBattery {
    /// The scripts, in report order.
    public static var scripts: [MatrixScript] {
        let single = entries.map { entry in script(entry.name, entry.summary, entry.text) }
        let several = windowEntries.map { entry in
            script(entry.name, entry.summary, entry.text, windows: entry.windows, expectations: entry.expectations)
        }
        let mouse = mouseEntries.map { entry in script(entry.name, entry.summary, entry.text, pointer: entry.pointer) }
        // The single-window scripts again on a scaled and on a rotated output, last: each output
        // is a start of its own.
        let outputs: [(suffix: String, setup: MatrixOutputSetup)] = [("scale2", MatrixOutputSetup(scale: 2)),
                                                                   ("rotated", MatrixOutputSetup(rotation: 90)),
                                                                   ("scale1.25", MatrixOutputSetup(scale: 1.25)),
                                                                   ("scale1.5", MatrixOutputSetup(scale: 1.5))]
        let transformed = outputs.flatMap { output in
            entries.filter { outputScripts.contains($0.name) }.map { entry in
                script("\(entry.name)@\(output.suffix)", "\(entry.summary) (output \(output.setup))", entry.text,
                       output: output.setup)
            }
        }
        // A popup's position and the touches on it, on a fractional output: its coordinates must
        // stay exact in logical pixels, as on the plain output.
        let fractional = MatrixOutputSetup(scale: 1.5)
        let popups = windowEntries.filter { $0.name == "popup" }.map { entry in
            script("\(entry.name)@scale1.5", "\(entry.summary) (output \(fractional))", entry.text, windows: entry.windows,
                   output: fractional, expectations: entry.expectations)
        }
        // The layer and popup scripts on the second of two outputs, right of the first: their
        // surfaces there, touched there, must get the single output's surface-local stream.
        let second = MatrixOutputSetup(secondOutput: true)
        let onSecond = windowEntries.filter { secondOutputScripts.contains($0.name) }.map { entry in
            script("\(entry.name)@output2", "\(entry.summary) (output \(second))", entry.text,
                   windows: entry.windows.map(onSecondOutput), output: second, expectations: entry.expectations)
        }
        // A seat with touch and no pointer (a touchscreen kiosk's): a tap, a drag, and the
        // keyboard focus a touch gives, which compositors often tie to the pointer.
        let kiosk = MatrixOutputSetup(touchOnlySeat: true)
        let touchOnly = entries.filter { outputScripts.contains($0.name) }.map { entry in
            script("\(entry.name)@touchonly", "\(entry.summary) (\(kiosk))", entry.text, output: kiosk)
        } + windowEntries.filter { $0.name == "focus" }.map { entry in
            script("\(entry.name)@touchonly", "\(entry.summary) (\(kiosk))", entry.text, windows: entry.windows,
                   output: kiosk, expectations: entry.expectations)
        }
        // Our X11 window under each compositor's Xwayland, against the wl_touch stream of the same
        // touches: a start with Xwayland after the plain scripts, and the scaled one a start of its own, last.
        let x11 = x11Entries.map { entry in script(entry.name, entry.summary, entry.text, windows: [.x11]) }
        let scaled = MatrixOutputSetup(scale: 2)
        let x11Scaled = x11Entries.filter { $0.name == "x11-tap" }.map { entry in
            script("\(entry.name)@scale2", "\(entry.summary) (output \(scaled))", entry.text, windows: [.x11], output: scaled)
        }
        // The machine below the compositor (outputs, touchscreens, udev properties): the kernel lane's only, last.
        let devices = KernelLaneScripts.entries.map { entry in script(entry.name, entry.summary, entry.text, devices: entry.setup) }
        return single + several + mouse + x11 + transformed + popups + onSecond + touchOnly + x11Scaled + devices
    }

    /// The scripts run again on the second of two outputs: a layer surface's tap and popup, and a
    /// toplevel's popup, whose touches compositors have mapped with the first output's origin.
    static let secondOutputScripts: [String] = ["layer-tap", "layer-popup", "popup"]

    /// `window` with its layer surface, if any, asked for on the second output (`--layer-output 2`);
    /// toplevels go there as the driver makes them (the output it focuses).
    static func onSecondOutput(_ window: MatrixWindow) -> MatrixWindow {
        guard window.arguments.contains("--layer-surface") else { return window }
        return MatrixWindow(name: window.name, arguments: window.arguments + ["--layer-output", "2"])
    }

    /// Scripts whose window is our X11 window (`x11-client`) under the compositor's Xwayland; each
    /// cell also runs the script on our Wayland client and compares (observations M15–M19). Users
    /// file that X11 applications get only an emulated mouse from touch, that positions are offset
    /// on scaled outputs, that a drag breaks, and that motion arrives both as touch and as pointer.
    private static let x11Entries: [(name: String, summary: String, text: String)] = [
        ("x11-tap", "one finger taps our X11 window (Xwayland)", "down 0 200 150; frame; sleep 60; up 0; frame"),
        ("x11-drag", "one finger drags across our X11 window (Xwayland)", "down 0 200 150; frame; sleep 16\n"
            + steps(8) { "motion 0 \(200 + 15 * $0) \(150 + 10 * $0)" } + "\nup 0; frame"),
        ("x11-twofinger", "a second finger lands and lifts while the first stays, in our X11 window (Xwayland)", """
            down 0 200 150; frame; sleep 30
            down 1 400 300; frame; sleep 30
            motion 0 210 155; motion 1 410 305; frame; sleep 30
            up 1; frame; sleep 30
            up 0; frame
            """),
    ]

    /// The single-window scripts run again on the scaled and the rotated output: a tap and a drag,
    /// whose coordinates and frames an output transform could change; not the ones about ids,
    /// cancels and landings, which no output setting touches (each output is a compositor start of
    /// its own, and the whole battery must stay within 12 minutes).
    static let outputScripts: Set<String> = ["tap", "drag"]

    private static func script(_ name: String, _ summary: String, _ text: String, windows: [MatrixWindow] = [.main],
                               output: MatrixOutputSetup = .plain, expectations: [MatrixExpectation] = [],
                               pointer: (x: Double, y: Double)? = nil, devices: DeviceSetup? = nil) -> MatrixScript {
        // The texts are fixed and tested (MatrixBatteryTests): a parse error is a bug here.
        do {
            var script = try MatrixScript(name: name, summary: summary, text: text, windows: windows, output: output)
            script.expectations = expectations
            script.pointerParkedAt = pointer
            script.deviceSetup = devices
            return script
        } catch {
            fatalError("battery script \(name): \(error)")
        }
    }

    /// The second client: an app id of its own, so a compositor (and its log) tells the two apart.
    static let second = MatrixWindow(name: "b", arguments: ["--app-id", "gesture-sandbox-b"])

    /// Window `a` with client features (`gesture-sandbox run --help`): a touch on the button at
    /// 0,0 (160 × 160) of the window runs `--on-touch` with that down's serial.
    static func first(_ arguments: String...) -> MatrixWindow {
        MatrixWindow(name: "a", arguments: arguments)
    }

    /// Window `a` with a zwlr_layer_shell_v1 surface beside its window: `--layer-surface` and the
    /// options that shape it. Points on it are given on the output (`surface=output`).
    static func layered(_ arguments: [String]) -> MatrixWindow {
        MatrixWindow(name: "a", arguments: ["--layer-surface"] + arguments)
    }

    /// The layer scripts' usual layer surface: a 400 × 100 panel in the output's top-left corner,
    /// clear of the output's centre, where the window's probe tap lands.
    static let corner = ["--layer-anchor", "top,left", "--layer-size", "400x100"]

    /// The scripts named in `names`, in the battery's order; unknown names are an error.
    public static func scripts(named names: [String]) throws -> [MatrixScript] {
        let all = scripts
        for name in names where !all.contains(where: { $0.name == name }) {
            throw RuntimeError("no battery script \"\(name)\"; battery: \(all.map(\.name).joined(separator: ", "))")
        }
        return all.filter { names.contains($0.name) }
    }

    private static let entries: [(name: String, summary: String, text: String)] = [
        ("tap", "one finger down and up", "down 0 100 100; frame; sleep 60; up 0; frame"),
        ("drag", "one finger drags the top-left square", drag()),
        ("pinch", "two fingers land together and spread apart", pinch()),
        ("swipe3", "three fingers land together and swipe up", swipe3()),
        ("ten", "ten fingers land in one frame, move, lift in one frame", ten()),
        ("doubletap", "two quick taps on one spot", """
            down 0 100 100; frame; sleep 50; up 0; frame; sleep 80
            down 0 102 101; frame; sleep 50; up 0; frame
            """),
        ("titlebar", "a tap in the window, then a drag that starts on the server-side title bar", """
            down 0 400 300; frame; sleep 50; up 0; frame; sleep 300
            down 0 400 -12; frame; sleep 16
            motion 0 410 -12; frame; sleep 16; motion 0 420 -12; frame; sleep 16; motion 0 430 -12; frame; sleep 16
            up 0; frame
            """),
        ("leave", "one finger drags out of the window's left edge and back", """
            down 0 100 300; frame; sleep 16
            motion 0 60 300; frame; sleep 16; motion 0 20 300; frame; sleep 16
            motion 0 -20 300; frame; sleep 16; motion 0 -60 300; frame; sleep 16
            motion 0 20 300; frame; sleep 16; motion 0 60 300; frame; sleep 16
            up 0; frame
            """),
        ("cancel", "a drag cancelled (a compositor gesture takes over), then the same id lands again", """
            down 0 300 300; frame; sleep 16; motion 0 320 300; frame; sleep 30
            cancel; sleep 100
            down 0 400 300; frame; sleep 30; up 0; frame
            """),
        ("idreuse", "an id lifts and lands again in the same frame", """
            down 0 200 200; frame; sleep 30
            up 0; down 0 400 200; frame; sleep 30
            up 0; frame
            """),
    ]

    /// Scripts over windows with client features, most over two windows (each a client of its
    /// own, side by side: `a` left, `b` right, each about 620 × 680 or more; every down lies within
    /// 560 × 500 of its window's corner). The client's parts (`gesture-sandbox run --help`): the
    /// button at 0,0 (160 × 160) that runs `--on-touch` with the down's serial; the popup it opens
    /// at 160,160 (200 × 120); the subsurface at 400,40 (240 × 160) whose input region is its left
    /// half (400…520).
    private static let windowEntries: [(name: String, summary: String, text: String, windows: [MatrixWindow],
                                        expectations: [MatrixExpectation])] = [
        ("twoclients", "two clients touched in turn, then at once (one finger each, landing in one frame)", """
            down 0 200 250 surface=a; frame; sleep 40; up 0; frame; sleep 200
            down 0 200 250 surface=b; frame; sleep 40; up 0; frame; sleep 200
            down 0 150 150 surface=a; down 1 150 150 surface=b; frame; sleep 16
            motion 0 170 160; motion 1 170 160; frame; sleep 16; motion 0 190 170; motion 1 190 170; frame; sleep 16
            up 0; frame; sleep 16; motion 1 210 180; frame; sleep 16; up 1; frame
            """, [.main, second], []),
        ("focus", "a tap on the window opened first (unfocused), then on the other, then back", """
            down 0 300 300 surface=a; frame; sleep 40; up 0; frame; sleep 250
            down 0 300 300 surface=b; frame; sleep 40; up 0; frame; sleep 250
            down 0 300 300 surface=a; frame; sleep 40; up 0; frame; sleep 250
            """, [.main, second], []),
        ("popup", "a touch opens a popup (grabbed with its serial); touches inside it, outside it, on another client", """
            down 0 80 80 surface=a; frame; sleep 40; up 0; frame; sleep 300
            down 0 260 220 surface=a; frame; sleep 40; up 0; frame; sleep 200
            down 0 450 400 surface=a; frame; sleep 40; up 0; frame; sleep 200
            down 0 200 250 surface=b; frame; sleep 40; up 0; frame; sleep 300
            """, [first("--on-touch", "popup"), second], [.popupDismissed(window: "a")]),
        ("dnd", "a touch starts a drag (its serial) and carries it onto the other client, where it drops", """
            down 0 80 80 surface=a; frame; sleep 100
            \(steps(12) { "motion 0 \(80 + 68 * $0) \(80 + 18 * $0)" })
            sleep 100; up 0; frame; sleep 300
            """, [first("--on-touch", "drag"), second], [.dropOn(window: "b")]),
        ("move", "a touch starts an interactive move (its serial) and drags by (200, 100); a tap finds where the window went", """
            down 0 80 80; frame; sleep 100
            \(steps(10) { "motion 0 \(80 + 20 * $0) \(80 + 10 * $0)" })
            up 0; frame; sleep 400
            down 0 500 350; frame; sleep 40; up 0; frame
            """, [first("--on-touch", "move", "--window-size", "800x500")], []),
        ("resize", "a touch starts an interactive resize (its serial) from the bottom-right corner by (150, 100); a tap finds the window's corner", """
            down 0 80 80; frame; sleep 100
            \(steps(10) { "motion 0 \(80 + 15 * $0) \(80 + 10 * $0)" })
            up 0; frame; sleep 400
            down 0 700 450; frame; sleep 40; up 0; frame
            """, [first("--on-touch", "resize", "--window-size", "800x500")], []),
        ("subsurface", "touches on a subsurface's input region, on its part outside the region, and on the window", """
            down 0 450 100; frame; sleep 40; up 0; frame; sleep 200
            down 0 580 100; frame; sleep 40; up 0; frame; sleep 200
            down 0 200 300; frame; sleep 40; up 0; frame
            """, [first("--subsurface")], []),
        ("destroy", "a finger on a subsurface our client destroys while it is down, moving and lifting; then more touches", """
            down 0 450 100; frame; sleep 60
            motion 0 460 110; frame; sleep 16; motion 0 470 120; frame; sleep 16
            up 0; frame; sleep 200
            down 0 450 100; frame; sleep 40; up 0; frame; sleep 200
            down 0 200 300; down 1 300 300; frame; sleep 16
            motion 0 210 300; motion 1 310 300; frame; sleep 16; up 0; up 1; frame
            """, [first("--subsurface", "--on-touch", "destroy-subsurface")], []),
        ("maximize-mid-touch", "a finger on the button asks for maximized while it is down (xdg_toplevel.set_maximized), moves by (200, 100) and lifts; a tap finds the window",
         midTouch(), [first("--on-touch", "maximize", "--window-size", "800x500")], []),
        ("fullscreen-mid-touch", "a finger on the button asks for fullscreen while it is down (xdg_toplevel.set_fullscreen), moves by (200, 100) and lifts; a tap finds the window",
         midTouch(), [first("--on-touch", "fullscreen", "--window-size", "800x500")], []),
        ("titlebar-doubletap", "a double tap on the middle of the server-side title bar; a tap finds the window", """
            down 0 400 -12; frame; sleep 50; up 0; frame; sleep 80
            down 0 402 -11; frame; sleep 50; up 0; frame; sleep 600
            down 0 300 250; frame; sleep 40; up 0; frame
            """, [first("--window-size", "800x500")], []),
        ("lock-touch", "our client locks the session (ext_session_lock_v1); taps on the lock surface, a drag across it, three taps that unlock it, then a tap on the window", """
            down 0 300 300; frame; sleep 40; up 0; frame; sleep 100
            down 0 200 200; frame; sleep 16
            \(steps(6) { "motion 0 \(200 + 40 * $0) \(200 + 20 * $0)" })
            up 0; frame; sleep 100
            down 0 500 400; frame; sleep 40; up 0; frame; sleep 300
            down 0 300 300; frame; sleep 40; up 0; frame
            """, [first("--session-lock", "10000", "--unlock-taps", "3")], []),
        // Breeze (KWin 5.27) draws minimize, maximize and close at the right of its 37 px title
        // bar, centred 78, 48 and 18 px from the window's right edge and 19 px above its content.
        ("titlebar-button", "a tap on the title bar's second button from the right (KWin's Breeze: maximize); a tap finds the window", """
            down 0 752 -19; frame; sleep 50; up 0; frame; sleep 600
            down 0 300 250; frame; sleep 40; up 0; frame
            """, [first("--window-size", "800x500")], []),
        ("titlebar-close", "a tap on the title bar's rightmost button (KWin's Breeze: close); a tap finds whether the window is still there", """
            down 0 782 -19; frame; sleep 50; up 0; frame; sleep 600
            down 0 300 250; frame; sleep 40; up 0; frame
            """, [first("--window-size", "800x500")], []),
        // A client without touch support (`--pointer-only`, no wl_touch): what the compositor makes
        // of a finger in pointer events, read by the checker's P rules.
        ("pointer-tap", "a tap on a client that binds no wl_touch", """
            down 0 100 100; frame; sleep 60; up 0; frame; sleep 300
            """, [first("--pointer-only")], []),
        ("pointer-doubletap", "two quick taps on one spot of a client that binds no wl_touch", """
            down 0 300 200; frame; sleep 50; up 0; frame; sleep 80
            down 0 302 201; frame; sleep 50; up 0; frame; sleep 300
            """, [first("--pointer-only")], []),
        ("pointer-longpress", "a finger held still 900 ms on a client that binds no wl_touch", """
            down 0 300 200; frame; sleep 900; up 0; frame; sleep 300
            """, [first("--pointer-only")], []),
        ("pointer-drag", "a drag (a selection) across a client that binds no wl_touch", drag() + "; sleep 300",
         [first("--pointer-only")], []),
    ] + layerEntries

    /// Scripts on a zwlr_layer_shell_v1 surface of window `a`'s client (panels, docks, on-screen
    /// keyboards): points on it are the output's (`surface=output`), the rest the window's.
    private static let layerEntries: [(name: String, summary: String, text: String, windows: [MatrixWindow],
                                       expectations: [MatrixExpectation])] = [
        ("layer-tap", "a tap on a top-layer panel in the output's corner, then one on the window", """
            down 0 200 50 surface=output; frame; sleep 40; up 0; frame; sleep 200
            down 0 600 400; frame; sleep 40; up 0; frame
            """, [layered(["top"] + corner)], []),
        ("layer-drag", "a finger lands on the panel and drags down off it onto the window, and back", """
            down 0 200 50 surface=output; frame; sleep 16
            \(steps(8) { "motion 0 \(200 + 10 * $0) \(50 + 25 * $0)" })
            \(steps(4) { "motion 0 \(280 - 20 * $0) \(250 - 50 * $0)" })
            up 0; frame
            """, [layered(["top"] + corner)], []),
        ("layer-exclusive", "a full-width top panel reserving 80 px (exclusive zone): a tap on it, then on the window pushed below it", """
            down 0 640 40 surface=output; frame; sleep 40; up 0; frame; sleep 200
            down 0 300 300; frame; sleep 40; up 0; frame
            """, [layered(["top", "--layer-anchor", "top,left,right", "--layer-size", "0x80", "--layer-exclusive-zone", "80"])], []),
        ("layer-overlay", "an overlay-layer surface over part of the window: a tap on it, then one on the window beside it", """
            down 0 300 250 surface=output; frame; sleep 40; up 0; frame; sleep 200
            down 0 700 450; frame; sleep 40; up 0; frame
            """, [layered(["overlay", "--layer-anchor", "top,left", "--layer-margin", "200", "--layer-size", "320x120"])], []),
        ("layer-popup", "a touch on the panel opens its xdg_popup (the down's serial); a tap inside the popup, then on the window", """
            down 0 200 50 surface=output; frame; sleep 40; up 0; frame; sleep 300
            down 0 200 160 surface=output; frame; sleep 40; up 0; frame; sleep 200
            down 0 700 450; frame; sleep 40; up 0; frame; sleep 200
            """, [layered(["top"] + corner + ["--on-touch", "layer-popup"])], []),
        ("layer-nofocus", "the window is tapped, then a panel that wants no keyboard (an on-screen keyboard's mode), then the window", """
            down 0 600 400; frame; sleep 40; up 0; frame; sleep 250
            down 0 200 50 surface=output; frame; sleep 40; up 0; frame; sleep 250
            down 0 600 400; frame; sleep 40; up 0; frame; sleep 250
            """, [layered(["top"] + corner + ["--layer-keyboard", "none"])], [.layerWithoutFocus(window: "a")]),
        ("layer-ondemand", "the window is tapped, then a panel with on-demand keyboard focus, then the window", """
            down 0 600 400; frame; sleep 40; up 0; frame; sleep 250
            down 0 200 50 surface=output; frame; sleep 40; up 0; frame; sleep 250
            down 0 600 400; frame; sleep 40; up 0; frame; sleep 250
            """, [layered(["top"] + corner + ["--layer-keyboard", "on-demand"])], []),
    ] + keyboardEntries

    /// A text field with the on-screen keyboard stand-in (`run --text-input --osk`): the window is
    /// the field; the keyboard is a row of five keys 160 px high along the output's bottom edge,
    /// typing through zwp_input_method_v2 when active, else zwp_virtual_keyboard_v1. Its points are
    /// the output's, for a 1280 × 720 output (key "1" at 128,640, "3" at 640,640, "5" at 1152,640).
    /// One client, so that compositors that show one window at a time (phoc) run the scripts too;
    /// the compositor's focus rules are about surfaces, whichever client holds them.
    static let textFieldWithKeyboard = MatrixWindow(name: "a", arguments: ["--text-input", "--osk"])

    /// Scripts on the text field and its on-screen keyboard: what users file about on-screen
    /// keyboards (docs/battery.md).
    private static let keyboardEntries: [(name: String, summary: String, text: String, windows: [MatrixWindow],
                                          expectations: [MatrixExpectation])] = [
        ("osk-tap", "the text field is tapped, then a key of the on-screen keyboard at the output's bottom edge", """
            down 0 300 250; frame; sleep 40; up 0; frame; sleep 300
            down 0 640 640 surface=output; frame; sleep 60; up 0; frame; sleep 300
            """, [textFieldWithKeyboard], [.typedInto(window: "a")]),
        ("osk-longpress", "the text field is tapped, then a key of the on-screen keyboard is held 1.2 s", """
            down 0 300 250; frame; sleep 40; up 0; frame; sleep 300
            down 0 640 640 surface=output; frame; sleep 1200; up 0; frame; sleep 300
            """, [textFieldWithKeyboard], [.keyRepeated(window: "a")]),
        ("osk-focus", "the text field is tapped, then two keys of the on-screen keyboard, the field again, and a third key", """
            down 0 300 250; frame; sleep 40; up 0; frame; sleep 300
            down 0 128 640 surface=output; frame; sleep 60; up 0; frame; sleep 150
            down 0 640 640 surface=output; frame; sleep 60; up 0; frame; sleep 300
            down 0 300 250; frame; sleep 40; up 0; frame; sleep 300
            down 0 1152 640 surface=output; frame; sleep 60; up 0; frame; sleep 300
            """, [textFieldWithKeyboard],
         [.fieldKeepsFocus(window: "a"), .typedInto(window: "a"), .layerWithoutFocus(window: "a")]),
    ]

    /// One seat with a mouse and a touchscreen: the pointer is moved onto the window and left there
    /// (at `pointer`, window-relative) before the touches. Users file taps that only hover after
    /// the mouse moved, and a parked pointer that turns a long press into a selection.
    private static let mouseEntries: [(name: String, summary: String, text: String, pointer: (x: Double, y: Double))] = [
        ("hover-tap", "the mouse is moved onto the window and left there; a finger taps elsewhere, then drags", """
            down 0 100 100; frame; sleep 50; up 0; frame; sleep 200
            down 0 100 100; frame; sleep 16
            \(steps(6) { "motion 0 \(100 + 15 * $0) \(100 + 10 * $0)" })
            up 0; frame
            """, (600, 300)),
        ("hover-longpress", "the mouse is left over the window; a finger presses 800 ms elsewhere and lifts", """
            down 0 200 200; frame; sleep 800
            up 0; frame
            """, (600, 300)),
    ]

    private static func steps(_ count: Int, _ line: (Int) -> String) -> String {
        (1...count).map { line($0) + "; frame; sleep 16" }.joined(separator: "\n")
    }

    /// The finger stays down 300 ms after the request (the compositor's configure arrives while it
    /// is down), moves in ten 16 ms steps and lifts; 400 ms later a tap at (300, 250) of where the
    /// window was.
    private static func midTouch() -> String {
        "down 0 80 80; frame; sleep 300\n" + steps(10) { "motion 0 \(80 + 20 * $0) \(80 + 10 * $0)" }
            + "\nup 0; frame; sleep 400\ndown 0 300 250; frame; sleep 40; up 0; frame"
    }

    private static func drag() -> String {
        "down 0 100 100; frame; sleep 16\n" + steps(12) { "motion 0 \(100 + 15 * $0) \(100 + 10 * $0)" } + "\nup 0; frame"
    }

    private static func pinch() -> String {
        "down 0 440 350; down 1 560 350; frame; sleep 16\n"
            + steps(10) { "motion 0 \(440 - 14 * $0) 350; motion 1 \(560 + 14 * $0) 350" } + "\nup 0; up 1; frame"
    }

    private static func swipe3() -> String {
        "down 0 400 500; down 1 500 500; down 2 600 500; frame; sleep 16\n"
            + steps(10) { step in (0..<3).map { "motion \($0) \(400 + 100 * $0) \(500 - 30 * step)" }.joined(separator: "; ") }
            + "\nup 0; up 1; up 2; frame"
    }

    private static func ten() -> String {
        let fingers = 0..<10
        return fingers.map { "down \($0) \(100 + 80 * $0) 400" }.joined(separator: "; ") + "; frame; sleep 16\n"
            + steps(4) { step in fingers.map { "motion \($0) \(100 + 80 * $0) \(400 + 10 * step)" }.joined(separator: "; ") }
            + "\n" + fingers.map { "up \($0)" }.joined(separator: "; ") + "; frame"
    }
}
