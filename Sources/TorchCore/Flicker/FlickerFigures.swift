/// A light's flicker as IEEE 1789-2015 judges it: its modulation's frequency, percent
/// flicker and region, with the flicker index beside them (IES), for one output at one
/// duty.
public struct FlickerFigures: Equatable, Sendable {
    /// The modulation's frequency, hertz.
    public var frequency: Double
    /// Percent flicker, 0…100.
    public var modulationPercent: Double
    /// The flicker index, 0…1.
    public var flickerIndex: Double
    /// The duty cycle the figures are for, 0…1.
    public var duty: Double

    public init(frequency: Double, modulationPercent: Double, flickerIndex: Double, duty: Double) {
        self.frequency = frequency
        self.modulationPercent = modulationPercent
        self.flickerIndex = flickerIndex
        self.duty = duty
    }

    /// From a waveform over whole periods (a trace's, or a PWM period's).
    public init(_ w: LightWaveform) {
        self.init(frequency: w.frequency, modulationPercent: w.modulationPercent, flickerIndex: w.flickerIndex, duty: w.mean)
    }

    /// On/off PWM of an LED at `frequency` hertz and `duty` 0…1: 100 % modulation and a
    /// flicker index of 1 − duty while dimmed, none at 0 or full.
    public static func pwm(frequency: Double, duty: Double) -> FlickerFigures {
        var f = FlickerFigures(LightWaveform.pwm(frequency: frequency, duty: duty))
        f.frequency = frequency
        return f
    }

    /// IEEE 1789's region for this modulation at this frequency.
    public var region: FlickerRegion { FlickerRegion.of(modulationPercent: modulationPercent, frequency: frequency) }

    /// The low-risk limit at this frequency, percent; nil above 1,250 Hz.
    public var lowRiskLimit: Double? { FlickerRegion.lowRiskLimit(frequency: frequency) }

    /// The no-observable-effect limit at this frequency, percent; nil above 3,000 Hz.
    public var noObservableEffectLimit: Double? { FlickerRegion.noObservableEffectLimit(frequency: frequency) }
}
