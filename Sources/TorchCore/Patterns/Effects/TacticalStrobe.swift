/// The tactical strobe: lit a third of each cycle at `rate` cycles per second (Anduril's:
/// 10 Hz).
struct TacticalStrobe: LightEffect {
    static let name = "tactical-strobe"
    static let summary = "lit a third of each cycle, 1Hz…125Hz"
    static let manual = "Lit a third of each cycle, 1 Hz to 125 Hz."
    static var parameters: [EffectParameter<TacticalStrobe>] { [.rate("rate", \.rate, within: Strobes.rates)] }

    /// Cycles per second.
    var rate = 10.0

    func timeline(loadAverage: Double) -> Timeline {
        let period = Strobes.period(rate)
        let on = Duration.nanoseconds(period.nanoseconds / 3)
        return Timeline(steps: [.hold(1, on), .hold(0, period - on)])
    }
}

extension Effect {
    /// A tactical strobe: lit a third of each cycle at `rate` cycles per second.
    public static func tacticalStrobe(rate: Double) -> Effect { Effect(TacticalStrobe(rate: rate)) }
}
