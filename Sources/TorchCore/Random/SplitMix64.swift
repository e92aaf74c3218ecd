/// SplitMix64 (Steele, Lea & Flood 2014): a small seeded generator with a 64-bit state
/// and a full period, the same sequence on every platform. The effects' flicker, the
/// MQTT backoff's jitter and the tests' generated storms and sysfs sequences use it, so
/// a seed always replays the same numbers (the system generator cannot be seeded).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// 0 ..< n (0 when n ≤ 1); one number drawn whatever n is.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
}
