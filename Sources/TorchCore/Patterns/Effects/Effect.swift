/// The light shows of torch firmware (Anduril 2's strobe group, a beacon, the kernel's
/// heartbeat LED trigger): each a pattern like the others, with named parameters.
///
/// Levels are relative to the chosen brightness, as in every pattern. Random effects take
/// a seed and compile to a long pseudo-random cycle that repeats (bounded memory, the
/// same light for the same seed); the others are short exact cycles.
public enum Effect: Equatable, Sendable {
    /// A candle's flicker: three oscillators of random speed and depth between 48 % and
    /// 100 % of the brightness, a new level every 32 ms (ramped), 4000 steps (2 min 8 s)
    /// before it repeats.
    case candle(seed: UInt32)
    /// A lightning storm: strikes at a random level that decay in random steps, separated
    /// by random darkness of 1 ms to 16 s (most short), up to 4000 steps before it repeats.
    case lightning(seed: UInt32)
    /// A bike flasher: a steady `base` level with four 5 ms bursts to full brightness,
    /// 70 ms apart, once a second.
    case bike(base: Double)
    /// A beacon: one `on` flash at full brightness every `every`.
    case beacon(on: Duration, every: Duration)
    /// A party strobe: a short `flash` at `rate` flashes per second (freezes motion).
    case partyStrobe(rate: Double, flash: Duration)
    /// A tactical strobe: lit a third of each cycle at `rate` cycles per second.
    case tacticalStrobe(rate: Double)
    /// A heartbeat: two 70 ms beats then a pause, its period following the 1-minute load
    /// average as the kernel's heartbeat trigger does (1.26 s idle, 0.86 s at load 1,
    /// 0.51 s at load 5, towards 0.3 s). The load reaches it through the state machine.
    case heartbeat

    /// The kinds' names, as written first in the pattern text and as library names.
    public static let kinds = EffectKind.allCases.map(\.rawValue)

    /// The effect with its default parameters, by kind name (`Effect.kinds`).
    public static func standard(_ kind: String) -> Effect? { EffectKind(rawValue: kind)?.standard }

    /// The effect's kind.
    public var effectKind: EffectKind {
        switch self {
        case .candle: .candle
        case .lightning: .lightning
        case .bike: .bike
        case .beacon: .beacon
        case .partyStrobe: .partyStrobe
        case .tacticalStrobe: .tacticalStrobe
        case .heartbeat: .heartbeat
        }
    }

    /// The kind name (`candle`, `party-strobe`).
    public var kind: String { effectKind.rawValue }

    /// The timeline the scheduler plays (the heartbeat at load 0: see `timeline(loadAverage:)`).
    public func timeline() -> Timeline { timeline(loadAverage: 0) }

    /// The timeline with the heartbeat's period for `loadAverage` (other effects ignore it).
    public func timeline(loadAverage: Double) -> Timeline {
        switch self {
        case let .candle(seed):
            return Candle.timeline(seed: seed)
        case let .lightning(seed):
            return Lightning.timeline(seed: seed)
        case let .bike(base):
            return BikeFlasher.timeline(base: base)
        case let .beacon(on, every):
            return Timeline(steps: [.hold(1, on), .hold(0, every - on)])
        case let .partyStrobe(rate, flash):
            let period = Strobes.period(rate)
            return Timeline(steps: [.hold(1, flash), .hold(0, period - flash)])
        case let .tacticalStrobe(rate):
            let period = Strobes.period(rate)
            let on = Duration.nanoseconds(period.nanoseconds / 3)
            return Timeline(steps: [.hold(1, on), .hold(0, period - on)])
        case .heartbeat:
            return Heartbeat.timeline(loadAverage: loadAverage)
        }
    }
}

/// The party and tactical strobes' rates.
enum Strobes {
    /// Strobe rates from 1 Hz to 125 Hz (Anduril's delays of 8…255 ms span about 4…125 Hz).
    static let rates: ClosedRange<Double> = 1...125

    /// One cycle at `hz` (within `rates`), to the nanosecond.
    static func period(_ hz: Double) -> Duration {
        let ns = (1e9 / min(max(hz, rates.lowerBound), rates.upperBound)).rounded()
        return .nanoseconds(Int64(exactly: ns) ?? 1_000_000_000)
    }
}

/// The bike flasher's cycle (Anduril's: four bursts to twice the base level, 5 ms each,
/// 70 ms apart, then the base level to the end of the second).
enum BikeFlasher {
    /// `base` level range: lit between bursts, below the bursts' full brightness.
    static let bases: ClosedRange<Double> = 0.01...0.9

    static func timeline(base: Double) -> Timeline {
        var steps: [TimelineStep] = []
        for i in 0..<4 {
            steps.append(.hold(1, .milliseconds(5)))
            steps.append(.hold(base, .milliseconds(i == 3 ? 65 + 720 : 65)))
        }
        return Timeline(steps: steps)
    }
}
