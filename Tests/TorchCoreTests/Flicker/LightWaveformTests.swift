import Testing
import TorchCore

/// Percent flicker and the flicker index from a waveform: on/off PWM, a light that dips
/// without going dark, and a trace's changes.
@Suite struct LightWaveformTests {
    @Test func onOffPWMIsFullModulationWithIndexOneMinusDuty() {
        for duty in [0.01, 0.184, 0.5, 0.9] {
            let f = FlickerFigures.pwm(frequency: 1000, duty: duty)
            #expect(f.modulationPercent == 100)
            #expect(abs(f.flickerIndex - (1 - duty)) < 1e-6, "duty \(duty)")
            #expect(abs(f.duty - duty) < 1e-6)
        }
    }

    @Test func aDipThatStaysLitIsPartlyModulated() {
        // 1.0 for 3 ms, 0.5 for 1 ms: Mod = 100·0.5/1.5 = 33.3 %; mean 0.875; the area
        // above the mean is 0.125 × 3 ms of a total 3.5 (level·ms): FI = 0.375/3.5.
        let w = LightWaveform(segments: [.init(length: 3_000_000, level: 1), .init(length: 1_000_000, level: 0.5)])
        #expect(abs(w.modulationPercent - 100.0 / 3) < 1e-9)
        #expect(abs(w.mean - 0.875) < 1e-12)
        #expect(abs(w.flickerIndex - 0.375 / 3.5) < 1e-12)
        #expect(w.frequency == 250)
        // 250 Hz at 33 %: above the low-risk 0.08·250 = 20 %.
        #expect(FlickerFigures(w).region == .aboveLowRisk)
    }

    @Test func aTraceGivesItsWholePeriods() throws {
        // A 1 kHz software PWM at 25 %, starting mid-period and ending mid-period: the
        // figures come from the three whole periods between the first and last rise.
        var changes: [(at: Int64, level: Double)] = [(0, 0)]
        for k in 0..<4 {
            let start = Int64(500_000 + k * 1_000_000)
            changes.append((start, 1))
            changes.append((start + 250_000, 0))
        }
        let w = try #require(LightWaveform(changes: changes))
        #expect(w.periods == 3)
        #expect(w.length == 3_000_000)
        #expect(abs(w.frequency - 1000) < 1e-9)
        let f = FlickerFigures(w)
        #expect(f.modulationPercent == 100)
        #expect(abs(f.flickerIndex - 0.75) < 1e-12)
        #expect(f.region == .aboveLowRisk)
    }

    @Test func oneRiseIsNoPeriod() {
        #expect(LightWaveform(changes: [(0, 0), (10, 1), (20, 0)]) == nil)
        #expect(LightWaveform(changes: []) == nil)
    }
}
