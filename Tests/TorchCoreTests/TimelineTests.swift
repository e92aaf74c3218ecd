import Testing
@testable import TorchCore

@Suite struct TimelineTests {
    @Test func totalZeroBecomesSteady() {
        let t = Timeline(steps: [.hold(1, .zero), .hold(0.4, .zero)])
        #expect(t.isSteady)
        #expect(t.steps.isEmpty)
        #expect(t.endLevel == 0.4)
        #expect(t.repeatCount == 1)
        #expect(t.period == .zero)
    }

    @Test func repeatZeroOrNegativeIsSteady() {
        #expect(Timeline(steps: [.hold(1, .seconds(1))], repeatCount: 0).isSteady)
        #expect(Timeline(steps: [.hold(1, .seconds(1))], repeatCount: -3).isSteady)
    }

    @Test func emptyStepsAreDarkUnlessToldOtherwise() {
        #expect(Timeline(steps: []).endLevel == 0)
        #expect(Timeline(steps: [], endLevel: 0.7).endLevel == 0.7)
        #expect(Timeline.dark == .steady(0))
    }

    @Test func endLevelDefaultsToLastStep() {
        let t = Timeline(steps: [.hold(1, .seconds(1)), .hold(0.25, .seconds(1))], repeatCount: 2)
        #expect(t.endLevel == 0.25)
        #expect(t.period == .seconds(2))
        #expect(!t.isSteady)
    }

    @Test func stepsClampLevelAndDuration() {
        #expect(TimelineStep.hold(1.5, .seconds(1)).level == 1)
        #expect(TimelineStep.hold(-1, .seconds(1)).level == 0)
        #expect(TimelineStep.hold(.nan, .seconds(1)).level == 0)
        #expect(TimelineStep.hold(1, .seconds(-1)).duration == .zero)
        #expect(TimelineStep.ramp(to: 0.5, .seconds(1)).ramp)
        #expect(!TimelineStep.hold(0.5, .seconds(1)).ramp)
    }
}
