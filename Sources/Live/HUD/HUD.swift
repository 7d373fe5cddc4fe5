import Playback
import Render
import TouchKit
import TouchStream

// MARK: - The heads-up display

/// The overlay drawn over the scene: finger labels, session info, recognizers, the raw-event
/// log and the key map.
///
/// Damage rule: each frame the snapshot is laid out into panels; a panel that changed (or
/// appeared, or went away) damages its old and new frames, an unchanged one nothing. The scene
/// is repainted inside the damage and the HUD drawn over it clipped to the same rects, so the
/// damage-only path stays cheap while the HUD is up.
public final class HUD {
    /// Whether the HUD panels and labels are shown.
    public var showsHUD = true
    /// Whether the key map is shown (independent of the HUD).
    public var showsKeyMap = false
    /// The raw-event log (feed it every record received).
    public private(set) var log = EventLog()
    /// Why text cannot be drawn (no font), if so: the HUD then draws nothing.
    public private(set) var unavailableReason: String?
    /// The font being opened on another thread, taken by `loadPendingFont()` (see `openingFontLater()`).
    private var pendingFont: HUDFontLoad?
    /// True until `loadPendingFont()` took the font being opened.
    public var fontIsPending: Bool { pendingFont != nil }
    /// The recognizer panel's source: the scene's recognizers as (name, state, reason) lines.
    /// Scenes have no recognizers until they attach some, so the default reports none.
    public var recognizerReport: (SceneHost) -> [RecognizerLine] = { _ in [] }
    /// The panels drawn last, for tests and diagnostics.
    public private(set) var panels: [HUDPanel] = []
    /// The last layout of everything but the finger labels, and what it was made from: while a
    /// finger moves and the paced text is held, only the labels are laid out again.
    private var layoutCache: (key: LayoutKey, panels: [HUDPanel])? {
        didSet { baseDrawn = false }
    }
    /// The panels drawn last were made with `layoutCache`'s panels.
    private var baseDrawn = false

    /// What the panels other than the finger labels depend on.
    private struct LayoutKey: Equatable {
        var snapshot: HUDSnapshot
        var touchCount: Int
        var showsHUD: Bool
        var keyMap: [String]?
    }

    /// Internal, not private: the control strip's panels (ControlStripLayout.swift) measure with it.
    private(set) var text: TextRenderer?

    /// A HUD (shown; the key map hidden) using the default font; without one it stays empty and says why.
    public convenience init() {
        do { self.init(text: try TextRenderer()) } catch { self.init(text: nil, reason: "\(error)") }
    }

    /// A HUD (shown) whose default font opens on another thread from now on, so the window's
    /// connection and the font's fontconfig parse overlap; `loadPendingFont()` takes it.
    public static func openingFontLater() -> HUD {
        let hud = HUD(text: nil)
        hud.unavailableReason = nil
        hud.pendingFont = HUDFontLoad()
        return hud
    }

    /// Takes the font being opened (waiting for it if need be); true when the HUD can now draw.
    @discardableResult
    public func loadPendingFont() -> Bool {
        guard let pendingFont else { return false }
        self.pendingFont = nil
        switch pendingFont.wait() {
        case .success(let font): text = font
        case .failure(let error): unavailableReason = "\(error)"
        }
        return text != nil
    }

    /// A HUD drawing with `text`.
    public init(text: TextRenderer?, reason: String? = nil) {
        self.text = text
        unavailableReason = text == nil ? (reason ?? "HUD: no font") : nil
    }

    /// True when anything is shown.
    public var isShowing: Bool { showsHUD || showsKeyMap }

    /// Adds one raw record to the log.
    public func record(_ record: RawRecord) { log.append(record) }

    // MARK: - Frames

