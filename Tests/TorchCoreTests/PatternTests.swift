import Testing
@testable import TorchCore

/// Levels sampled at each given elapsed time (nanoseconds), for a fresh cursor.
private func levels(_ t: Timeline, at times: [Int64]) -> [Double] {
    var cursor = TimelineCursor(t)
    return times.map { cursor.sample(at: $0).level }
}

@Suite struct PatternTests {
    @Test(arguments: [(StrobeSpeed.slow, Int64(800_000_000)), (.medium, 300_000_000), (.fast, 100_000_000)])
    func strobeFlips(speed: StrobeSpeed, flip: Int64) {
        #expect(speed.flipInterval.nanoseconds == flip)
        let t = Pattern.strobe(speed).timeline()
        #expect(t.steps == [.hold(1, .nanoseconds(flip)), .hold(0, .nanoseconds(flip))])
        #expect(t.repeatCount == nil)
        // Flips exactly every `flip`: on, off, on, off …, ±1 ns around each flip.
        var cursor = TimelineCursor(t)
        for k in Int64(0)..<6 {
            let lit: Double = k % 2 == 0 ? 1 : 0
            if k > 0 { #expect(cursor.sample(at: k * flip - 1).level == 1 - lit) }
            let s = cursor.sample(at: k * flip)
            #expect(s.level == lit)
            #expect(s.nextBoundary == (k + 1) * flip)
        }
    }

    @Test func steadyHasNoSteps() {
        let t = Pattern.steady.timeline()
        #expect(t.isSteady)
        #expect(t.endLevel == 1)
    }

    @Test func blinkTimeline() {
        let t = Pattern.blink(on: .milliseconds(200), off: .milliseconds(800)).timeline()
        #expect(levels(t, at: [0, 199_999_999, 200_000_000, 999_999_999, 1_000_000_000]) == [1, 1, 0, 0, 1])
    }

    @Test func breatheRampsUpThenDown() {
        let t = Pattern.breathe(period: .seconds(4), minLevel: 0.2, maxLevel: 1).timeline()
        #expect(t.steps == [.ramp(to: 1, .seconds(2)), .ramp(to: 0.2, .seconds(2))])
        // Starts at the minimum, peaks at half the period, back at the minimum at the end.
        let s = 1_000_000_000 as Int64
        let got = levels(t, at: [0, s, 2 * s, 3 * s, 4 * s, 5 * s])
        let want = [0.2, 0.6, 1, 0.6, 0.2, 0.6]
        for (g, w) in zip(got, want) { #expect(abs(g - w) < 1e-12) }
    }

    @Test func breatheOddPeriodKeepsItsLength() {
        let t = Pattern.breathe(period: .nanoseconds(5), minLevel: 0, maxLevel: 1).timeline()
        #expect(t.steps.map(\.duration) == [.nanoseconds(2), .nanoseconds(3)])
        #expect(t.period == .nanoseconds(5))
    }

    @Test func breathePeriodZeroIsSteady() {
        let t = Pattern.breathe(period: .zero, minLevel: 0.1, maxLevel: 0.9).timeline()
        #expect(t.isSteady)
    }

    @Test func customTimelineIsItsOwn() throws {
        let c = try CustomPatternSyntax.parse("~100% 1s ~0 1s x2")
        let t = Pattern.custom(c).timeline()
        #expect(t == c.timeline)
        // Two fades up and down, then dark.
        let s = 1_000_000_000 as Int64
        let got = levels(t, at: [s / 2, s, 3 * s, 4 * s - 1, 4 * s, 100 * s])
        let want = [0.5, 1, 1, 1e-9, 0, 0]
        for (g, w) in zip(got, want) { #expect(abs(g - w) < 1e-15) }
    }
}
