import Render
import Testing
import TouchKit

@Suite struct ClipTests {
    private func pixelRect(_ index: Int, width: Int) -> (x: Int, y: Int) { (index % width, index / width) }

    @Test func damageOnlyRepaintChangesPixelsInsideTheClipOnly() throws {
        let buffer = try render(mixedScene())
        let before = buffer.snapshot()
        let clip = Rect(x: 20.5, y: 15.25, width: 30, height: 40)
        // A different scene and background: outside the clip nothing may change.
        Renderer().draw(items: mixedScene(offset: 7), background: .black, into: buffer, clip: [clip])
        let after = buffer.snapshot()
        var changedInside = 0
        for i in before.indices where before[i] != after[i] {
            let (x, y) = pixelRect(i, width: 100)
            #expect(x >= 20 && x < 51 && y >= 15 && y < 56, "pixel (\(x), \(y)) changed outside the clip")
            changedInside += 1
        }
        #expect(changedInside > 0)
    }

    @Test func repaintingOldAndNewRectsEqualsAFullRepaint() throws {
        let renderer = Renderer()
        let buffer = try PixelBuffer(width: 100, height: 100)
        renderer.draw(items: mixedScene(), background: white, into: buffer)
        // The first and fifth items moved by 7 px: damage their old and new bounds.
        let damage = [Rect(x: 5, y: 5, width: 47, height: 30), Rect(x: 50, y: 5, width: 45, height: 42)]
        renderer.draw(items: mixedScene(offset: 7), background: white, into: buffer, clip: damage)
        let full = try render(mixedScene(offset: 7))
        #expect(buffer.snapshot() == full.snapshot())
    }

    @Test func clipIsScaledAndSnappedOutward() throws {
        let buffer = try render([], width: 40, height: 40, scale: 2)
        Renderer().draw(items: [], background: .black, into: buffer, scale: 2,
                        clip: [Rect(x: 2.3, y: 4.6, width: 3, height: 1)])
        // Buffer px: x 4.6 ..< 10.6 → 4..<11; y 9.2 ..< 11.2 → 9..<12.
        for y in 0..<40 {
            for x in 0..<40 {
                let inside = x >= 4 && x < 11 && y >= 9 && y < 12
                #expect(buffer.pixel(x: x, y: y) == (inside ? opaqueBlack : opaqueWhite), "(\(x), \(y))")
            }
        }
    }

    @Test func emptyOrOffscreenClipChangesNothing() throws {
        let buffer = try render(mixedScene())
        let before = buffer.snapshot()
        let renderer = Renderer()
        renderer.draw(items: [], background: .black, into: buffer, clip: [])
        renderer.draw(items: [], background: .black, into: buffer, clip: [Rect(x: 200, y: 0, width: 10, height: 10)])
        #expect(buffer.snapshot() == before)
    }

    @Test func callerOwnedXRGBMemoryIsDrawnWithItsStride() throws {
        let width = 8, height = 4, stride = 48
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0xab, count: stride * height)
        let target = try PixelTarget(base: memory, width: width, height: height, stride: stride, format: .xrgb8888)
        Renderer().draw(items: [DisplayItem(rect: Rect(x: 2, y: 1, width: 3, height: 2), fill: red)],
                        background: white, into: target)
        #expect(target.pixel(x: 2, y: 1) & 0x00ff_ffff == 0xff0000)
        #expect(target.pixel(x: 0, y: 0) & 0x00ff_ffff == 0xffffff)
        // Padding past each row's last pixel is untouched.
        #expect(memory.load(fromByteOffset: width * 4, as: UInt32.self) == 0xabab_abab)
    }

    @Test func impossibleTargetsAreRejectedInOneLine() {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
        defer { memory.deallocate() }
        #expect(throws: PixelTargetError.self) {
            try PixelTarget(base: memory, width: 10, height: 1, stride: 20)
        }
        #expect(throws: PixelTargetError.self) { try PixelBuffer(width: 0, height: 10) }
        do {
            _ = try PixelTarget(base: memory, width: 4, height: 1, stride: 18)
        } catch {
            #expect(!"\(error)".contains("\n"))
            #expect("\(error)".contains("stride 18"))
        }
    }
}
