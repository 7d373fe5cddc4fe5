import Render
import Testing
import TouchKit

// MARK: - Frames drawn in parts leave every buffer as a whole redraw would

@Suite struct PartialFrameDamageTests {
    private let size = 120
    private let colours = [red, blue, green, Color(rgb: 0x808000)]

    /// A small deterministic generator (the test must not depend on the run).
    private struct Steps {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    private func items(_ positions: [Point]) -> [DisplayItem] {
        zip(positions, colours).map { DisplayItem(rect: Rect(x: $0.x, y: $0.y, width: 20, height: 14), fill: $1, cornerRadius: 3) }
    }

    private func square(at point: Point) -> Rect { Rect(x: point.x, y: point.y, width: 20, height: 14) }

    /// Moves one square somewhere else and returns the damage: its old and new boxes.
    private func move(_ positions: inout [Point], _ steps: inout Steps) -> [Rect] {
        let index = steps.next(positions.count)
        let old = positions[index]
        positions[index] = Point(x: Double(steps.next(size - 20)) + 0.5, y: Double(steps.next(size - 14)))
        return [square(at: old), square(at: positions[index])]
    }

    @Test("prepared, then finished, in two or three buffers as a pool hands them out: each frame equals a whole redraw")
    func everyFrameMatchesAWholeRedraw() throws {
        let renderer = Renderer()
        var steps = Steps(state: 7)
        var positions = (0..<4).map { Point(x: Double($0 * 25), y: Double($0 * 20)) }
        var damage = PartialFrameDamage()
        for bufferCount in [2, 3] {
            let buffers = try (0..<bufferCount).map { _ in try PixelBuffer(width: size, height: size) }
            var lastDrawn = [Int?](repeating: nil, count: bufferCount)
            var frame = 0
            var shown: Int?  // the buffer the compositor holds, when it has not released it
            var previous: [UInt32]?
            var skipped = 0, repaired = 0
            damage.addFull()
            for _ in 0..<90 {
                // As BufferPool: the most recently drawn buffer the compositor does not hold. Some
                // compositors release a buffer as soon as they copied it (age 1), weston holds it.
                let free = (0..<bufferCount).filter { $0 != shown }
                let index = free.max { (lastDrawn[$0] ?? -1) < (lastDrawn[$1] ?? -1) }!
                let age = lastDrawn[index].map { frame - $0 + 1 } ?? 0
                let buffer = buffers[index]
                let before = buffer.snapshot()
                func draw(_ clip: [Rect]?) {
                    if clip?.isEmpty == true { return }
                    renderer.draw(items: items(positions), background: white, into: buffer, clip: clip)
                }
                // Preparation: what changed so far (sometimes nothing); then, sometimes, a second
                // preparation and the render.
                let idle = steps.next(4) == 0
                draw(damage.part(adding: idle ? [] : move(&positions, &steps), into: ObjectIdentifier(buffer), age: age))
                if !idle, steps.next(3) == 0 {
                    draw(damage.part(adding: move(&positions, &steps), into: ObjectIdentifier(buffer), age: age))
                }
                let late = !idle && steps.next(2) == 0 ? move(&positions, &steps) : []
                draw(damage.part(adding: late, into: ObjectIdentifier(buffer), age: age))
                let changed = damage.finishFrame()
                if changed == [] {
                    // Nothing drawn (nothing changed, nothing to repair): nothing to commit.
                    #expect(idle, "a frame with damage reported none")
                    let drawnOver = zip(buffer.snapshot(), before).filter { $0 != $1 }.count
                    #expect(drawnOver == 0, "a frame that reported nothing drew into its buffer")
                    skipped += 1
                    continue
                }
                if idle { repaired += 1 }
                frame += 1
                lastDrawn[index] = frame
                shown = steps.next(2) == 0 ? nil : index
                let whole = try PixelBuffer(width: size, height: size)
                renderer.draw(items: items(positions), background: white, into: whole)
                let after = buffer.snapshot()
                let wrong = zip(after, whole.snapshot()).filter { $0 != $1 }.count
                #expect(wrong == 0, "frame \(frame) in buffer \(index) of \(bufferCount) (age \(age)): \(wrong) pixels differ")
                // What the frame reports changed covers every pixel that differs from the frame before.
                if let changed, let previous {
                    let outside = (0..<(size * size)).filter { offset in
                        let x = Double(offset % size), y = Double(offset / size)
                        return after[offset] != previous[offset] && !changed.contains { rect in
                            rect.minX < x + 1 && x < rect.maxX && rect.minY < y + 1 && y < rect.maxY
                        }
                    }.count
                    #expect(outside == 0, "frame \(frame): changed pixels outside its damage")
                }
                previous = after
            }
            // Idle frames both ways: skipped in a buffer that lacked nothing, a repair in one that did.
            #expect(skipped > 3 && repaired > 3, "skipped \(skipped), repaired \(repaired)")
        }
    }

    @Test("a part in another buffer than the one prepared starts over in it; a resize is never drawn in parts")
    func anotherBufferOrAResizeStartsOver() {
        var damage = PartialFrameDamage()
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 50, y: 50, width: 10, height: 10)
        let buffers = [Marker(), Marker()]
        let first = ObjectIdentifier(buffers[0]), second = ObjectIdentifier(buffers[1])
        #expect(damage.part(adding: [], into: first, age: 0) == nil, "the first frame is drawn whole")
        _ = damage.finishFrame()
        // Prepared in one buffer (age 1): what changed; the render in the same buffer: only what is new.
        #expect(damage.part(adding: [a], into: first, age: 1) == [a])
        #expect(damage.part(adding: [b], into: first, age: 1) == [b])
        // Another buffer: everything its age needs, this frame's damage included.
        #expect(Set(damage.part(adding: [], into: second, age: 1) ?? []) == [a, b])
        #expect(Set(damage.finishFrame() ?? []) == [a, b])
        // A resize between the parts: the render draws everything.
        #expect(damage.part(adding: [a], into: first, age: 1) == [a])
        damage.addFull()
        #expect(damage.part(adding: [], into: first, age: 1) == nil)
        #expect(damage.finishFrame() == nil)
    }
}

/// Stands for a buffer: only its identity counts.
private final class Marker {}
