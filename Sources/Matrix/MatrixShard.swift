import CompositorDrivers
import Playback

// MARK: - A part of the cells, for parallel jobs

/// One cell's place: a script on a compositor.
public struct MatrixCellKey: Hashable, Sendable, CustomStringConvertible {
    /// The compositor.
    public var compositor: CompositorKind
    /// The script's name.
    public var script: String

    /// Creates a key.
    public init(_ compositor: CompositorKind, _ script: String) {
        self.compositor = compositor
        self.script = script
    }

    /// "weston/tap": also the cell's folder in a matrix folder.
    public var description: String { "\(compositor.rawValue)/\(script)" }
}

/// `--shard I/N`: the I-th of N parts of the matrix's cells (1-based), for N parallel jobs whose
/// folders `gesture-sandbox matrix merge` puts together.
///
/// Split rule: the cells, listed compositor by compositor (report order) and within one
/// compositor script by script (run order), are cut into N consecutive stretches whose lengths
/// differ by at most one (shard I holds positions ⌊(I−1)·T/N⌋ up to ⌊I·T/N⌋ of the T cells, the
/// last excluded). Every shard runs about as many
/// cells; a compositor is started in each shard that holds one of its cells, so at most N − 1
/// compositors are started twice across all shards (one per cut). The split depends only on
/// the compositors and scripts named, so every job of a pipeline computes the same one. A shard
/// past the number of cells holds none.
public struct MatrixShard: Hashable, Sendable, CustomStringConvertible {
    /// 1-based index.
    public var index: Int
    /// How many shards.
    public var count: Int

    /// Creates a shard; `index` must be in 1…`count`.
    public init(index: Int, count: Int) throws {
        guard count >= 1, (1...count).contains(index) else {
            throw RuntimeError("--shard \(index)/\(count): I must be between 1 and N (I/N, e.g. 1/3)")
        }
        self.index = index
        self.count = count
    }

    /// Parses "I/N".
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw RuntimeError("--shard \"\(text)\": give I/N, the I-th of N parts (e.g. 1/3)")
        }
        try self.init(index: index, count: count)
    }

    /// "2/3".
    public var description: String { "\(index)/\(count)" }

    /// Every cell, in the split's order: compositor by compositor, script by script.
    public static func cells(compositors: [CompositorKind], scripts: [String]) -> [MatrixCellKey] {
        compositors.flatMap { kind in scripts.map { MatrixCellKey(kind, $0) } }
    }

    /// This shard's cells, in the split's order.
    public func cells(compositors: [CompositorKind], scripts: [String]) -> [MatrixCellKey] {
        let all = Self.cells(compositors: compositors, scripts: scripts)
        let start = (index - 1) * all.count / count, end = index * all.count / count
        return Array(all[start..<end])
    }
}
