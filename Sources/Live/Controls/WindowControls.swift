import TouchKit
import TouchStream

// MARK: - The live window's own controls

/// The live window's own controls: the control strip, and the touches it (or a decoration
/// surface) owns.
///
/// Rule: a touch that went down on the strip, or on a surface other than the window's (a
/// client-side decoration), is not the scene's; only a tap completed on the strip does anything.
struct WindowControls {
    /// The strip, for its panels.
    private(set) var strip = ControlStrip()
    private var touches = ControlTouches()

    /// Whether `event` belongs to the controls. `windowSurface` names the window's surface (nil
    /// when not known yet); `window` is its size, where the strip is laid out.
    mutating func outcome(of event: RawEvent, windowSurface: String?, window: Size) -> ControlTouches.Outcome {
        var onOtherSurface = false
        if case .down(_, _, let surface?, _, _, _) = event, let windowSurface {
            onOtherSurface = surface != windowSurface
        }
        let strip = strip
        return touches.handle(event, claim: onOtherSurface) { point in
            onOtherSurface ? nil : strip.target(at: point, in: window)
        }
    }

    /// A tap completed on the strip: the handle expands or collapses it (nil), a button returns
    /// its command.
    mutating func activate(_ target: ControlStrip.Target) -> KeyCommand? {
        switch target {
        case .handle:
            strip.isExpanded.toggle()
            return nil
        case .button(let button):
            return button.command
        }
    }
}
