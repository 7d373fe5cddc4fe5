import Render
import Testing
import TouchKit

// MARK: - Shapes past the buffer's edges write nothing outside it

/// A target placed inside a larger block with guard bytes before and after it: opaque shapes that
/// reach past every edge (a view dragged half off the window, a touch mark near a corner) must leave
/// the guards untouched. pixman stores opaque fills without clipping to the image, so this holds
/// only because the renderer and the overlay canvas always set a clip region.
@Suite struct EdgeClipTests {
    private static let width = 40, height = 30, guardRows = 16  // more than any shape overhangs
    private static let guardByte: UInt8 = 0xA5

    /// Draws with `draw` into a target framed by guard rows; returns whether every guard byte survived.
    private func guardsSurvive(_ draw: (PixelTarget) throws -> Void) throws -> Bool {
        let stride = Self.width * 4
        let total = stride * (Self.height + 2 * Self.guardRows)
        let block = UnsafeMutableRawPointer.allocate(byteCount: total, alignment: 16)
        defer { block.deallocate() }
        block.initializeMemory(as: UInt8.self, repeating: Self.guardByte, count: total)
        let target = try PixelTarget(base: block + stride * Self.guardRows, width: Self.width, height: Self.height,
                                     stride: stride)
        try draw(target)
        let bytes = block.assumingMemoryBound(to: UInt8.self)
        let before = (0..<(stride * Self.guardRows)).allSatisfy { bytes[$0] == Self.guardByte }
        let afterStart = stride * (Self.guardRows + Self.height)
        let after = (afterStart..<total).allSatisfy { bytes[$0] == Self.guardByte }
        return before && after
    }

    @Test func opaqueShapesPastEveryEdge() throws {
        let red = Color(rgb: 0xFF0000)
        let items = [
            DisplayItem(rect: Rect(x: -10, y: -10, width: 25, height: 25), fill: red),
            DisplayItem(rect: Rect(x: 30, y: 20, width: 25, height: 25), fill: red, cornerRadius: 12.5),
            DisplayItem(rect: Rect(x: -7, y: 22, width: 14, height: 14), fill: .clear, borderWidth: 3, borderColor: red),
        ]
        #expect(try guardsSurvive { Renderer().draw(items: items, background: .white, into: $0) })
    }

    @Test func overlayFillPastTheEdges() throws {
        #expect(try guardsSurvive { target in
            OverlayCanvas(target: target, scale: 1, clip: nil).fill(Rect(x: -5, y: -5, width: 60, height: 50),
                                                                   color: Color(rgb: 0x00FF00))
        })
    }
}
