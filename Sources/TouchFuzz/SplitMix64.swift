// MARK: - A deterministic PRNG

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, fast generator whose output depends only on the
/// seed, on every platform and Swift version, so a fuzz failure reproduces from its seed and a
/// benchmark scene is the same on every machine.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator from a seed.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `percent`/100.
    mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }

    /// A value in `range`, by rejection-free modulo (bias is irrelevant for fuzzing).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// One element of a non-empty array.
    mutating func pick<T>(_ choices: [T]) -> T { choices[int(in: 0...(choices.count - 1))] }
}
