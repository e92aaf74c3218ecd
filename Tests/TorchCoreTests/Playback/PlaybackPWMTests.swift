import Testing
import TorchCore

/// Software PWM on a binary output: the period grid, one pulse a period, its width from
/// the actual rise, and how each edge is waited for (early wake by the learnt margin then
/// spin, or spin alone when the edge is closer than the margin).
@Suite struct PlaybackPWMTests {
    let t: Int64 = 1_000_000_000
    let ms: Int64 = 1_000_000

    func rig(lightness: Double, period: Int64 = 1_000_000) -> PlaybackRig {
        var r = PlaybackRig(binary: true, pwmPeriod: period)
        r.hand(.steady(1), lightness: lightness)
        return r
    }

    @Test func risesOnTheGridAndFallsAfterTheOnTime() {
        var r = rig(lightness: 0.25)
        var turn = r.turn()
        #expect(turn.writes.map(\.duty) == [1])
        // Falling: woken early by the whole estimate (3.5 % of the period at first).
        #expect(turn.wait == .earlyWake(at: t + 215_000, edge: t + 250_000))
        r.reach(turn.wait)
        turn = r.turn()
        #expect(turn.writes == [.init(at: t + 250_000, duty: 0, intended: t + 250_000, accepted: true)])
        // Rising: at most 2.5 % of the period × 2 × duty (12.5 µs at 25 %).
        #expect(turn.wait == .earlyWake(at: t + ms - 12_500, edge: t + ms))
        r.reach(turn.wait)
        turn = r.turn()
        #expect(turn.writes.map(\.duty) == [1])
        #expect(turn.wait.deadline == t + ms + 250_000)
    }

    @Test func aLateWakeStillEmitsThePulseWithItsFullWidth() {
        var r = rig(lightness: 0.25)
        r.reach(r.turn().wait)
        let fall = r.turn().wait
        // The rise comes 400 µs late: the pulse still comes, 250 µs wide from then.
        r.reach(fall, late: 400_000 + 12_500)
        #expect(r.now == t + 1_400_000)
        let turn = r.turn()
        #expect(turn.writes == [.init(at: t + 1_400_000, duty: 1, intended: t + ms, accepted: true)])
        #expect(turn.wait.deadline == t + 1_650_000)
    }

    @Test func aPulseNeverRunsIntoTheNextPeriod() {
        var r = rig(lightness: 0.25)
        r.now = t + 900_000   // the first turn comes late in the first period
        let turn = r.turn()
        #expect(turn.writes.map(\.duty) == [1])
        #expect(turn.wait.deadline == t + ms, "cut at the next period's start")
    }

    @Test func aPeriodGetsOnePulseOnly() {
        var r = rig(lightness: 0.25)
        r.reach(r.turn().wait)
        _ = r.turn()               // the fall at 250 µs, then toward the next rise…
        r.woken(after: 250_000)    // …woken at 500 µs (a rewrite with nothing new)
        let turn = r.turn()
        #expect(turn.writes.isEmpty, "no second pulse in the same period")
        #expect(turn.wait.deadline == t + ms)
    }

    @Test func anEdgeCloserThanTheMarginIsSpunFor() {
        // 3 % of 1 ms is 30 µs, closer than the 35 µs falling margin: no sleep at all.
        var r = rig(lightness: 0.03)
        let turn = r.turn()
        #expect(turn.writes.map(\.duty) == [1])
        #expect(turn.wait == .spin(until: t + 30_000))
        r.reach(turn.wait)
        #expect(r.step.wakeLateness.nanoseconds == 35_000, "a spin teaches the estimate nothing")
    }

    @Test func aShortPulseIsSleptForUpToItsMargin() {
        // 5 % of 1 ms is 50 µs: the thread sleeps its first 15 µs and spins the last 35,
        // instead of spinning all 50 (5 % of a core by itself).
        var r = rig(lightness: 0.05)
        var turn = r.turn()
        #expect(turn.writes.map(\.duty) == [1])
        #expect(turn.wait == .earlyWake(at: t + 15_000, edge: t + 50_000))
        // Ten periods of on-time wakes lower the margin: the sleep grows, the spin shrinks.
        for _ in 0..<20 {
            r.reach(turn.wait)
            turn = r.turn()
        }
        #expect(turn.writes.map(\.duty) == [1])
        #expect(r.now == t + 10 * ms)
        let margin = r.step.wakeLateness.nanoseconds
        #expect(margin == 35_000 - 20 * 222)
        #expect(turn.wait == .earlyWake(at: r.now + 50_000 - margin, edge: r.now + 50_000))
    }

