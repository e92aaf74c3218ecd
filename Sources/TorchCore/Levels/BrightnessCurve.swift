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

/// Lightness → duty for one output: the curve, then the `max-brightness` cap
/// (thermal or current limit, as the phone caps at the device's maximum torch level).
public struct OutputMapping: Equatable, Sendable {
    public var curve: BrightnessCurve
    /// The largest duty cycle ever written, 0…1 (the `max-brightness` setting).
    public var maxDuty: Double

    public init(curve: BrightnessCurve = .cie, maxDuty: Double = 1) {
        self.curve = curve
        self.maxDuty = min(1, max(0, maxDuty))
    }

    /// Duty cycle 0…1 for a lightness 0…1. Lightness 0 is dark; any positive lightness
    /// gives a positive duty (never rounds "on" to dark).
    public func duty(forLightness lightness: Double) -> Double {
        guard lightness > 0 else { return 0 }
        let d = curve.duty(forLightness: lightness) * maxDuty
        return d
    }
}
