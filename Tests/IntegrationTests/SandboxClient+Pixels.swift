import Live
import Render
import TestSupport
import TouchKit

// MARK: - What the client shows, read from a weston screenshot

extension SandboxClient {
    /// Channel tolerance for "text colour": well-covered glyph pixels, far from every scene colour.
    static let textTolerance = 24

    /// Pixels of the HUD's text colour (the control strip's labels use it too) inside `area` of a
    /// weston screenshot taken now.
    func hudTextPixels(in area: PixelRect) throws -> Int {
        try screenshot().count(of: HUDStyle.textColor, within: Self.textTolerance, in: area)
    }
}
