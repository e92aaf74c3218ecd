import Testing
@testable import TorchCore

private let oneMs: Int64 = 1_000_000
private let oneS: Int64 = 1_000_000_000

@Suite struct TimelineCursorTests {
    /// 100 ms on, 200 ms at 40 %, 300 ms off.
    let threeSteps = Timeline(steps: [
        .hold(1, .milliseconds(100)), .hold(0.4, .milliseconds(200)), .hold(0, .milliseconds(300)),
    ])

    @Test func levelsAtBoundariesPlusMinusOneNanosecond() {
        var c = TimelineCursor(threeSteps)
        #expect(c.sample(at: 0) == .init(level: 1, ramping: false, nextBoundary: 100 * oneMs))
        #expect(c.sample(at: 100 * oneMs - 1).level == 1)
        #expect(c.sample(at: 100 * oneMs) == .init(level: 0.4, ramping: false, nextBoundary: 300 * oneMs))
        #expect(c.sample(at: 100 * oneMs + 1).level == 0.4)
        #expect(c.sample(at: 300 * oneMs - 1).level == 0.4)
        #expect(c.sample(at: 300 * oneMs) == .init(level: 0, ramping: false, nextBoundary: 600 * oneMs))
        #expect(c.sample(at: 600 * oneMs - 1).level == 0)
        // Forever: wraps to the first step.
        #expect(c.sample(at: 600 * oneMs) == .init(level: 1, ramping: false, nextBoundary: 700 * oneMs))
        #expect(c.sample(at: 700 * oneMs + 1) == .init(level: 0.4, ramping: false, nextBoundary: 900 * oneMs))
    }

    @Test func rampsInterpolate() {
        let t = Timeline(steps: [.hold(0.2, .seconds(1)), .ramp(to: 1, .seconds(2)), .ramp(to: 0.2, .seconds(1))])
        var c = TimelineCursor(t)
        #expect(c.sample(at: oneS - 1).level == 0.2)
        let start = c.sample(at: oneS)
        #expect(start.level == 0.2)
        #expect(start.ramping)
        #expect(start.nextBoundary == 3 * oneS)
        #expect(abs(c.sample(at: 2 * oneS).level - 0.6) < 1e-12)
        #expect(abs(c.sample(at: 2 * oneS + oneS / 2).level - 0.8) < 1e-12)
        #expect(c.sample(at: 3 * oneS).level == 1)  // the down ramp starts where the up ramp ended
        #expect(abs(c.sample(at: 3 * oneS + oneS / 4).level - 0.8) < 1e-12)
    }

    @Test func firstStepRampStartsFromLastLevel() {
        // The step before the first is the last, also on the first repetition.
        let t = Timeline(steps: [.ramp(to: 1, .seconds(1)), .hold(0.5, .seconds(1))])
        var c = TimelineCursor(t)
        #expect(c.sample(at: 0).level == 0.5)
        #expect(c.sample(at: oneS / 2).level == 0.75)
    }

    @Test func repeatCountEndsAtEndLevel() {
        let t = Timeline(steps: [.hold(1, .milliseconds(100)), .hold(0, .milliseconds(100))], repeatCount: 3, endLevel: 0.3)
        var c = TimelineCursor(t)
        #expect(c.sample(at: 400 * oneMs - 1).level == 0)
        #expect(c.sample(at: 400 * oneMs).level == 1)   // third repetition starts
        #expect(c.sample(at: 500 * oneMs).level == 0)
        #expect(c.sample(at: 600 * oneMs - 1).level == 0)
        #expect(c.sample(at: 600 * oneMs) == .init(level: 0.3, ramping: false, nextBoundary: nil))
        #expect(c.sample(at: 1000 * oneS) == .init(level: 0.3, ramping: false, nextBoundary: nil))
    }

    @Test func lateSampleFarInTheFutureSkipsWholePeriods() {
        // 600 ms period; one day and 150 ms later we are in step 2 of some repetition.
        let day = 86_400 * oneS
        var c = TimelineCursor(threeSteps)
        #expect(c.sample(at: 150 * oneMs).level == 0.4)  // not at step 0: the skip must still work
        let late = c.sample(at: day + 150 * oneMs)
        // 86 400 s is a whole number of 600 ms periods (144 000).
        #expect(late == .init(level: 0.4, ramping: false, nextBoundary: day + 300 * oneMs))
        #expect(c.sample(at: day + 600 * oneMs).level == 1)
        #expect(c.sample(at: 2 * day + 599 * oneMs).level == 0)
    }

    @Test func lateSampleFinishesAFiniteRepeat() {
        let t = Timeline(steps: [.hold(1, .milliseconds(100)), .hold(0, .milliseconds(100))], repeatCount: 1000)
        var c = TimelineCursor(t)
        #expect(c.sample(at: 150 * oneMs).level == 0)
        #expect(c.sample(at: 199_850 * oneMs).level == 1)  // repetition 1000 (of 1000) starts at 199.8 s
        #expect(c.sample(at: 199_950 * oneMs).nextBoundary == 200 * oneS)
        #expect(c.sample(at: 200 * oneS).nextBoundary == nil)
        var fresh = TimelineCursor(t)
        #expect(fresh.sample(at: 365 * 86_400 * oneS) == .init(level: 0, ramping: false, nextBoundary: nil))
    }

    @Test func zeroLengthStepsArePassedOver() {
        // A zero-length step is never sampled but sets the start of the ramp after it.
        let t = Timeline(steps: [.hold(1, .zero), .ramp(to: 0, .seconds(1)), .hold(0, .zero)])
        var c = TimelineCursor(t)
        let first = c.sample(at: 0)
        #expect(first.level == 1)
        #expect(first.ramping)
        #expect(c.sample(at: oneS / 2).level == 0.5)
        #expect(c.sample(at: oneS).level == 1)   // next repetition, after both zero steps
        #expect(c.sample(at: 10 * oneS + oneS / 4).level == 0.75)
    }

    @Test func zeroLengthStepsSetByHandDoNotHang() {
        var t = Timeline(steps: [.hold(1, .seconds(1))])
        t.steps = [.hold(1, .zero), .hold(0.5, .zero)]  // bypasses init's check
        var c = TimelineCursor(t)
        #expect(c.sample(at: 5 * oneS) == .init(level: t.endLevel, ramping: false, nextBoundary: nil))
    }

    @Test func steadyTimelineHoldsForever() {
        var c = TimelineCursor(.steady(0.6))
        #expect(c.sample(at: 0) == .init(level: 0.6, ramping: false, nextBoundary: nil))
        #expect(c.sample(at: Int64.max / 2).level == 0.6)
    }

    @Test func instantsDriveTheCursor() {
        // The scheduler's use: elapsed = now − start, with now moved by the test.
        let start = Instant(nanoseconds: 5 * oneS)
        var now = start
        var c = TimelineCursor(Pattern.strobe(.fast).timeline())
        var seen: [Double] = []
        for _ in 0..<4 {
            seen.append(c.sample(at: (now - start).nanoseconds).level)
            now = now + .milliseconds(100)
        }
        #expect(seen == [1, 0, 1, 0])
    }
}
