import Testing
import TorchCore

/// Issue 36: `torch blink --rate 10Hz --for 5s` gives exactly 50 flashes, and `strobe fast
/// --for 4s` its 20: a run's end is the timeline's end (`Timeline.endingDark(at:)`), dark
/// at that instant, so the flash that would begin there is never written (it used to
/// show for 0.11–0.15 ms, until the stop's dark arrived). On the scripted clock.
@Suite struct PlaybackRunEndTests {
    let t: Int64 = 1_000_000_000
    let s: Int64 = 1_000_000_000

    /// The writes of `timeline` cut at `end` (ns), played from `t` to well past the end.
    func played(_ timeline: Timeline, endingAt end: Int64) -> (writes: [PlaybackRig.Written], last: PlaybackWait?) {
        var r = PlaybackRig(now: t)
        r.hand(timeline.endingDark(at: .nanoseconds(end)))
        let last = r.run(until: t + end + s)
        return (r.written, last)
    }

    func flashes(_ writes: [PlaybackRig.Written]) -> Int {
        var n = 0
        var lit = false
        for w in writes {
            if w.duty > 0 && !lit { n += 1 }
            lit = w.duty > 0
        }
        return n
    }

    @Test func aTenHertzBlinkForFiveSecondsIsFiftyFlashes() {
        let blink = Timeline(steps: [.hold(1, .milliseconds(50)), .hold(0, .milliseconds(50))])
        let (writes, last) = played(blink, endingAt: 5 * s)
        #expect(flashes(writes) == 50, "\(flashes(writes)) flashes")
        #expect(!writes.contains { $0.at >= t + 5 * s && $0.duty > 0 }, "nothing lit from the end on")
        #expect(writes.last?.duty == 0 && (writes.last?.at ?? 0) <= t + 5 * s, "dark by the end")
        #expect(last == .sleep(until: nil), "and asleep after it: nothing left to play")
    }

    @Test func strobeFastForFourSecondsIsTwentyFlashes() {
        let (writes, _) = played(Pattern.strobe(.fast).timeline(), endingAt: 4 * s)
        #expect(flashes(writes) == 20, "\(flashes(writes)) flashes")
        #expect(!writes.contains { $0.at >= t + 4 * s && $0.duty > 0 })
    }

    @Test func anEndInsideAFlashCutsItThere() {
        let blink = Timeline(steps: [.hold(1, .milliseconds(50)), .hold(0, .milliseconds(50))])
        let (writes, _) = played(blink, endingAt: 5 * s + 20_000_000)
        #expect(flashes(writes) == 51, "the 51st begins before the end")
        #expect(writes.last == PlaybackRig.Written(at: t + 5 * s + 20_000_000, duty: 0, intended: t + 5 * s + 20_000_000,
                                                   accepted: true), "and ends dark at it: \(String(describing: writes.last))")
    }

    @Test func aSteadyLightIsNotCut() {
        #expect(Timeline.steady(1).endingDark(at: .seconds(5)) == .steady(1), "no step to cut: the stop's program ends it")
    }
}
