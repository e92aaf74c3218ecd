import Testing
import TorchCore

/// Programs handed over, replaced mid-period or starting later; the output replaced; no
/// program; stopping.
@Suite struct PlaybackHandoffTests {
    let t: Int64 = 1_000_000_000
    let ms: Int64 = 1_000_000

    @Test func aChangeIsIntendedForItsHandOver() {
        var r = PlaybackRig()
        // Started 3 ms before it was handed over; the thread gets to it 20 µs later.
        r.hand(.steady(0.5), start: t - 3 * ms)
        r.now += 20_000
        let turn = r.turn()
        #expect(turn.writes == [.init(at: t + 20_000, duty: 0.5, intended: t, accepted: true)])
    }

    @Test func aNewProgramTakesEffectAtOnce() {
        var r = PlaybackRig()
        r.hand(Timeline(steps: [.hold(1, .seconds(3600)), .hold(0, .seconds(1))]))
        let first = r.turn()
        #expect(first.wait == .sleep(until: t + 3_600_000 * ms))
        r.woken(after: ms)
        r.hand(.steady(0.25))
        let turn = r.turn()
        #expect(turn.writes == [.init(at: t + ms, duty: 0.25, intended: t + ms, accepted: true)])
        #expect(turn.wait == .sleep(until: nil))
    }

    @Test func aLaterStartKeepsTheOutputUntilThen() {
        var r = PlaybackRig()
        r.hand(Timeline(steps: [.hold(1, .milliseconds(5)), .hold(0, .milliseconds(5))]), start: t + 5 * ms)
        var turn = r.turn()
        #expect(turn.writes.map(\.duty) == [0], "nothing shown yet: dark until the start")
        #expect(turn.wait == .sleep(until: t + 5 * ms))
        r.reach(turn.wait)
        turn = r.turn()
        #expect(turn.writes == [.init(at: t + 5 * ms, duty: 1, intended: t + 5 * ms, accepted: true)])
    }

    /// Software PWM, a new program in the middle of a lit pulse: the pulse keeps its width,
    /// then the new program's own grid (from its start) gets its first pulse at once.
    @Test func aProgramSwappedMidPeriodFinishesThePulseThenStartsItsGrid() {
        var r = PlaybackRig(binary: true)
        r.hand(.steady(1), lightness: 0.5)
        #expect(r.turn().writes.map(\.duty) == [1])      // lit until 500 µs
        r.woken(after: 300_000)
        r.hand(.steady(1), lightness: 0.25)              // its grid starts at 300 µs
        var turn = r.turn()
        #expect(turn.writes.isEmpty)
        #expect(turn.wait == .earlyWake(at: t + 500_000 - 35_000, edge: t + 500_000))
        r.reach(turn.wait)
        turn = r.turn()
        #expect(turn.writes.map(\.duty) == [0])
        #expect(turn.wait == .spin(until: t + 500_000), "the new period has begun: rise at once")
        r.reach(turn.wait)
        turn = r.turn()
        #expect(turn.writes.map(\.duty) == [1])
        #expect(turn.wait.deadline == t + 750_000, "25 % of 1 ms from the rise")
        r.reach(turn.wait)
        turn = r.turn()
        #expect(turn.writes.map(\.duty) == [0])
        #expect(turn.wait.deadline == t + 1_300_000, "the next period of the new grid")
    }

    @Test func aReplacedOutputGetsTheLevelAgain() {
        var r = PlaybackRig()
        r.hand(.steady(0.5))
        #expect(r.turn().writes.map(\.duty) == [0.5])
        r.woken(after: ms)
        #expect(r.turn().writes.isEmpty, "already shown")
        r.woken(after: ms)
        r.step.outputReplaced()
        #expect(r.turn().writes == [.init(at: t + 2 * ms, duty: 0.5, intended: t + 2 * ms, accepted: true)])
    }

    @Test func withoutAProgramNothingIsWrittenAndNothingWakes() {
        var r = PlaybackRig()
        let turn = r.turn()
        #expect(turn.writes.isEmpty)
        #expect(turn.wait == .sleep(until: nil))
    }

    @Test func stoppingGoesDarkUnlessDark() {
        var r = PlaybackRig()
        #expect(r.step.stopping(at: t) == PlaybackWrite(duty: 0, intended: t), "unknown: dark")
        r.hand(.steady(0.5))
        r.turn()
        #expect(r.step.stopping(at: t) == PlaybackWrite(duty: 0, intended: t))
        r.woken(after: ms)
        r.hand(.dark)
        r.turn()
        #expect(r.step.stopping(at: t + ms) == nil)
    }
}
