/// A light's output over whole periods: piecewise-constant segments, each a length and
/// a level (relative light, 0…1). An LED driven by PWM is such a waveform, on at the
/// LED's full light and off at none; a trace of an on/off output gives one too.
public struct LightWaveform: Equatable, Sendable {
    /// One stretch of constant light: `length` in nanoseconds (above 0), `level` 0…1.
    public struct Segment: Equatable, Sendable {
        public var length: Int64
        public var level: Double

        public init(length: Int64, level: Double) {
            self.length = length
            self.level = level
        }
    }

    /// The segments, in order, covering whole periods.
    public var segments: [Segment]
    /// How many periods the segments cover (at least 1), for the frequency.
    public var periods: Int

    public init(segments: [Segment], periods: Int = 1) {
        self.segments = segments.filter { $0.length > 0 && $0.level.isFinite }
        self.periods = max(1, periods)
    }

    /// One period of on/off PWM at `frequency` hertz and `duty` 0…1: full light for the
    /// duty's share of the period, none for the rest.
    public static func pwm(frequency: Double, duty: Double) -> LightWaveform {
        let period = frequency > 0 && frequency.isFinite ? Int64((1e9 / frequency).rounded()) : 1_000_000
        let d = duty.isFinite ? min(1, max(0, duty)) : 0
        let on = Int64((Double(period) * d).rounded())
        return LightWaveform(segments: [Segment(length: on, level: 1), Segment(length: period - on, level: 0)])
    }

    /// Total length in nanoseconds.
    public var length: Int64 { segments.reduce(0) { $0.saturatingAdding($1.length) } }

    /// The periods' frequency in hertz; 0 for an empty waveform.
    public var frequency: Double {
        let l = length
        return l > 0 ? Double(periods) * 1e9 / Double(l) : 0
    }

    /// Percent flicker: 100·(Lmax − Lmin)/(Lmax + Lmin); 0 for a steady or dark light.
    public var modulationPercent: Double {
        guard let high = segments.map(\.level).max(), let low = segments.map(\.level).min(), high + low > 0 else { return 0 }
        return 100 * (high - low) / (high + low)
    }

    /// The mean level over the waveform (time-weighted).
    public var mean: Double {
        let l = Double(length)
        guard l > 0 else { return 0 }
        return segments.reduce(0) { $0 + Double($1.length) * $1.level } / l
    }

    /// The flicker index (IES): the area above the mean level over the total area under
    /// the curve, over whole periods; 0…1, 0 for a steady or dark light.
    public var flickerIndex: Double {
        let m = mean
        let total = segments.reduce(0) { $0 + Double($1.length) * $1.level }
        guard total > 0 else { return 0 }
        let above = segments.reduce(0) { $0 + Double($1.length) * max(0, $1.level - m) }
        return above / total
    }
}
