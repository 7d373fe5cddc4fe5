import Render
import TouchKit

// MARK: - The control strip as HUD panels

extension HUDLayout {
    /// The strip's panels: the handle ("<" to expand, ">" to collapse) and, when expanded, one
    /// panel holding every button with its label centred.
    public func controlPanels(_ strip: ControlStrip, window: Size, recording: Bool, paused: Bool) -> [HUDPanel] {
        let handle = strip.handleFrame(in: window)
        var panels = [button("control handle", frame: handle, label: strip.isExpanded ? ">" : "<")]
        let buttons = strip.buttonFrames(in: window).map {
            button("control", frame: $0.1, label: $0.0.label(recording: recording, paused: paused))
        }
        if let first = buttons.first {
            let frame = buttons.dropFirst().reduce(first.frame) { Self.union($0, $1.frame) }
            panels.append(HUDPanel(id: "controls", frame: frame, boxes: buttons.flatMap(\.boxes),
                                   lines: buttons.flatMap(\.lines)))
        }
        return panels
    }

    /// One rectangular control with `label` centred in it.
    private func button(_ id: String, frame: Rect, label: String) -> HUDPanel {
        let size = text.measure(label, size: HUDStyle.textSize)
        let origin = Point(x: (frame.midX - size.width / 2).rounded(), y: (frame.midY - size.height / 2).rounded())
        return HUDPanel(id: id, frame: frame, boxes: [HUDBox(rect: frame, color: HUDStyle.panelColor)],
                        lines: [HUDText(text: label, origin: origin, size: HUDStyle.textSize, color: HUDStyle.textColor)])
    }
}

extension HUD {
    /// The control strip's panels, laid out with the HUD's font (none without a font).
    public func controlPanels(_ strip: ControlStrip, window: Size, recording: Bool, paused: Bool) -> [HUDPanel] {
        guard let text else { return [] }
        return HUDLayout(text: text).controlPanels(strip, window: window, recording: recording, paused: paused)
    }
}
