import Testing
import TorchCore

/// The thread stopping for the service's next process (`PlaybackStep.handingOver`): the
/// output keeps what it shows; only software PWM's in-between level is left on.
@Suite struct PlaybackHandOverTests {
    @Test func aSteadyLevelIsLeftAsItIs() {
        var rig = PlaybackRig()
        rig.hand(.steady(1), lightness: 0.4)
        rig.turn()
        #expect(rig.written.last?.duty == 0.4)
        #expect(rig.step.handingOver(at: rig.now) == nil)
        // A stop (not a hand-over) goes dark.
        #expect(rig.step.stopping(at: rig.now)?.duty == 0)
    }

    @Test func aPatternIsLeftAtItsStep() {
        var rig = PlaybackRig(binary: true)
        let blink = Timeline(steps: [.hold(1, .milliseconds(250)), .hold(0, .milliseconds(250))])
        rig.hand(blink)
        rig.run(until: rig.now + 300_000_000)   // in the dark half
        #expect(rig.written.last?.duty == 0)
        #expect(rig.step.handingOver(at: rig.now) == nil)
    }

    @Test func softwarePWMIsLeftOnNotDark() {
        var rig = PlaybackRig(binary: true)
        rig.hand(.steady(1), lightness: 0.4)
        // Turns until the line is written off in the period's dark part.
        var sawOff = false
        for _ in 0..<20 {
            let (wait, writes) = rig.turn()
            if writes.last?.duty == 0 { sawOff = true; break }
            rig.reach(wait)
        }
        #expect(sawOff)
        #expect(rig.step.handingOver(at: rig.now)?.duty == 1)
    }

    @Test func darkSoftwarePWMIsLeftDark() {
        var rig = PlaybackRig(binary: true)
        rig.hand(.steady(0))
        rig.turn()
        #expect(rig.step.handingOver(at: rig.now) == nil)
    }
}
