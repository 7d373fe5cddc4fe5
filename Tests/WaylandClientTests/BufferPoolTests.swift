import Testing
@testable import WaylandClient

// MARK: - Buffer reuse and age, on heap storage

/// Heap memory standing in for a memfd + wl_buffer; counts destroys.
private final class HeapStorage: BufferStorage {
    let pixels: UnsafeMutableRawPointer
    var onRelease: (() -> Void)?
    private(set) var destroyed = false
    init(bytes: Int) { pixels = .allocate(byteCount: max(bytes, 1), alignment: 16) }
    func destroy() {
        precondition(!destroyed, "destroyed twice")
        destroyed = true
        pixels.deallocate()
    }
}

@Suite struct BufferPoolTests {
    private final class Fixture {
        var made: [HeapStorage] = []
        lazy var pool = BufferPool(capacity: 3) { [unowned self] size, stride, _ in
            let storage = HeapStorage(bytes: stride * size.height)
            made.append(storage)
            return storage
        }
    }

    private let size = PixelSize(width: 8, height: 4)

    /// Acquires, draws and commits one frame; returns the buffer.
    private func frame(_ pool: BufferPool, size: PixelSize? = nil) throws -> ShmBuffer {
        let buffer = try #require(try pool.acquire(size: size ?? self.size, format: .xrgb8888))
        pool.commit(buffer)
        return buffer
    }

    @Test func geometryIsInBufferPixels() throws {
        let fixture = Fixture()
        let buffer = try #require(try fixture.pool.acquire(size: PixelSize(width: 10, height: 3), format: .argb8888))
        #expect((buffer.width, buffer.height, buffer.stride, buffer.format) == (10, 3, 40, .argb8888))
        #expect(buffer.age == 0)
    }

    @Test func doubleBufferingAlternatesWithAgeTwo() throws {
        let fixture = Fixture()
        let pool = fixture.pool
        let first = try frame(pool)
        let second = try frame(pool)
        #expect(first !== second)
        #expect([first.age, second.age] == [0, 0])
        first.storage.onRelease?()          // the compositor released frame 1 when frame 2 arrived
        let third = try frame(pool)
        #expect(third === first)
        #expect(third.age == 2)             // holds frame 1; frame 3 is being drawn
        second.storage.onRelease?()
        let fourth = try frame(pool)
        #expect(fourth === second && fourth.age == 2)
        #expect(fixture.made.count == 2)
    }

    @Test func theMostRecentlyDrawnFreeBufferIsPreferred() throws {
        let fixture = Fixture()
        let pool = fixture.pool
        let a = try frame(pool), b = try frame(pool)
        a.storage.onRelease?()
        b.storage.onRelease?()
        let next = try #require(try pool.acquire(size: size, format: .xrgb8888))
        #expect(next === b && next.age == 1)
    }

    @Test func capacityBoundsTheSwapchain() throws {
        let fixture = Fixture()
        let pool = fixture.pool
        for _ in 0..<3 { _ = try frame(pool) }
        #expect(try pool.acquire(size: size, format: .xrgb8888) == nil)
        #expect(fixture.made.count == 3)
    }

    @Test func resizeReplacesBuffersIdleAtOnceBusyOnRelease() throws {
        let fixture = Fixture()
        let pool = fixture.pool
        let old1 = try frame(pool), old2 = try frame(pool)
        old1.storage.onRelease?()
        let bigger = PixelSize(width: 16, height: 8)
        let fresh = try frame(pool, size: bigger)
        #expect(fresh.age == 0 && fresh.width == 16)
        #expect(fixture.made[0].destroyed)   // idle old buffer: gone at once
        #expect(!fixture.made[1].destroyed)  // busy old buffer: still readable by the compositor
        old2.storage.onRelease?()
        #expect(fixture.made[1].destroyed)
        #expect(pool.buffers.count == 1)
    }

    @Test func destroyAllFreesEverything() throws {
        let fixture = Fixture()
        _ = try frame(fixture.pool)
        _ = try fixture.pool.acquire(size: size, format: .xrgb8888)
        fixture.pool.destroyAll()
        #expect(fixture.made.allSatisfy { $0.destroyed })
    }
}
