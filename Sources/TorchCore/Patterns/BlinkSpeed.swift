/// The seed TorchLight app's blink speed slider, 0…1, mapped to a blink.
///
/// - speed 0: the light is off (`pattern(speed:)` returns `nil`: stopping the blink
///   leaves no pattern to play, so the caller turns the light off);
/// - speed 1: steady light (`.steady`);
/// - in between: a blink with 50 % duty at f = 0.5 Hz × 40^speed, log-spaced so equal
///   slider steps feel like equal changes of pace: 0.5 Hz just above 0, ≈ 1 Hz at 0.19,
///   ≈ 3.16 Hz at 0.5, 10 Hz at 0.81, 20 Hz just below 1.
///
/// Speeds outside 0…1 are clamped; NaN counts as 0.
public enum BlinkSpeed {
    /// The blink frequency just above speed 0, in hertz.
    public static let slowestFrequency = 0.5
    /// The blink frequency just below speed 1, in hertz.
    public static let fastestFrequency = 20.0
    /// The highest blink rate `blink(frequency:duty:)` accepts, in hertz: above this a
    /// blink only looks dim, which is what brightness (PWM) is for. Its half period,
    /// 50 µs, is `PatternLimits.minimumHold`.
    public static let maxFrequency = 10_000.0
    /// The lowest blink rate `blink(frequency:duty:)` accepts, in hertz: one blink every
    /// 1000 s. Slower blinks are written as on and off times (up to 24 h each).
    public static let minFrequency = 0.001

    public static let allowed = "a blink speed from 0 to 1 (0 is off, 1 is steady light)"

    /// The pattern for a slider position; `nil` means off (speed 0).
    public static func pattern(speed: Double) -> Pattern? {
        guard speed > 0 else { return nil }
        guard speed < 1 else { return .steady }
        // 0.5…20 Hz: a period of 50 ms…2 s, always a whole number of nanoseconds in range.
        let period = Int64(exactly: (1e9 / frequency(speed: speed)).rounded()) ?? 1_000_000_000
        let on = period / 2
        return .blink(on: .nanoseconds(on), off: .nanoseconds(period - on))
    }

    /// Blink frequency in hertz for a speed in 0…1: 0.5 Hz × 40^speed (0.5…20 Hz).
    public static func frequency(speed: Double) -> Double {
        let s = speed.isNaN ? 0 : min(1, max(0, speed))
        return slowestFrequency * power40(s)
    }

    /// Reads a speed: `0.5` or `50%`, 0…1.
    public static func parse(_ text: String) throws(ValueError) -> Double {
        do {
            return try LevelSyntax.parse(text, range: 0...1)
        } catch {
            throw ValueError(value: text, allowed: allowed)
        }
    }

    /// A blink at `frequency` hertz, lit for `duty` (0…1) of each period; the period is
    /// rounded to the nanosecond. Frequency must be from 0.001 Hz to 10 kHz, and the on
    /// and off times each within `PatternLimits` (50 µs…24 h). `text` is the frequency as
    /// the user wrote it, for the error.
    public static func blink(frequency: Double, duty: Double = 0.5, text: String? = nil) throws(ValueError) -> Pattern {
        guard frequency.isFinite, frequency >= minFrequency, frequency <= maxFrequency,
              let period = Int64(exactly: (1e9 / frequency).rounded()) else {
            throw ValueError(value: text ?? FrequencySyntax.format(frequency),
                             allowed: "a blink frequency from \(FrequencySyntax.format(minFrequency)) to \(FrequencySyntax.format(maxFrequency))")
        }
        guard duty.isFinite, (0...1).contains(duty),
              let on = Int64(exactly: (Double(period) * duty).rounded()) else {
            throw ValueError(value: LevelSyntax.format(duty), allowed: "a duty cycle from 0% to 100%")
        }
        let pattern = Pattern.blink(on: .nanoseconds(on), off: .nanoseconds(period - on))
        do { try pattern.checkLimits() } catch {
            throw ValueError(value: LevelSyntax.format(duty),
                             allowed: "a duty cycle that leaves the light on and off for at least \(PatternLimits.text(PatternLimits.minimumHold)) each")
        }
        return pattern
    }

    /// 40^s for s in 0…1 without libm's `pow` (the core imports no Glibc):
    /// 2^(s·log₂40), the fractional power of two from the exponential series.
    static func power40(_ s: Double) -> Double {
        let x = s * 5.321928094887362  // log₂ 40
        let whole = x.rounded(.down)
        let y = (x - whole) * 0.6931471805599453  // ln 2; y in [0, 0.7)
        var term = 1.0, sum = 1.0
        for k in 1...24 {
            term *= y / Double(k)
            sum += term
        }
        return sum * Double(sign: .plus, exponent: Int(whole), significand: 1)
    }
}

extension Pattern {
    /// A blink at `frequency` hertz, lit for `duty` (0…1) of each period
    /// (see `BlinkSpeed.blink(frequency:duty:)`).
    public static func blink(frequency: Double, duty: Double = 0.5, text: String? = nil) throws(ValueError) -> Pattern {
        try BlinkSpeed.blink(frequency: frequency, duty: duty, text: text)
    }

    /// The TorchLight slider: `nil` (off) at 0, steady at 1, a blink in between
    /// (see `BlinkSpeed`).
    public static func blink(speed: Double) -> Pattern? {
        BlinkSpeed.pattern(speed: speed)
    }
}
