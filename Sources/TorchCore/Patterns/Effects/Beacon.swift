/// The beacon: one `on` flash at full brightness every `every` (Anduril's: 100 ms every 2 s).
struct Beacon: LightEffect {
    static let name = "beacon"
    static let summary = "one flash per period"
    static let manual = "One flash (50µs to 24 h) per period (at least the flash plus 50µs, at most 24 h)."
    static var parameters: [EffectParameter<Beacon>] { [.duration("on", \.on), .duration("every", \.every)] }

    /// The flash.
    var on: Duration = .milliseconds(100)
    /// One flash per this period.
    var every: Duration = .seconds(2)

    func checkCombinedLimits() throws(PatternLimitError) {
        if let a = PatternLimits.blinkProblem(on, on: true) { throw limitError("on", PatternLimits.text(on), a) }
        guard every <= PatternLimits.maximumStep, every - on >= PatternLimits.minimumHold else {
            throw limitError("every", PatternLimits.text(every), "a period at least \(PatternLimits.text(PatternLimits.minimumHold)) longer than the flash (on=\(PatternLimits.text(on))) and at most \(PatternLimits.text(PatternLimits.maximumStep))")
        }
    }

    func timeline(loadAverage: Double) -> Timeline {
        Timeline(steps: [.hold(1, on), .hold(0, every - on)])
    }
}

extension Effect {
    /// A beacon: one `on` flash at full brightness every `every`.
    public static func beacon(on: Duration, every: Duration) -> Effect { Effect(Beacon(on: on, every: every)) }
}
