import Testing
import TorchCore

/// A failing output (a PWM block behind a failing bus: EIO): dark once, then the level is
/// tried again only every retry interval, until a write succeeds.
@Suite struct PlaybackFailureTests {
    let t: Int64 = 1_000_000_000
    let ms: Int64 = 1_000_000
    let eio: Int32 = 5

    /// A dimmable output that refuses lit writes (or every write) while `refusing`.
    func rig(_ timeline: Timeline, refuseAll: Bool = false) -> PlaybackRig {
        var r = PlaybackRig()
        let e = eio
        r.answer = { duty in refuseAll || duty > 0 ? e : 0 }
        r.hand(timeline)
        return r
    }

    @Test func aRefusedLevelGoesDarkOnceThenRetriesEveryInterval() {
        var r = rig(.steady(0.6))
        var turn = r.turn()
        #expect(turn.writes == [.init(at: t, duty: 0.6, intended: t, accepted: false),
                                .init(at: t, duty: 0, intended: t, accepted: true)])
        #expect(r.step.isFailing && r.step.writtenDuty == 0)
        // A steady level has no deadline of its own: the retry is the deadline.
        #expect(turn.wait == .sleep(until: t + 100 * ms))
        // Woken before the retry (a rewrite): nothing is written.
        r.woken(after: 50 * ms)
        turn = r.turn()
        #expect(turn.writes.isEmpty)
        #expect(turn.wait == .sleep(until: t + 100 * ms))
        // The retry is refused too: no second dark write (already dark), next retry.
        r.reach(turn.wait)
        turn = r.turn()
        #expect(turn.writes == [.init(at: t + 100 * ms, duty: 0.6, intended: t + 100 * ms, accepted: false)])
        #expect(turn.wait == .sleep(until: t + 200 * ms))
        // The output takes writes again: the level is back and the burst is over.
        r.answer = { _ in 0 }
        r.reach(turn.wait)
        turn = r.turn()
        #expect(turn.writes.map(\.duty) == [0.6])
        #expect(!r.step.isFailing)
        #expect(turn.wait == .sleep(until: nil))
    }

    @Test func aDeadOutputIsTriedOncePerInterval() {
        var r = rig(.steady(0.6), refuseAll: true)
        r.run(until: t + 1_000 * ms)
        // The first attempt and its dark write, then one attempt per 100 ms: 9 in 1 s.
        #expect(r.written.count == 2 + 9)
        #expect(r.written.allSatisfy { !$0.accepted })
        #expect(r.written.dropFirst(2).allSatisfy { $0.duty == 0.6 }, "dark only once per burst")
        #expect(r.step.isFailing && r.step.writtenDuty == nil)
    }

    @Test func anOutputAlreadyDarkIsNotWrittenDarkAgain() {
        var r = rig(.dark)
        #expect(r.turn().writes.map(\.duty) == [0])
        r.woken(after: ms)
        r.hand(.steady(0.6))
        #expect(r.turn().writes == [.init(at: t + ms, duty: 0.6, intended: t + ms, accepted: false)])
        #expect(r.step.isFailing)
    }

    @Test func theBurstHoldsWritesBackAtThePatternsOwnDeadlines() {
        let blink = Timeline(steps: [.hold(1, .milliseconds(30)), .hold(0, .milliseconds(30))])
        var r = rig(blink)
        var turn = r.turn()
        #expect(turn.writes.map(\.accepted) == [false, true])
        #expect(turn.wait == .sleep(until: t + 30 * ms), "the pattern's deadline comes before the retry")
        r.reach(turn.wait)
        turn = r.turn()        // dark step: already dark
        #expect(turn.writes.isEmpty)
        #expect(turn.wait == .sleep(until: t + 60 * ms))
        r.reach(turn.wait)
        turn = r.turn()        // lit step, before the retry instant: held back
        #expect(turn.writes.isEmpty)
        #expect(turn.wait == .sleep(until: t + 90 * ms))
        r.reach(turn.wait)
        r.reach(r.turn().wait) // dark again at 90 ms
        turn = r.turn()        // lit at 120 ms, past the retry: tried, refused
        #expect(turn.writes == [.init(at: t + 120 * ms, duty: 1, intended: t + 120 * ms, accepted: false)])
        #expect(turn.wait == .sleep(until: t + 150 * ms))
    }

    @Test func aRetryNearTheEndOfTimeSaturates() {
        var r = PlaybackRig(now: Int64.max - 10)
        let e = eio
        r.answer = { _ in e }
        r.hand(.steady(0.6))
        let turn = r.turn()
        #expect(turn.writes.count == 2)
        #expect(turn.wait == .sleep(until: nil), "a retry past Int64.max is never")
    }
}
