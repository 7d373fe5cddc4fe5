// MARK: - A small swapchain of shared-memory buffers

/// Two or three buffers reused in turn, as foot does: a frame draws into a released buffer
/// (the most recently drawn one, so the least damage needs repainting), a new buffer is made
/// only when all are busy and the pool is below `capacity`, and a change of size or format
/// starts a new generation whose buffers replace the old ones as those are released.
final class BufferPool {
    /// Makes the storage for a buffer of the given geometry.
    typealias Allocator = (_ size: PixelSize, _ stride: Int, _ format: ShmFormat) throws -> BufferStorage

    /// The most buffers alive in one generation: triple buffering.
    static let defaultCapacity = 3

    let capacity: Int
    private let allocate: Allocator
    private(set) var buffers: [ShmBuffer] = []
    /// Frames drawn so far (the frame number of the last draw).
    private(set) var frameCount: UInt64 = 0
    private var generation: UInt64 = 0
    private var geometry: (size: PixelSize, format: ShmFormat)?

    /// A pool whose storage comes from `allocate`.
    init(capacity: Int = BufferPool.defaultCapacity, allocate: @escaping Allocator) {
        precondition(capacity >= 1, "a pool needs at least one buffer")
        self.capacity = capacity
        self.allocate = allocate
    }

    /// A released buffer of `size`/`format` to draw the next frame into, with its `age` set;
    /// nil when every buffer is busy (draw again after a release).
    func acquire(size: PixelSize, format: ShmFormat) throws -> ShmBuffer? {
        if geometry.map({ $0.size != size || $0.format != format }) ?? true { startGeneration(size: size, format: format) }
        let current = buffers.filter { $0.generation == generation }
        let free = current.filter { !$0.isBusy }
        if let buffer = free.max(by: { ($0.lastDrawnFrame ?? 0) < ($1.lastDrawnFrame ?? 0) }) {
            buffer.age = buffer.lastDrawnFrame.map { Int(frameCount - $0) + 1 } ?? 0
            return buffer
        }
        guard current.count < capacity else { return nil }
        let stride = size.width * ShmFormat.bytesPerPixel
        let buffer = ShmBuffer(width: size.width, height: size.height, stride: stride, format: format,
                               storage: try allocate(size, stride, format), generation: generation)
        buffer.storage.onRelease = { [weak self, weak buffer] in
            if let self, let buffer { release(buffer) }
        }
        buffers.append(buffer)
        return buffer
    }

    /// Records that `buffer` was drawn into and handed to the compositor.
    func commit(_ buffer: ShmBuffer) {
        precondition(!buffer.isBusy, "a busy buffer was drawn into")
        frameCount += 1
        buffer.lastDrawnFrame = frameCount
        buffer.isBusy = true
    }

    /// The compositor released `buffer`: reuse it, or destroy it if its generation is over.
    func release(_ buffer: ShmBuffer) {
        buffer.isBusy = false
        if buffer.generation != generation { discard(buffer) }
    }

    /// Destroys every buffer, busy or not (at shutdown, when the surface is gone).
    func destroyAll() {
        buffers.forEach { $0.storage.destroy() }
        buffers = []
    }

    private func startGeneration(size: PixelSize, format: ShmFormat) {
        generation += 1
        geometry = (size, format)
        // Busy buffers may still be read by the compositor: they go when released.
        buffers.filter { !$0.isBusy }.forEach(discard)
    }

    private func discard(_ buffer: ShmBuffer) {
        buffer.storage.destroy()
        buffers.removeAll { $0 === buffer }
    }
}
