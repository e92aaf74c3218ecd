import Testing
import TorchCore

/// Timelines as the step plays them on a dimmable output: boundaries, ramp ticks, the end
/// of a finite pattern, zero-length steps, and instants at Int64's ends.
@Suite struct PlaybackTimelineTests {
    let t: Int64 = 1_000_000_000
    let ms: Int64 = 1_000_000

    func played(_ timeline: Timeline, for d: Int64) -> (writes: [PlaybackRig.Written], last: PlaybackWait?) {
        var r = PlaybackRig()
        r.hand(timeline)
        let last = r.run(until: t + d)
        return (r.written, last)
    }

    @Test func aFinitePatternEndsOnItsEndLevelAndSleeps() {
        let blink = Timeline(steps: [.hold(1, .milliseconds(5)), .hold(0, .milliseconds(5))], repeatCount: 2, endLevel: 0.3)
        let (writes, last) = played(blink, for: 1_000 * ms)
        #expect(writes.map(\.duty) == [1, 0, 1, 0, 0.3])
        #expect(writes.map(\.at) == [t, t + 5 * ms, t + 10 * ms, t + 15 * ms, t + 20 * ms])
        #expect(writes.map(\.intended) == writes.map(\.at), "each change intended for its boundary")
        #expect(last == .sleep(until: nil), "no wake-ups after the end")
    }

    @Test func aRampUpdatesEveryTickUntilItsBoundary() {
        let fade = Timeline(steps: [.hold(0, .milliseconds(10)), .ramp(to: 1, .milliseconds(25))], repeatCount: 1, endLevel: 1)
        let (writes, last) = played(fade, for: 1_000 * ms)
        #expect(writes.map(\.duty) == [0, 0.4, 0.8, 1])
        #expect(writes.map(\.at) == [t, t + 20 * ms, t + 30 * ms, t + 35 * ms], "ticks on the 10 ms grid, then the boundary")
        #expect(last == .sleep(until: nil))
    }

    @Test func zeroLengthStepsHoldTheEndLevel() {
        // Steps are mutable: zero-length ones can get past Timeline.init.
        var t0 = Timeline(steps: [.hold(1, .milliseconds(5))], endLevel: 0.7)
        t0.steps = [.hold(1, .zero), .hold(0.2, .zero)]
        let (writes, last) = played(t0, for: 1_000 * ms)
        #expect(writes.map(\.duty) == [0.7])
        #expect(last == .sleep(until: nil), "looping zero-length steps would never return")
    }

    @Test func aZeroLengthStepAmongOthersIsSkipped() {
        var r = PlaybackRig()
        r.hand(Timeline(steps: [.hold(1, .zero), .hold(0.4, .milliseconds(5))]))
        var turn = r.turn()
        #expect(turn.writes.map(\.duty) == [0.4])
        #expect(turn.wait == .sleep(until: t + 5 * ms))
        r.reach(turn.wait)
        turn = r.turn()
        #expect(turn.writes.isEmpty, "the next repetition's zero-length step never shows")
        #expect(turn.wait == .sleep(until: t + 10 * ms))
    }

    @Test func aStepOfInt64MaxNanosecondsHasNoDeadline() {
        let t0 = Timeline(steps: [.hold(1, .nanoseconds(Int64.max)), .hold(0, .seconds(1))])
        let (writes, last) = played(t0, for: 1_000 * ms)
        #expect(writes.map(\.duty) == [1])
        #expect(last == .sleep(until: nil), "its end saturates: never")
    }

    @Test func aRampOfInt64MaxNanosecondsTicks() {
        var r = PlaybackRig()
        r.hand(Timeline(steps: [.ramp(to: 1, .nanoseconds(Int64.max)), .hold(0, .seconds(1))]))
        let turn = r.turn()
        #expect(turn.writes.map(\.duty) == [0])
        #expect(turn.wait == .sleep(until: t + 10 * ms), "the next ramp tick, not the saturated end")
    }

    @Test func aStartAtTheBeginningOfTimePlays() {
        var r = PlaybackRig()
        r.hand(Timeline(steps: [.hold(1, .milliseconds(5)), .hold(0, .milliseconds(5))]), start: Int64.min)
        let turn = r.turn()
        #expect(turn.writes.count == 1)
        // The elapsed time saturates, and the boundary with it: below the origin, never.
        #expect(turn.wait == .sleep(until: nil))
    }

    @Test func aStartAtTheEndOfTimeWaitsDark() {
        var r = PlaybackRig()
        r.hand(Timeline(steps: [.hold(1, .milliseconds(5)), .hold(0, .milliseconds(5))]), start: Int64.max)
        let turn = r.turn()
        #expect(turn.writes.map(\.duty) == [0])
        #expect(turn.wait == .sleep(until: nil))
    }

    @Test func softwarePWMNearTheEndOfTimeSaturates() {
        var r = PlaybackRig(binary: true, now: Int64.max - 100_000)
        r.hand(.steady(1), lightness: 0.5)
        let turn = r.turn()
        #expect(turn.writes.map(\.duty) == [1])
        #expect(turn.wait == .sleep(until: nil), "the pulse would end past Int64.max")
    }

    @Test func settingsOutsideTheirRangeAreKeptIn() {
        let s = PlaybackStep(pwmPeriod: 0, rampTick: -5, binaryOutput: true, retryInterval: -1, now: 0)
        #expect(s.pwmPeriod == 1 && s.rampTick == 1 && s.retryInterval == 0)
        let slow = PlaybackStep(pwmPeriod: Int64.max, rampTick: Int64.max, binaryOutput: true, retryInterval: 0, now: 0)
        #expect(slow.pwmPeriod == 1_000_000_000 && slow.rampTick == 1_000_000_000)
        // A 1 ns period still plays: one pulse a period, no division by zero.
        var r = PlaybackRig(binary: true, pwmPeriod: 0)
        r.hand(.steady(1), lightness: 0.5)
        r.run(until: r.now + 10)
        #expect(r.written.map(\.duty).prefix(2) == [1, 0])
    }
}