    /// Lays out `snapshot` (keyMap: the key map's lines) with `controls` (the control strip's
    /// panels, shown whether or not the HUD is) on top, and returns the damage: old and new
    /// frames of every panel that differs from the last frame.
    public func update(_ snapshot: HUDSnapshot, keyMap: [String], controls: [HUDPanel] = []) -> [Rect] {
        guard let text else { return [] }
        let layout = HUDLayout(text: text)
        // The labels' positions and phases are left out of the key; how many fingers are down is
        // not (the info panel counts them).
        var withoutTouches = snapshot
        withoutTouches.touches = []
        let key = LayoutKey(snapshot: withoutTouches, touchCount: snapshot.touches.count, showsHUD: showsHUD,
                            keyMap: showsKeyMap ? keyMap : nil)
        let base: [HUDPanel]
        // The panels drawn last have this very base: only the labels and controls can differ.
        let sameBase: Bool
        if let layoutCache, layoutCache.key == key {
            base = layoutCache.panels
            sameBase = baseDrawn
        } else {
            let labelIDs = Set(snapshot.touches.map(HUDLayout.labelID))
            base = layout.panels(snapshot, showsHUD: showsHUD, keyMap: key.keyMap).filter { !labelIDs.contains($0.id) }
            layoutCache = (key, base)
            sameBase = false
        }
        baseDrawn = true
        // The labels go where `HUDLayout.panels` puts them: after the HUD's panels, under the key map.
        let labels = showsHUD ? snapshot.touches.map(layout.touchPanel) : []
        let next = base.filter { $0.id != HUDLayout.keyMapID } + labels + base.filter { $0.id == HUDLayout.keyMapID }
            + controls
        // While a finger moves, comparing the unchanged panels (the log's lines, every frame) cost
        // more than the labels' own layout: only what follows the finger is compared then.
        let compared = sameBase ? labels + controls : next
        let previous = sameBase ? panels.filter { panel in !base.contains { $0.id == panel.id } } : panels
        let old = Dictionary(previous.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let new = Dictionary(compared.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var damage: [Rect] = []
        for panel in compared where old[panel.id] != panel {
            if let previous = old[panel.id], previous.frame == panel.frame, previous.boxes == panel.boxes {
                damage += changedLines(from: previous, to: panel, text: text)
                continue
            }
            damage.append(panel.frame)
            if let previous = old[panel.id] { damage.append(previous.frame) }
        }
        for panel in previous where new[panel.id] == nil { damage.append(panel.frame) }
        panels = next
        return damage
    }

    /// The damage of a panel that kept its frame and boxes: the box of each line that changed,
    /// old and new together.
    ///
    /// Why: the paced text (the log, the frame count, the latency line) changes a few rows of a
    /// few large panels; repainting the scene and the panel over all of them cost more than the
    /// finger's own frames during a drag.
    private func changedLines(from old: HUDPanel, to new: HUDPanel, text: TextRenderer) -> [Rect] {
        var damage: [Rect] = []
        for row in 0..<max(old.lines.count, new.lines.count) {
            let before = row < old.lines.count ? old.lines[row] : nil
            let after = row < new.lines.count ? new.lines[row] : nil
            guard before != after else { continue }
            let boxes = [before, after].compactMap { line in
                line.map { Rect(origin: $0.origin, size: text.measure($0.text, size: $0.size)) }
            }
            guard let first = boxes.first else { continue }
            // Padded: a glyph's ink may reach a pixel past its advance. Kept within the panel, which
            // the text never leaves: past it the clip would repaint unchanged scene pixels.
            let union = boxes.dropFirst().reduce(first, HUDLayout.union)
            let padded = Rect(x: union.minX - 2, y: union.minY, width: union.width + 4, height: union.height)
            let rect = HUDLayout.clamped(padded, to: new.frame)
            if rect.width > 0, rect.height > 0 { damage.append(rect) }
        }
        return damage
    }

    /// Draws the panels laid out by the last `update` over `target`, inside `clip` (logical px).
    public func draw(into target: PixelTarget, scale: Double, clip: [Rect]?) {
        guard let text, !panels.isEmpty else { return }
        let canvas = OverlayCanvas(target: target, scale: scale, clip: clip)
        for panel in panels where canvas.isVisible(panel.frame) {
            for box in panel.boxes { canvas.fill(box.rect, color: box.color) }
            for line in panel.lines { canvas.draw(line.text, at: line.origin, size: line.size, color: line.color, with: text) }
        }
    }
}
