import Testing
import TorchCore

/// The real-time thread's CPU budget: a machine that keeps up never rests; one whose
/// periods take longer than the period rests, and then runs at most half of a CPU.
@Suite struct CPUBudgetTests {
    /// Runs `periods` turns of `run` ns each followed by `sleep` ns of sleep, resting as
    /// the budget asks; the share of the time spent running, and the rests taken.
    func play(_ budget: inout CPUBudget, run: Int64, sleep: Int64, periods: Int) -> (share: Double, rests: Int) {
        var running: Int64 = 0, total: Int64 = 0, rests = 0
        for _ in 0..<periods {
            budget.ran(run)
            running += run
            let rest = budget.restNeeded
            if rest > 0 { rests += 1 }
            let slept = max(sleep, rest)
            budget.slept(slept)
            total += run + slept
        }
        return (Double(running) / Double(total), rests)
    }

    @Test func aMachineThatKeepsUpNeverRests() {
        // 1 kHz software PWM: 60 µs of writes and spinning, the rest of the period asleep.
        var b = CPUBudget()
        #expect(play(&b, run: 60_000, sleep: 940_000, periods: 10_000).rests == 0)
        // Even at 50 % of a CPU for an hour's worth of periods.
        #expect(play(&b, run: 500_000, sleep: 500_000, periods: 100_000).rests == 0)
        #expect(b.debt == 0)
    }

    @Test func aMachineTooSlowRestsAndKeepsHalfTheCPUFree() {
        // Each period's writes take 0.7 ms, so every wait's deadline is already past.
        var b = CPUBudget()
        #expect(b.restNeeded == 0)
        for _ in 0..<2 { b.ran(700_000); b.slept(0) }
        #expect(b.restNeeded == 0, "1.4 ms banked, 2 ms allowed")
        b.ran(700_000)
        #expect(b.restNeeded == 2_100_000, "what empties the bucket: 2.1 ms")
        var fresh = CPUBudget()
        let (share, rests) = play(&fresh, run: 700_000, sleep: 0, periods: 10_000)
        #expect(rests > 0)
        #expect(share <= 0.5 + 1e-4, "share \(share) (the last turn's rest is still owed)")
        #expect(share >= 0.5 - 1e-4, "not more rest than the budget asks: \(share)")
        var fifth = CPUBudget(burst: 5_000_000, ratio: 4)
        #expect(abs(play(&fifth, run: 1_100_000, sleep: 0, periods: 10_000).share - 0.8) < 1e-4, "ratio 4: 80 %")
    }

    @Test func aRestPaysForTheBurst() {
        var b = CPUBudget(burst: 5_000_000, ratio: 4)
        b.ran(7_000_000)
        #expect(b.debt == 5_000_000, "one turn counts at most one burst")
        b.ran(7_000_000)
        #expect(b.debt == 10_000_000, "never more than two bursts banked")
        #expect(b.restNeeded == 2_500_000)
        b.slept(b.restNeeded)
        #expect(b.debt == 0)
        #expect(b.restNeeded == 0)
    }

    @Test func boundsAndOddInputs() {
        var b = CPUBudget(burst: .max, ratio: .max)
        #expect(b.burst == 1_000_000_000 && b.ratio == 100)
        b.ran(.max)
        b.ran(.max)
        b.ran(.max)
        #expect(b.debt == 2_000_000_000)
        b.slept(.min)
        #expect(b.debt == 2_000_000_000, "a negative sleep pays nothing")
        b.slept(.max)
        #expect(b.debt == 0)
        b.ran(.min)
        #expect(b.debt == 0)
        let small = CPUBudget(burst: -1, ratio: -1)
        #expect(small.burst == 1_000 && small.ratio == 1)
    }
}
