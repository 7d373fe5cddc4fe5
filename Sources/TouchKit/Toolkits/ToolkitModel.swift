// MARK: - A model of one real toolkit's recognizers

/// A re-creation of one real toolkit's gesture recognizers (e.g. `gtk-4.8`), fed the same assembled
/// frames our UIKit model gets; what it returns is compared with what the real toolkit reported.
public protocol ToolkitModel {
    /// Name with the modelled version, as the CLI spells it (`gtk-4.8`, `qt-6.4`, `chromium-156`).
    var name: String { get }
    /// The oracle this model is checked against (`gtk`, `qt`, `chromium`).
    var toolkit: String { get }
    /// Feeds one frame (its time in seconds on the wl_touch clock, as InputFrame carries it) and
    /// returns what the toolkit recognises on it, timers that fell due before it included.
    mutating func feed(_ frame: InputFrame) -> [ToolkitGesture]
    /// Fires the timers due up to `time` (seconds) with no new input, e.g. a long press.
    mutating func advance(to time: Double) -> [ToolkitGesture]
}
