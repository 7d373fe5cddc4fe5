import Logging
import TouchKit
import TouchStream

// MARK: - The on-screen keyboard stand-in (`run --osk`)

/// A row of keys on a layer surface that never takes keyboard focus, typing the key under a
/// finger into whichever text input has focus, as wvkbd and squeekboard do.
///
/// The rule: through the input method when the compositor offers zwp_input_method_v2 and it is
/// active (a focused text input enabled itself), else through the virtual keyboard when the
/// compositor offers one, else nothing (a warning in the log). A key is typed at the touch down.
/// Held, it repeats like a hardware key: through the input method the keyboard repeats it itself
/// (commit_string again every ``repeatInterval`` after ``repeatDelay``); through the virtual
/// keyboard the key stays pressed until the finger lifts and the receiving client repeats it.
final class OnScreenKeyboard {
    private static let log = Logger(label: "WaylandClient.OnScreenKeyboard")

    /// One key: the text it types and its evdev code (what the virtual keyboard presses).
    struct Key: Hashable, Sendable {
        let text: String
        let code: UInt32
    }

    /// The row, left to right, in equal widths: digits, because every letter but a few is a
    /// shortcut of the live window (`q` quits), and the text client is that window.
    static let keys: [Key] = [
        Key(text: "1", code: 2), Key(text: "2", code: 3), Key(text: "3", code: 4),
        Key(text: "4", code: 5), Key(text: "5", code: 6),
    ]
    /// The keyboard's height, logical px (its width is the output's: anchored left and right).
    static let height = 160
    /// How the layer surface is asked for: the top layer (above windows, as wvkbd's and
    /// squeekboard's are), the output's bottom edge and full width, an exclusive zone of its own
    /// height so windows are moved out from under it, and keyboard interactivity none.
    static let layerOptions = LayerSurfaceOptions(layer: .top, keyboard: .none, anchor: [.bottom, .left, .right],
                                                  size: LogicalSize(width: 0, height: height),
                                                  exclusiveZone: Int32(height))
    /// Hold before a key repeats, seconds: sway's and wlroots' default repeat_delay, 600 ms.
    static let repeatDelay = 0.6
    /// Time between repeats, seconds: sway's default repeat_rate, 25 per second.
    static let repeatInterval = 1.0 / 25

    private let inputMethod: InputMethod?
    private let virtualKeyboard: VirtualKeyboard?
    private unowned let loop: EventLoop
    /// The keys held, by touch id, with the repeat timer of a key typed through the input method.
    private var held: [Int32: (key: Key, repeat: TimerHandle?)] = [:]

    /// Types with `inputMethod` when it is active, else with `virtualKeyboard`.
    init(inputMethod: InputMethod?, virtualKeyboard: VirtualKeyboard?, loop: EventLoop) {
        self.inputMethod = inputMethod
        self.virtualKeyboard = virtualKeyboard
        self.loop = loop
    }

    /// The key under surface-local `x` on a keyboard `width` logical px wide.
    static func key(atX x: Double, width: Int) -> Key {
        let index = Int((x / Double(max(width, 1)) * Double(keys.count)).rounded(.down))
        return keys[min(max(index, 0), keys.count - 1)]
    }

    /// A finger `id` came down on `key` at `time` (ms): types it, and starts holding it.
    func down(id: Int32, key: Key, time: UInt32) {
        release(id: id, time: time)
        if let inputMethod, inputMethod.isActive {
            inputMethod.type(key.text)
            let repeating = loop.schedule(at: loop.now + Self.repeatDelay) { [weak self] in self?.repeatKey(id: id) }
            held[id] = (key, repeating)
        } else if let virtualKeyboard {
            virtualKeyboard.press(key.code, time: time)
            held[id] = (key, nil)
        } else {
            Self.log.warning("key \(key.text) not typed: the input method is not active and there is no virtual keyboard")
        }
    }

    /// Finger `id` lifted at `time` (ms): the key it held is released.
    func up(id: Int32, time: UInt32) { release(id: id, time: time) }

    /// Every finger left at once (wl_touch.cancel): every key is released at the last time seen.
    func cancelAll(time: UInt32) {
        for id in Array(held.keys) { release(id: id, time: time) }
    }

    private func release(id: Int32, time: UInt32) {
        guard let holding = held.removeValue(forKey: id) else { return }
        if let timer = holding.repeat {
            loop.cancel(timer)
        } else {
            virtualKeyboard?.release(holding.key.code, time: time)
        }
    }

    private func repeatKey(id: Int32) {
        guard let holding = held[id], let inputMethod, inputMethod.isActive else { return }
        inputMethod.type(holding.key.text)
        held[id] = (holding.key, loop.schedule(at: loop.now + Self.repeatInterval) { [weak self] in self?.repeatKey(id: id) })
    }

    /// Destroys the input method and the virtual keyboard.
    func destroy() {
        for holding in held.values { if let timer = holding.repeat { loop.cancel(timer) } }
        held = [:]
        inputMethod?.destroy()
        virtualKeyboard?.destroy()
    }
}
