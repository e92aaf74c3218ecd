/// The random effects' numbers: SplitMix64, so every seed (0 included) gives its own
/// well-mixed sequence and the same seed always gives the same light.
struct EffectRandom {
    private var generator: SplitMix64

    init(seed: UInt32) {
        // Spread the 32-bit seed over the state so nearby seeds start far apart.
        generator = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 ^ 0x5DEE_CE66_D1CE_4E5B)
    }

    mutating func next() -> UInt64 { generator.next() }

    /// A byte, as Anduril's 8-bit `pseudo_rand()` gives.
    mutating func byte() -> Int { Int(next() >> 56) }

    /// 0 ..< n (n ≥ 1).
    mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int(next() % UInt64(n)) }

    /// True with probability 1/n.
    mutating func oneIn(_ n: Int) -> Bool { below(n) == 0 }
}
