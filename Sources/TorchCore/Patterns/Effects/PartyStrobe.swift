/// The party strobe: a short `flash` at `rate` flashes per second, which freezes motion
/// (Anduril's: 24 Hz).
struct PartyStrobe: LightEffect {
    static let name = "party-strobe"
    static let summary = "short flashes, 1Hz…125Hz"
    static let manual = "Short flashes at 1 Hz to 125 Hz; the flash 50µs to half the period."
    static var parameters: [EffectParameter<PartyStrobe>] {
        [.rate("rate", \.rate, within: Strobes.rates), .duration("flash", \.flash)]
    }

    /// Flashes per second.
    var rate = 24.0
    /// Each flash's light.
    var flash: Duration = .milliseconds(1)

    func checkCombinedLimits() throws(PatternLimitError) {
        let half = Duration.nanoseconds(Strobes.period(rate).nanoseconds / 2)
        guard flash >= PatternLimits.minimumHold, flash <= half else {
            throw limitError("flash", PatternLimits.text(flash), "a flash from \(PatternLimits.text(PatternLimits.minimumHold)) to half the strobe's period (\(PatternLimits.text(half)) at \(EffectRate.text(rate)))")
        }
    }

    func timeline(loadAverage: Double) -> Timeline {
        let period = Strobes.period(rate)
        return Timeline(steps: [.hold(1, flash), .hold(0, period - flash)])
    }
}

extension Effect {
    /// A party strobe: a short `flash` at `rate` flashes per second (freezes motion).
    public static func partyStrobe(rate: Double, flash: Duration) -> Effect { Effect(PartyStrobe(rate: rate, flash: flash)) }
}
