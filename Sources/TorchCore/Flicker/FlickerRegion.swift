/// Where a light's modulation at its frequency falls among IEEE 1789-2015's
/// recommended-practice regions (§8.1.1), for the carrier that dims an LED (a pattern's
/// own flashes are `FlashRate`'s matter).
///
/// The two boundaries bound Mod% (percent flicker, `FlickerFigures.modulationPercent`)
/// from above, strictly, by the frequency f in hertz:
/// - low risk: Mod% < 0.025·f below 90 Hz, < 0.08·f from 90 Hz to 1,250 Hz, no limit above;
/// - no observable effect: Mod% < 0.01·f below 90 Hz, < 0.0333·f from 90 Hz to 3,000 Hz,
///   no limit above.
///
/// So on/off PWM (Mod 100 %) is low risk only above 1.25 kHz and shows no effect only
/// above 3 kHz.
public enum FlickerRegion: String, CaseIterable, Equatable, Sendable {
    /// Under the no-observable-effect boundary.
    case noObservableEffect = "no-observable-effect"
    /// Under the low-risk boundary, not under the no-observable-effect one.
    case lowRisk = "low-risk"
    /// On or above the low-risk boundary: the standard's practice is to stay below it.
    case aboveLowRisk = "above-low-risk"

    /// The region of a modulation (percent, 0…100) at a frequency (hertz, above 0).
    public static func of(modulationPercent mod: Double, frequency f: Double) -> FlickerRegion {
        if mod <= 0 { return .noObservableEffect }
        if below(noObservableEffectLimit(frequency: f), mod) { return .noObservableEffect }
        if below(lowRiskLimit(frequency: f), mod) { return .lowRisk }
        return .aboveLowRisk
    }

    /// The Mod% (percent) a light must stay under to be low risk at `f` hertz; nil above
    /// 1,250 Hz, where there is no limit.
    public static func lowRiskLimit(frequency f: Double) -> Double? {
        if f > lowRiskUnlimitedAbove { return nil }
        return f < lowFrequencyBreak ? 0.025 * f : 0.08 * f
    }

    /// The Mod% (percent) a light must stay under to show no observable effect at `f`
    /// hertz; nil above 3,000 Hz, where there is no limit.
    public static func noObservableEffectLimit(frequency f: Double) -> Double? {
        if f > noObservableEffectUnlimitedAbove { return nil }
        return f < lowFrequencyBreak ? 0.01 * f : 0.0333 * f
    }

    /// Where both boundaries change slope: 90 Hz.
    public static let lowFrequencyBreak = 90.0
    /// Above this frequency (hertz) any modulation is low risk: 1,250 Hz.
    public static let lowRiskUnlimitedAbove = 1250.0
    /// Above this frequency (hertz) any modulation shows no observable effect: 3,000 Hz.
    public static let noObservableEffectUnlimitedAbove = 3000.0

    /// The lowest frequency (hertz) at which on/off PWM (100 % modulation) reaches this
    /// region: above it, it is in the region or a better one; nil for `aboveLowRisk`.
    public var onOffPWMAbove: Double? {
        switch self {
        case .noObservableEffect: Self.noObservableEffectUnlimitedAbove
        case .lowRisk: Self.lowRiskUnlimitedAbove
        case .aboveLowRisk: nil
        }
    }

    /// "no observable effect", "low risk", "above low risk".
    public var text: String {
        switch self {
        case .noObservableEffect: "no observable effect"
        case .lowRisk: "low risk"
        case .aboveLowRisk: "above low risk"
        }
    }

    private static func below(_ limit: Double?, _ mod: Double) -> Bool {
        guard let limit else { return true }
        return mod < limit
    }
}
