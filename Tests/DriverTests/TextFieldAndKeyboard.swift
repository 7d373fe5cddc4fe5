import CompositorDrivers
import Foundation
import SandboxHarness
import TestSupport
import TouchStream

/// Two of our clients under one compositor: `run --osk` (the on-screen keyboard stand-in, started
/// first, its window tiled beside the other) and then a text client (`run --text-input`, or a plain
/// window) that gets keyboard focus as the newest window; each records its own trace.
final class TextFieldAndKeyboard {
    /// The on-screen keyboard's client, recording to its ``SandboxClient/tracePath``.
    let keyboard: SandboxClient
    /// The text client.
    let field: ChildProcess
    /// Where the text client records.
    let fieldTrace: String

    /// Starts both under `driver`; `textInput` false makes the field a window without a text input.
    init(_ driver: CompositorDriver, textInput: Bool = true, keyboardArguments: [String] = ["--osk"]) throws {
        keyboard = try SandboxClient(driver, arguments: keyboardArguments)
        // A trace opens at its first touch: readiness is seen on screen, the keyboard's colour
        // along the output's bottom edge.
        try LayerShellTests.waitForColour(LayerShellTests.layerColour, of: keyboard, at: 2, 718)
        fieldTrace = keyboard.files.file("field.jsonl")
        field = try keyboard.session.launchClient(
            executable: try sandboxExecutable(),
            arguments: ["run", "--no-hud", "--record", fieldTrace, "--title", "text field"] + (textInput ? ["--text-input"] : []),
            environment: [:], logName: "field.log")
        try Self.waitForWindow(of: field, in: keyboard.session)
        // Focus, text-input enter and the field's enable follow the map at once; the records,
        // which show their order, are checked after the touches.
        MonotonicClock.sleep(Self.focusSettle)
    }

    /// Seconds given the compositor to focus the newly mapped field and the field to enable its text input.
    static let focusSettle = 0.5

    /// The on-screen keyboard's layer surface, logical px of the output: the bottom `height` px
    /// of a `width` px wide output, its keys in equal widths left to right ("1" to "5").
    static func keyCentre(_ index: Int, outputWidth: Double = 1280, outputHeight: Double = 720)
        -> (x: Double, y: Double) {
        let width = outputWidth / 5
        return (width * (Double(index) + 0.5), outputHeight - 160 / 2)
    }

    /// Ends both clients (the field first) and returns their records: (field, keyboard).
    func finish() throws -> (field: [RawRecord], keyboard: [RawRecord]) {
        let ended = keyboard.session.finishClient(field, timeout: SandboxClient.timeout)
        guard ended == .exited(0) else { throw DriverError("the text client ended \(ended): \(field.output().suffix(400))") }
        let fieldRecords = try TraceReader.read(fieldTrace).records
        return (fieldRecords, try keyboard.finishRecording())
    }

    /// Waits until the compositor shows a window of `client`.
    static func waitForWindow(of client: ChildProcess, in session: CompositorSession) throws {
        let deadline = MonotonicClock.now() + SandboxClient.timeout
        while MonotonicClock.now() < deadline {
            if try session.window(of: client) != nil { return }
            MonotonicClock.sleep(0.05)
        }
        throw DriverError("the text client's window never appeared: \(client.output().suffix(400))")
    }
}

extension Array where Element == RawRecord {
    /// The surface records (what the compositor said besides wl_touch, and what our client did).
    var surfaceEvents: [SurfaceEvent] { compactMap(\.event.surfaceEvent) }
}
