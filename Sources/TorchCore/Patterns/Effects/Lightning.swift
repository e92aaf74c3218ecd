/// The lightning storm: Anduril 2's (strobe-modes.c, by ToyKeeper), written again from
/// its description.
///
/// A strike lights at a random level with a low bias (2…150 of Anduril's 150-step ramp,
/// here divided by 150) for a random 1…63 ms, then steps down by an eighth of its level
/// each such interval, sometimes dipping to half in between, like a flash's afterglow;
/// then darkness for 1 ms to about 16 s, short ones far more often. Strikes are drawn
/// until 4000 steps; then the storm repeats.
struct Lightning: RandomEffect {
    static let name = "lightning"
    static let summary = "random strikes and darkness"
    static let manual = "Random strikes that decay in steps, then 1 ms to 16 s dark (Anduril 2's lightning storm); repeats after 4000 steps (minutes)."

    /// Picks the storm.
    var seed: UInt32 = 0

    static let stepsPerCycle = 4000
    static let maxLevel = 150

    static func timeline(seed: UInt32) -> Timeline {
        var random = EffectRandom(seed: seed)
        var steps: [TimelineStep] = []
        steps.reserveCapacity(stepsPerCycle)
        while true {
            let strike = self.strike(&random)
            guard steps.count + strike.count <= stepsPerCycle else { break }
            steps += strike
        }
        return Timeline(steps: steps)
    }

    /// One strike and the darkness after it.
    static func strike(_ random: inout EffectRandom) -> [TimelineStep] {
        var steps: [TimelineStep] = []
        // Anduril's 0 ms is "as short as the chip can": 1 ms here.
        let interval = Duration.milliseconds(max(1, random.byte() & 63))
        var brightness = 1 << random.below(7)
        brightness += 1 << random.below(5)
        brightness += random.below(brightness)
        brightness = min(brightness, maxLevel)
        steps.append(.hold(level(brightness), interval))
        let stepDown = max(1, brightness >> 3)
        while brightness > 1 {
            brightness = max(0, brightness - stepDown)
            steps.append(.hold(level(brightness), interval))
            if random.oneIn(4) {
                steps.append(.hold(level(brightness >> 1), interval))
            }
        }
        var dark = 1 << random.below(13)
        dark += random.below(dark)
        steps.append(.hold(0, .milliseconds(dark)))
        return steps
    }

    static func level(_ anduril: Int) -> Double { Double(anduril) / Double(maxLevel) }
}

extension Effect {
    /// A lightning storm: strikes at a random level that decay in random steps, separated
    /// by random darkness of 1 ms to 16 s (most short), up to 4000 steps before it repeats.
    public static func lightning(seed: UInt32) -> Effect { Effect(Lightning(seed: seed)) }
}
