import TouchKit
import TouchStream

// MARK: - The live window's own controls

extension LiveSession {
    /// Whether `record` belongs to the window's controls: a touch that went down on the control
    /// strip, or on a surface other than the window's (a client-side decoration), is not the scene's.
    func controlOutcome(of record: RawRecord) -> ControlTouches.Outcome {
        var onOtherSurface = false
        if case .down(_, _, let surface?, _, _, _) = record.event, let ours = app.surfaceName {
            onOtherSurface = surface != ours
        }
        let window = host.scene.window.bounds.size
        let strip = strip
        return controlTouches.handle(record.event, claim: onOtherSurface) { point in
            onOtherSurface ? nil : strip.target(at: point, in: window)
        }
    }

    /// A tap completed on the strip: the handle expands or collapses it, a button runs its command.
    func activate(_ target: ControlStrip.Target) {
        switch target {
        case .handle:
            strip.isExpanded.toggle()
            setNeedsFrame()
        case .button(let button):
            perform(button.command)
        }
    }
}
