/// The candle: Anduril 2's three-oscillator flicker (candle-mode.c, by ToyKeeper),
/// written again from its description.
///
/// Three triangle waves add up on top of a base level: a slow one that drifts at random
/// (30 % of the amplitude), a medium one whose speed is re-drawn now and then and whose
/// depth decays and is re-triggered at random (45 %), and a fast erratic one (25 %, also
/// decaying and re-drawn). Anduril's levels are its base 24 plus an amplitude of 26 on
/// its 150-step ramp; here they are divided by their sum, so the flame moves between
/// 48 % and 100 % of the chosen brightness. Anduril ticks at 62.5 Hz; this ramps to every
/// second tick's level over 32 ms, and 4000 such steps (2 min 8 s) repeat.
struct Candle: RandomEffect {
    static let name = "candle"
    static let summary = "random flicker (Anduril's candle)"
    static let manual = "Random flicker (Anduril 2's three-oscillator candle) between 48% and 100%, a new level every 32 ms; the seed (0 to 4294967295) picks the flicker, the same seed the same light; it repeats after 2 min 8 s."

    /// Picks the flicker.
    var seed: UInt32 = 0

    static let tick: Duration = .milliseconds(16)
    static let stepsPerCycle = 4000
    static let base = 24.0
    static let amplitude = 26.0

    static func timeline(seed: UInt32) -> Timeline {
        var random = EffectRandom(seed: seed)
        // Phases are 0…255 as in the firmware (an 8-bit wave wraps around).
        var wave1 = 0, wave2 = 0, wave3 = 0, wave2Speed = 0
        let depth1 = 30.0 * amplitude / 100
        let maxDepth2 = Int(45.0 * amplitude / 100), maxDepth3 = Int(25.0 * amplitude / 100)
        var depth2 = Double(maxDepth2), depth3 = Double(maxDepth3)
        var steps: [TimelineStep] = []
        steps.reserveCapacity(stepsPerCycle)
        var tickNumber = 0
        while steps.count < stepsPerCycle {
            let add = triangle(wave1) * depth1 + triangle(wave2) * depth2 + triangle(wave3) * depth3
            if tickNumber % 2 == 1 {
                steps.append(.ramp(to: (base + add) / (base + amplitude), tick * 2))
            }
            // The slow wave drifts every other tick; the medium one at its own speed; the
            // fast one by a random amount every tick.
            if tickNumber % 2 == 0 { wave1 = (wave1 + random.byte() & 1) & 255 }
            wave2 = (wave2 + wave2Speed) & 255
            wave3 = (wave3 + random.below(37)) & 255
            if random.oneIn(64) { wave2Speed = random.below(13) }
            if depth2 > 0, random.oneIn(64) { depth2 -= 1 }
            if random.oneIn(256) {
                depth2 = Double(random.below(maxDepth2))
                wave2 = 0
            }
            if depth3 > 2, random.oneIn(32) { depth3 -= 1 }
            if random.oneIn(128) { depth3 = Double(random.below(maxDepth3)) }
            tickNumber += 1
        }
        return Timeline(steps: steps)
    }

    /// 0…1 up and down over a phase of 0…255.
    static func triangle(_ phase: Int) -> Double {
        Double(phase < 128 ? phase * 2 : 255 - phase * 2 + 256) / 255
    }
}

extension Effect {
    /// A candle's flicker: three oscillators of random speed and depth between 48 % and
    /// 100 % of the brightness, a new level every 32 ms (ramped), 4000 steps (2 min 8 s)
    /// before it repeats.
    public static func candle(seed: UInt32) -> Effect { Effect(Candle(seed: seed)) }
}