    @Test func aWakeLaterThanTheMarginLengthensTheNextOne() {
        var r = rig(lightness: 0.05)
        var turn = r.turn()
        for _ in 0..<20 {   // on time: the margin falls below its cap
            r.reach(turn.wait)
            turn = r.turn()
        }
        let before = r.step.wakeLateness.nanoseconds
        r.reach(turn.wait, late: 60_000)   // the fall's wake comes 60 µs late, past its margin
        #expect(r.step.wakeLateness.nanoseconds == before + 2_000)
        #expect(r.turn().writes.map(\.duty) == [0], "the late fall still comes")
    }

    @Test func limitsScaleWithTheFrequency() {
        // 10 kHz: spin below 5 µs, falling margin at most 3.5 µs, rising at most 2.5 µs.
        var r = rig(lightness: 0.5, period: 100_000)
        #expect(r.step.riseLimit == 2_500 && r.step.wakeLateness.cap == 3_500)
        let turn = r.turn()
        #expect(turn.wait == .earlyWake(at: t + 50_000 - 3_500, edge: t + 50_000))
        r.reach(turn.wait)
        #expect(r.turn().wait == .earlyWake(at: t + 100_000 - 2_500, edge: t + 100_000))
    }

    @Test func theMarginFollowsHowLateWakeUpsAre() {
        var r = rig(lightness: 0.5)
        // On time: each early wake lowers the estimate by step / 9 (222 ns): it settles at
        // the p90 of the wake-ups' lateness.
        for _ in 0..<10 { r.reach(r.turn().wait) }
        #expect(r.step.wakeLateness.nanoseconds == 35_000 - 10 * 222)
        let lit = r.turn()
        #expect(lit.writes.map(\.duty) == [1])
        #expect(lit.wait == .earlyWake(at: r.now + 500_000 - (35_000 - 2_220), edge: r.now + 500_000))
        // Late by more than the estimate: it rises again by a step (2 µs), never past its cap.
        r.reach(lit.wait, late: 100_000)
        #expect(r.step.wakeLateness.nanoseconds == 35_000 - 2_220 + 2_000)
        for _ in 0..<3 { r.reach(r.turn().wait, late: 100_000) }
        #expect(r.step.wakeLateness.nanoseconds == 35_000)
        // Woken by a hand-off before the wake instant: nothing learnt.
        let before = r.step.wakeLateness
        _ = r.turn()
        r.woken(after: 1_000)
        #expect(r.step.wakeLateness == before)
    }

    @Test func fullAndDarkAreWrittenOnceWithoutWakeUps() {
        var r = rig(lightness: 1)
        var turn = r.turn()
        #expect(turn.writes.map(\.duty) == [1])
        #expect(turn.wait == .sleep(until: nil))
        r.woken(after: ms)
        r.hand(.dark)
        turn = r.turn()
        #expect(turn.writes.map(\.duty) == [0])
        #expect(turn.wait == .sleep(until: nil))
    }

    @Test func whichProgramsNeedWakeUps() {
        let linear = OutputMapping(curve: .linear)
        let blink = Timeline(steps: [.hold(1, .milliseconds(5)), .hold(0, .milliseconds(5))])
        #expect(PlaybackProgram.needsWakeups(blink, lightness: 1, mapping: linear, binaryOutput: false))
        #expect(PlaybackProgram.needsWakeups(.steady(1), lightness: 0.5, mapping: linear, binaryOutput: true))
        #expect(!PlaybackProgram.needsWakeups(.steady(1), lightness: 0.5, mapping: linear, binaryOutput: false))
        #expect(!PlaybackProgram.needsWakeups(.steady(1), lightness: 1, mapping: linear, binaryOutput: true))
        #expect(!PlaybackProgram.needsWakeups(.dark, lightness: 1, mapping: linear, binaryOutput: true))
    }
}
