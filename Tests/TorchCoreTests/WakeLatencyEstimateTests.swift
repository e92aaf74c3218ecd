import Testing
import TorchCore

/// The quantile estimate software PWM wakes early by: it settles near the quantile it is
/// made for (p99 by default, p90 for the pattern thread) of what it sees, stays within
/// 0…cap, and starts cautious (at the cap).
@Suite struct WakeLatencyEstimateTests {
    @Test func startsAtTheCapAndSettlesNearTheP99() {
        var e = WakeLatencyEstimate(cap: 200_000)
        #expect(e.nanoseconds == 200_000)
        // Lateness uniform over 0…100 µs: its p99 is 99 µs.
        var random = SplitMix64(seed: 7)
        for _ in 0..<200_000 { e.observe(lateness: Int64(random.below(100_000))) }
        #expect(abs(e.nanoseconds - 99_000) <= 3_000, "estimate \(e.nanoseconds) ns")
    }

    @Test func settlesNearTheP90WhenMadeForIt() {
        var e = WakeLatencyEstimate(cap: 200_000, belowPerAbove: 9)
        #expect(e.belowPerAbove == 9 && e.step == 2_000)
        // Lateness uniform over 0…100 µs: its p90 is 90 µs.
        var random = SplitMix64(seed: 3)
        for _ in 0..<200_000 { e.observe(lateness: Int64(random.below(100_000))) }
        #expect(abs(e.nanoseconds - 90_000) <= 4_000, "estimate \(e.nanoseconds) ns")
        #expect(WakeLatencyEstimate(cap: 10, belowPerAbove: 0).belowPerAbove == 1)
        #expect(WakeLatencyEstimate(cap: 10, belowPerAbove: .max).belowPerAbove == 999)
    }

    @Test func followsAMachineThatGetsFaster() {
        var e = WakeLatencyEstimate(cap: 50_000)
        var random = SplitMix64(seed: 1)
        for _ in 0..<20_000 { e.observe(lateness: 40_000 + Int64(random.below(5_000))) }
        #expect(e.nanoseconds >= 43_000)
        // 2,000 wake-ups a second (1 kHz PWM): within 5 s it follows 5–10 µs wake-ups.
        for _ in 0..<10_000 { e.observe(lateness: 5_000 + Int64(random.below(5_000))) }
        // One late wake-up raises it by a step (2 µs): it wanders that much around the p99.
        #expect(e.nanoseconds <= 12_500 && e.nanoseconds >= 8_000, "estimate \(e.nanoseconds) ns")
    }

    @Test func staysWithinItsBounds() {
        var e = WakeLatencyEstimate(cap: 35_000)
        for _ in 0..<1_000 { e.observe(lateness: .max) }
        #expect(e.nanoseconds == 35_000)
        for _ in 0..<100_000 { e.observe(lateness: .min) }
        #expect(e.nanoseconds == 0)
        #expect(WakeLatencyEstimate(cap: -5).nanoseconds == 0)
        #expect(WakeLatencyEstimate(cap: .max).cap == 1_000_000_000)
        #expect(WakeLatencyEstimate(cap: 10, step: .min).step == 99)
    }

    @Test func theMarginIsTheEstimateWithinALimit() {
        let e = WakeLatencyEstimate(cap: 35_000)
        #expect(e.margin(limit: 25_000) == 25_000)
        #expect(e.margin(limit: 50_000) == 35_000)
        #expect(e.margin(limit: -1) == 0)
    }
}
