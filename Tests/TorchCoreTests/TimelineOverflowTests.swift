import Testing
@testable import TorchCore

/// Issue 15, findings 1 and 12: timelines built by hand (not through a parser) may hold
/// steps up to Int64.max nanoseconds; sums saturate instead of wrapping, and sampling
/// any instant returns at once, near 292 years as at 0.
@Suite struct TimelineOverflowTests {
    let huge = Duration.nanoseconds(Int64.max)

    @Test func periodSaturatesInsteadOfWrapping() {
        let t = Timeline(steps: [.hold(1, huge), .hold(0, huge), .hold(1, .seconds(1))])
        #expect(t.period == huge)
        #expect(!t.isSteady)
    }

    @Test func hugeStepsGiveBoundariesThatDoNotWrap() {
        var c = TimelineCursor(Timeline(steps: [.hold(1, .seconds(1)), .hold(0, huge)]))
        #expect(c.sample(at: 0).nextBoundary == 1_000_000_000)
        let s = c.sample(at: 2_000_000_000)
        #expect(s.level == 0)
        // The step ends after Int64.max: the boundary saturates, never turns negative.
        #expect(s.nextBoundary == Int64.max)
    }

    /// Finding 12: these looped (practically) forever, stepping through wrapped sums.
    @Test(arguments: [Int64.max, Int64.max - 1, Int64.max / 2 + 1, 9_200_000_000_000_000_000])
    func samplingNear292YearsReturns(elapsed: Int64) {
        let timelines = [
            Timeline(steps: [.hold(1, .milliseconds(3)), .hold(0, .milliseconds(7))]),
            Timeline(steps: [.hold(1, huge), .hold(0, .nanoseconds(1))]),
            Timeline(steps: [.hold(1, .nanoseconds(Int64.max / 2)), .hold(0, .nanoseconds(Int64.max / 2)), .hold(0.5, .seconds(1))]),
            Timeline(steps: [.ramp(to: 1, huge), .ramp(to: 0, huge)], repeatCount: 3),
            Timeline(steps: [.hold(1, .nanoseconds(3)), .hold(0, .nanoseconds(5))], repeatCount: Int.max),
        ]
        for t in timelines {
            var fresh = TimelineCursor(t)
            let s = fresh.sample(at: elapsed)
            #expect((0...1).contains(s.level))
            if let b = s.nextBoundary { #expect(b >= elapsed) }
            // And stepping there from a sample near the start.
            var stepped = TimelineCursor(t)
            _ = stepped.sample(at: 1)
            #expect(stepped.sample(at: elapsed) == s)
        }
    }

    @Test func boundariesNeverGoBackwards() {
        var c = TimelineCursor(Timeline(steps: [.hold(1, .nanoseconds(Int64.max - 10)), .hold(0, .nanoseconds(20))]))
        let s = c.sample(at: Int64.max - 5)
        #expect(s.level == 0)
        #expect(s.nextBoundary == Int64.max)
    }

    /// A finite pattern at the limits still ends within Int64 nanoseconds.
    @Test func longestFinitePatternEnds() throws {
        let p = try CustomPatternSyntax.parse(Array(repeating: "100% 24h", count: 7).joined(separator: " ") + " x10000")
        var c = TimelineCursor(p.timeline)
        let end = Int64(10_000) * 7 * 86_400 * 1_000_000_000
        #expect(c.sample(at: end - 1).nextBoundary == end)
        #expect(c.sample(at: end) == .init(level: 1, ramping: false, nextBoundary: nil))
    }
}
