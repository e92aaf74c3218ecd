import Testing
import TorchCore

/// The CPU budget in the loop: a machine whose writes take longer than the pattern allows
/// rests (dark, for software PWM) instead of running back to back.
@Suite struct PlaybackBudgetTests {
    let t: Int64 = 1_000_000_000
    let ms: Int64 = 1_000_000
    let blink1ms = Timeline(steps: [.hold(1, .milliseconds(1)), .hold(0, .milliseconds(1))])

    @Test func aSpentBudgetRestsPastACloseDeadline() {
        var r = PlaybackRig()
        r.writeCost = 1_500_000   // each write runs 1.5 ms: every deadline is past when it is done
        r.hand(blink1ms)
        var turn = r.turn()
        #expect(turn.wait == .sleep(until: t + ms), "1.5 ms banked: below the 2 ms burst")
        r.reach(turn.wait)
        turn = r.turn()
        // 3 ms banked: rest until the bucket is empty, past the deadline at 2 ms.
        #expect(turn.writes.map(\.duty) == [0])
        #expect(turn.wait == .rest(until: t + 3 * ms + 3 * ms))
        r.reach(turn.wait)
        #expect(r.step.budget.debt == 0)
        turn = r.turn()
        #expect(turn.writes.map(\.duty) == [1], "after the rest the pattern goes on where the clock is")
        #expect(turn.wait == .sleep(until: t + 7 * ms))
    }

    @Test func aFarDeadlinePaysForTheRestByItself() {
        var r = PlaybackRig()
        r.writeCost = 3 * ms
        r.hand(Timeline(steps: [.hold(1, .milliseconds(10)), .hold(0, .milliseconds(10))]))
        let turn = r.turn()
        #expect(r.step.budget.restNeeded > 0)
        #expect(turn.wait == .sleep(until: t + 10 * ms), "7 ms of sleep ahead pays for it")
    }

    @Test func softwarePWMRestsOnlyWhenDark() {
        var r = PlaybackRig(binary: true, budget: CPUBudget(burst: ms))
        r.writeCost = 1_500_000
        r.hand(.steady(1), lightness: 0.5)
        var turn = r.turn()
        // Spent, but lit: resting now would stretch the pulse. The fall comes first.
        #expect(turn.writes.map(\.duty) == [1])
        #expect(r.step.budget.restNeeded > 0)
        #expect(turn.wait == .spin(until: t + 500_000))
        r.reach(turn.wait)
        turn = r.turn()
        #expect(turn.writes.map(\.duty) == [0])
        #expect(turn.wait == .rest(until: t + 3 * ms + 2 * ms))
    }

    @Test func aMachineThatKeepsUpNeverRests() {
        var r = PlaybackRig(binary: true)
        r.writeCost = 5_000
        r.hand(.steady(1), lightness: 0.5)
        var rests = 0
        for _ in 0..<2_000 {
            let (wait, _) = r.turn()
            if case .rest = wait { rests += 1 }
            r.reach(wait)
        }
        #expect(rests == 0)
        #expect(r.written.count == 2_000, "one edge a turn: 1000 periods")
    }
}
