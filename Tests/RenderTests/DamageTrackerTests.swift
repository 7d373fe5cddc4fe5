import Render
import Testing
import TouchKit

@Suite struct DamageTrackerTests {
    private let a = Rect(x: 0, y: 0, width: 10, height: 10)
    private let b = Rect(x: 50, y: 50, width: 10, height: 10)
    private let c = Rect(x: 100, y: 0, width: 5, height: 5)

    /// A tracker past its first (full) frame.
    private func settled() -> DamageTracker {
        var tracker = DamageTracker()
        tracker.commitFrame()
        return tracker
    }

    @Test func firstFrameAndUnknownBuffersRepaintEverything() {
        var tracker = DamageTracker()
        #expect(tracker.repaintRects(bufferAge: 1) == nil)
        tracker.commitFrame()
        tracker.add(a)
        #expect(tracker.repaintRects(bufferAge: 0) == nil)
        #expect(tracker.repaintRects(bufferAge: 1) == [a])
        // Age 2 reaches back into the first, full frame.
        #expect(tracker.repaintRects(bufferAge: 2) == nil)
    }

    @Test func olderBuffersRepaintTheUnionOfTheFramesTheyMissed() {
        var tracker = settled()
        tracker.add(a); tracker.commitFrame()
        tracker.add(b); tracker.commitFrame()
        tracker.add(c)
        #expect(tracker.repaintRects(bufferAge: 1) == [c])
        #expect(Set(tracker.repaintRects(bufferAge: 2) ?? []) == [b, c])
        #expect(Set(tracker.repaintRects(bufferAge: 3) ?? []) == [a, b, c])
        #expect(tracker.repaintRects(bufferAge: 4) == nil)  // the full first frame
    }

    @Test func agesBeyondTheHistoryRepaintEverything() {
        var tracker = DamageTracker(historyLength: 2)
        for _ in 0..<5 { tracker.add(a); tracker.commitFrame() }
        #expect(tracker.repaintRects(bufferAge: 3) == [a])
        #expect(tracker.repaintRects(bufferAge: 4) == nil)
    }

    @Test func fullDamageRepaintsEveryBufferThatMissedIt() {
        var tracker = settled()
        tracker.addFull()
        tracker.add(a)
        #expect(tracker.repaintRects(bufferAge: 1) == nil)
        tracker.commitFrame()
        tracker.add(b)
        #expect(tracker.repaintRects(bufferAge: 1) == [b])
        #expect(tracker.repaintRects(bufferAge: 2) == nil)
    }

    @Test func containedRectsAreDroppedAndEmptyOnesIgnored() {
        var tracker = settled()
        #expect(!tracker.hasPendingDamage)
        tracker.add(Rect(x: 2, y: 2, width: 3, height: 3))
        tracker.add(a)
        tracker.add(Rect(x: 4, y: 4, width: 1, height: 1))
        tracker.add(Rect(x: 30, y: 30, width: 0, height: 8))
        tracker.add(Rect(x: .nan, y: 0, width: 1, height: 1))
        #expect(tracker.repaintRects(bufferAge: 1) == [a])
    }

    @Test func rectCountStaysWithinTheLimitAndCoversAllDamage() {
        var tracker = DamageTracker(maxRects: 3)
        tracker.commitFrame()
        let added = (0..<10).map { Rect(x: Double($0 * 20), y: Double($0 % 3) * 15, width: 8, height: 8) }
        for rect in added { tracker.add(rect) }
        let rects = tracker.repaintRects(bufferAge: 1) ?? []
        #expect(rects.count == 3)
        for rect in added {
            #expect(rects.contains { $0.minX <= rect.minX && $0.minY <= rect.minY && $0.maxX >= rect.maxX
                && $0.maxY >= rect.maxY }, "\(rect) not covered")
        }
        // Neighbours merge before distant rects: the first two share a box.
        #expect(rects.contains { $0.minX == 0 && $0.maxX >= 28 })
    }

    @Test func negativeSizesAreNormalised() {
        var tracker = settled()
        tracker.add(Rect(x: 10, y: 10, width: -10, height: -10))
        #expect(tracker.repaintRects(bufferAge: 1) == [a])
    }
}
