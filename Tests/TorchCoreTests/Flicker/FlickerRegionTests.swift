import Testing
import TorchCore

/// IEEE 1789-2015 §8.1.1's two boundaries, checked on both sides of every number the
/// recommended practice states: the slopes below and from 90 Hz, the 1,250 Hz and
/// 3,000 Hz ends, and on/off PWM's 100 % against them.
@Suite struct FlickerRegionTests {
    /// A hair: boundaries are strict ("Mod% < 0.08·f"), so a hair under is inside.
    let hair = 1e-6

    @Test func lowRiskBelow90HzIsMod0025TimesF() {
        // 60 Hz: 0.025 × 60 = 1.5 %.
        #expect(FlickerRegion.lowRiskLimit(frequency: 60) == 1.5)
        #expect(FlickerRegion.of(modulationPercent: 1.5 - hair, frequency: 60) != .aboveLowRisk)
        #expect(FlickerRegion.of(modulationPercent: 1.5, frequency: 60) == .aboveLowRisk)
        // Just under 90 Hz the low slope still holds: 0.025 × 89.9 = 2.2475 %.
        #expect(FlickerRegion.of(modulationPercent: 2.2475 - hair, frequency: 89.9) != .aboveLowRisk)
        #expect(FlickerRegion.of(modulationPercent: 2.2475 + hair, frequency: 89.9) == .aboveLowRisk)
    }

    @Test func lowRiskFrom90To1250HzIsMod008TimesF() {
        // At 90 Hz the steeper slope starts: 0.08 × 90 = 7.2 % (2.25 % a hair below 90 Hz).
        #expect(FlickerRegion.lowRiskLimit(frequency: 90) == 7.2)
        #expect(FlickerRegion.of(modulationPercent: 7.2 - hair, frequency: 90) != .aboveLowRisk)
        #expect(FlickerRegion.of(modulationPercent: 7.2, frequency: 90) == .aboveLowRisk)
        #expect(FlickerRegion.of(modulationPercent: 5, frequency: 90) != .aboveLowRisk)
        #expect(FlickerRegion.of(modulationPercent: 5, frequency: 90 - hair) == .aboveLowRisk)
        // 1 kHz: 80 %.
        #expect(FlickerRegion.lowRiskLimit(frequency: 1000) == 80)
        #expect(FlickerRegion.of(modulationPercent: 80 - hair, frequency: 1000) == .lowRisk)
        #expect(FlickerRegion.of(modulationPercent: 80, frequency: 1000) == .aboveLowRisk)
        // 1,250 Hz: 0.08 × 1250 = 100 %, so 100 % modulation is not under it…
        #expect(FlickerRegion.lowRiskLimit(frequency: 1250) == 100)
        #expect(FlickerRegion.of(modulationPercent: 100, frequency: 1250) == .aboveLowRisk)
        #expect(FlickerRegion.of(modulationPercent: 100 - hair, frequency: 1250) == .lowRisk)
    }

    @Test func above1250HzAnyModulationIsLowRisk() {
        #expect(FlickerRegion.lowRiskLimit(frequency: 1250 + hair) == nil)
        #expect(FlickerRegion.of(modulationPercent: 100, frequency: 1250 + 1e-3) == .lowRisk)
        #expect(FlickerRegion.of(modulationPercent: 100, frequency: 2000) == .lowRisk)
    }

    @Test func noObservableEffectBelow90HzIsMod001TimesF() {
        // 60 Hz: 0.01 × 60 = 0.6 %.
        #expect(FlickerRegion.noObservableEffectLimit(frequency: 60) == 0.6)
        #expect(FlickerRegion.of(modulationPercent: 0.6 - hair, frequency: 60) == .noObservableEffect)
        #expect(FlickerRegion.of(modulationPercent: 0.6, frequency: 60) == .lowRisk)
    }

    @Test func noObservableEffectFrom90To3000HzIsMod00333TimesF() throws {
        // 90 Hz: 0.0333 × 90 = 2.997 %.
        let at90 = try #require(FlickerRegion.noObservableEffectLimit(frequency: 90))
        #expect(abs(at90 - 2.997) < 1e-9)
        #expect(FlickerRegion.of(modulationPercent: 2.997 - hair, frequency: 90) == .noObservableEffect)
        #expect(FlickerRegion.of(modulationPercent: 2.997 + hair, frequency: 90) == .lowRisk)
        // 3,000 Hz: 0.0333 × 3000 = 99.9 %: on/off PWM's 100 % is not under it.
        let at3k = try #require(FlickerRegion.noObservableEffectLimit(frequency: 3000))
        #expect(abs(at3k - 99.9) < 1e-9)
        #expect(FlickerRegion.of(modulationPercent: 99.9 - hair, frequency: 3000) == .noObservableEffect)
        #expect(FlickerRegion.of(modulationPercent: 100, frequency: 3000) == .lowRisk)
    }

    @Test func above3000HzAnyModulationShowsNoEffect() {
        #expect(FlickerRegion.noObservableEffectLimit(frequency: 3000 + hair) == nil)
        #expect(FlickerRegion.of(modulationPercent: 100, frequency: 3000 + 1e-3) == .noObservableEffect)
    }

    @Test func onOffPWMCrossesAt1250And3000Hz() {
        for (f, region) in [(100.0, FlickerRegion.aboveLowRisk), (1000, .aboveLowRisk), (1250, .aboveLowRisk),
                            (1251, .lowRisk), (2000, .lowRisk), (3000, .lowRisk), (3001, .noObservableEffect)] {
            #expect(FlickerFigures.pwm(frequency: f, duty: 0.5).region == region, "\(f) Hz")
        }
        #expect(FlickerRegion.lowRisk.onOffPWMAbove == 1250)
        #expect(FlickerRegion.noObservableEffect.onOffPWMAbove == 3000)
    }

    @Test func aSteadyLightHasNoModulation() {
        // Full or dark: no carrier at all, whatever the frequency.
        for duty in [0.0, 1.0] {
            let f = FlickerFigures.pwm(frequency: 100, duty: duty)
            #expect(f.modulationPercent == 0)
            #expect(f.flickerIndex == 0)
            #expect(f.region == .noObservableEffect)
        }
    }
}
