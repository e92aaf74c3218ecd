/// How perceived lightness maps to PWM duty cycle.
public enum BrightnessCurve: String, CaseIterable, Sendable {
    /// CIE 1931 lightness: equal steps look equally bright (50 % looks half as bright at
    /// ≈ 18.4 % duty). The default.
    case cie
    /// Duty equals the level. For measurements, or drivers that already correct.
    case linear

    /// Duty cycle 0…1 for a lightness 0…1.
    ///
    /// CIE 1931: Y = ((L* + 16) / 116)³ for L* > 8, else L* / 903.3, with L* = 100·lightness.
    public func duty(forLightness lightness: Double) -> Double {
        let l = min(1, max(0, lightness))
        switch self {
        case .linear:
            return l
        case .cie:
            let lStar = l * 100
            if lStar > 8 {
                let t = (lStar + 16) / 116
                return t * t * t
            }
            return lStar / 903.3
        }
    }
}

/// Lightness → duty for one output: the `max-brightness` cap (thermal or current limit,
/// as the phone caps at the device's maximum torch level), then the curve, then this
/// LED's calibration when `torch calibrate` measured one (`LightCorrection`: the duty
/// that gives the curve's luminance on this LED).
public struct OutputMapping: Equatable, Sendable {
    public var curve: BrightnessCurve
    /// The highest lightness ever shown, 0…1 (the `max-brightness` setting): a level
    /// above it is shown at it, one below it as it is (`min(level, max)`, the seed's
    /// clamp), so the duty never exceeds the curve's duty for it.
    public var maxBrightness: Double
    /// This LED as `torch calibrate` measured it; nil: uncalibrated. It corrects the
    /// `cie` curve only: `linear` stays the raw duty (for measurements).
    public private(set) var calibration: LightCalibration?
    /// The calibration's correction, worked out once (off the real-time thread).
    private var correction: LightCorrection?

    public init(curve: BrightnessCurve = .cie, maxBrightness: Double = 1, calibration: LightCalibration? = nil) {
        self.curve = curve
        self.maxBrightness = maxBrightness.isNaN ? 1 : min(1, max(0, maxBrightness))
        self.calibration = calibration
        correction = calibration?.correction
    }

    /// True when a calibration corrects the duties.
    public var isCorrected: Bool { correction != nil && curve == .cie }

    /// Duty cycle 0…1 for a lightness 0…1. Lightness 0 is dark; any positive lightness
    /// gives a positive duty (never rounds "on" to dark).
    public func duty(forLightness lightness: Double) -> Double {
        guard lightness > 0 else { return 0 }
        let y = curve.duty(forLightness: min(lightness, maxBrightness))
        guard curve == .cie, let correction else { return y }
        return max(correction.duty(forLuminance: y), Double.leastNormalMagnitude)
    }
}
