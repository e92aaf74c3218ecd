/// The kinds of `Effect`: each kind's name (as the pattern text, the library, the CLI's
/// completion and the docs write it), its defaults and its parameters, in one place, so
/// a new kind is a new case the compiler asks for everywhere it matters.
public enum EffectKind: String, CaseIterable, Sendable {
    case candle
    case lightning
    case bike
    case beacon
    case partyStrobe = "party-strobe"
    case tacticalStrobe = "tactical-strobe"
    case heartbeat

    /// The effect with its default parameters.
    public var standard: Effect {
        switch self {
        case .candle: .candle(seed: 0)
        case .lightning: .lightning(seed: 0)
        case .bike: .bike(base: 0.5)
        case .beacon: .beacon(on: .milliseconds(100), every: .seconds(2))
        case .partyStrobe: .partyStrobe(rate: 24, flash: .milliseconds(1))
        case .tacticalStrobe: .tacticalStrobe(rate: 10)
        case .heartbeat: .heartbeat
        }
    }

    /// The parameter names, in canonical order.
    public var parameterNames: [String] {
        switch self {
        case .candle, .lightning: ["seed"]
        case .bike: ["base"]
        case .beacon: ["on", "every"]
        case .partyStrobe: ["rate", "flash"]
        case .tacticalStrobe: ["rate"]
        case .heartbeat: []
        }
    }
}
