/// A random effect: its one parameter is the seed of its pseudo-random cycle
/// (`EffectRandom`), and the same seed is always the same light.
protocol RandomEffect: LightEffect {
    var seed: UInt32 { get set }
    /// One cycle, from `seed`; it repeats.
    static func timeline(seed: UInt32) -> Timeline
}

extension RandomEffect {
    static var parameters: [EffectParameter<Self>] { [.seed("seed", \.seed)] }

    func timeline(loadAverage: Double) -> Timeline { Self.timeline(seed: seed) }
}
