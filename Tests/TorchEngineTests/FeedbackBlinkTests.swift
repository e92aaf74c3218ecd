import Testing
import TorchCore
import TorchEngine

@Suite("Feedback blink")
struct FeedbackBlinkTests {
    /// The level a timeline shows at `ms` milliseconds.
    func level(_ t: Timeline, at ms: Int64) -> Double {
        var cursor = TimelineCursor(t)
        return cursor.sample(at: ms * 1_000_000).level
    }

    @Test func steadyLightDipsTwiceThenHolds() throws {
        let t = try #require(FeedbackBlink.timeline(of: .steady(1)))
        #expect(t.period == .milliseconds(150))
        #expect(FeedbackBlink.length == .milliseconds(150))
        let samples = [0, 59, 60, 89, 90, 149, 150, 10_000].map { level(t, at: $0) }
        #expect(samples == [0, 0, 1, 1, 0, 0, 1, 1])
    }

    @Test func darkBaseFlashesInstead() throws {
        let t = try #require(FeedbackBlink.timeline(of: .dark))
        let samples = [0, 60, 90, 150].map { level(t, at: $0) }
        #expect(samples == [1, 0, 1, 0])
    }

    @Test func dimmedSteadyGapIsAtItsLevel() throws {
        let t = try #require(FeedbackBlink.timeline(of: .steady(0.5)))
        #expect(level(t, at: 70) == 0.5)
        #expect(level(t, at: 200) == 0.5)
    }

    @Test func finiteBaseFollowsTheAcknowledgementWhole() throws {
        let base = Timeline(steps: [.hold(1, .milliseconds(100)), .hold(0, .milliseconds(100))], repeatCount: 2,
                            endLevel: 0.25)
        let t = try #require(FeedbackBlink.timeline(of: base))
        #expect(t.repeatCount == 1)
        #expect(t.period == .milliseconds(150 + 400))
        let samples = [0, 150, 250, 350, 450, 549, 550, 9_999].map { level(t, at: $0) }
        #expect(samples == [0, 1, 0, 1, 0, 0, 0.25, 0.25])
    }

    @Test func firstStepRampStillStartsFromTheLastLevel() throws {
        let base = Timeline(steps: [.ramp(to: 1, .milliseconds(100)), .hold(0.5, .milliseconds(100))],
                            repeatCount: 1)
        let t = try #require(FeedbackBlink.timeline(of: base))
        // Halfway through the ramp from 0.5 to 1: 0.75 (not halfway up from a dip's 0).
        #expect(level(t, at: 200) == 0.75)
        // The acknowledgement's gap shows where the ramp starts.
        #expect(level(t, at: 70) == 0.5)
    }

    @Test func foreverBaseNeedsTwoPrograms() {
        let base = Timeline(steps: [.hold(1, .milliseconds(100)), .hold(0, .milliseconds(100))])
        #expect(FeedbackBlink.timeline(of: base) == nil)
        let ack = FeedbackBlink.acknowledgement(before: base)
        #expect(ack.period == FeedbackBlink.length)
        #expect(ack.repeatCount == 1)
        #expect(ack.endLevel == 1)
        #expect(level(ack, at: 0) == 0)
    }

    @Test func hugeFiniteBaseIsNotUnrolled() {
        let base = Timeline(steps: [.hold(1, .milliseconds(1)), .hold(0, .milliseconds(1))], repeatCount: 10_000)
        #expect(FeedbackBlink.timeline(of: base) == nil)
    }
}
