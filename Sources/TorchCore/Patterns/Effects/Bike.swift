/// The bike flasher: Anduril's four bursts, 5 ms each to full brightness, 70 ms apart,
/// then the `base` level to the end of the second.
struct Bike: LightEffect {
    static let name = "bike"
    static let summary = "steady base with 4 bursts a second"
    static let manual = "A steady base level (1% to 90%) with four 5 ms bursts to full, 70 ms apart, once a second."
    static var parameters: [EffectParameter<Bike>] { [.level("base", \.base, within: bases)] }

    /// `base` level range: lit between bursts, below the bursts' full brightness.
    static let bases: ClosedRange<Double> = 0.01...0.9

    /// The level between the bursts.
    var base = 0.5

    func timeline(loadAverage: Double) -> Timeline {
        var steps: [TimelineStep] = []
        for i in 0..<4 {
            steps.append(.hold(1, .milliseconds(5)))
            steps.append(.hold(base, .milliseconds(i == 3 ? 65 + 720 : 65)))
        }
        return Timeline(steps: steps)
    }
}

extension Effect {
    /// A bike flasher: a steady `base` level with four 5 ms bursts to full brightness,
    /// 70 ms apart, once a second.
    public static func bike(base: Double) -> Effect { Effect(Bike(base: base)) }
}
