import Testing
import TorchCore
import TorchEngine

@Suite struct TorchStateMachineSmartTests {
    @Test func aPressLightsAtOnceAndATapLatches() {
        var rig = TorchRig()
        #expect(!rig.lit)
        #expect(rig.program.isDark)
        rig.press(at: atMs(1000))
        #expect(rig.lit)
        #expect(rig.torch.momentary)
        #expect(rig.program == LightProgram(timeline: Pattern.steady.timeline(), brightness: .full, startedAt: atMs(1000)))
        rig.release(at: atMs(1100))
        #expect(rig.lit)
        #expect(!rig.torch.momentary)
        #expect(rig.torch.persistentState.lit)
        #expect(rig.events.contains(.stateChanged))
        // The tap latched the light that was already on: no second program, no flicker.
        #expect(rig.programs.count == 1)
    }

    @Test func heldPastHoldTimeFromDarkIsHoldForLight() {
        var rig = TorchRig()
        rig.press(at: atMs(0))
        rig.run(until: atMs(1000))
        #expect(rig.lit)
        #expect(rig.torch.momentary)
        rig.release(at: atMs(1000))
        #expect(!rig.lit)
        #expect(rig.program.isDark)
        #expect(!rig.torch.persistentState.lit)
    }

    @Test func aTapWhileLatchedTurnsItOff() {
        var rig = TorchRig()
        rig.click(atMs(0), atMs(100))
        rig.click(atMs(1000), atMs(1100))
        #expect(!rig.lit)
        // The press while lit changed nothing; the tap did, at its release.
        #expect(rig.programs.count == 2)
        #expect(rig.programs[1].isDark && rig.programs[1].startedAt == atMs(1100))
    }

    @Test func aLongHoldFromDarkRunsSOSAndStaysLatched() {
        var rig = TorchRig()
        rig.press(at: atMs(0))
        rig.run(until: atMs(1999))
        #expect(rig.torch.currentPattern == .steady)
        rig.run(until: atMs(2000))
        #expect(rig.torch.sosActive)
        #expect(rig.program == LightProgram(timeline: Pattern.sos.timeline(), brightness: .full, startedAt: atMs(2000)))
        rig.release(at: atMs(3000))
        #expect(rig.lit)
        #expect(rig.torch.currentPattern == .sos)
        // SOS is not saved as the chosen pattern.
        #expect(rig.torch.persistentState.pattern == .steady)
        #expect(rig.events.contains(.gestureRecognized(.longHold)))
    }

    @Test func theOffButtonStopsSOS() {
        var rig = TorchRig()
        rig.click(atMs(0), atMs(2500))
        #expect(rig.torch.sosActive)
        rig.offPress(at: atMs(4000))
        #expect(!rig.lit)
        #expect(!rig.torch.sosActive)
        #expect(rig.program.isDark)
        #expect(rig.program.startedAt == atMs(4000))
        #expect(rig.torch.nextDeadline == nil)
        // The next light shows the chosen pattern again.
        rig.click(atMs(5000), atMs(5100))
        #expect(rig.torch.currentPattern == .steady)
    }

    @Test func theOffButtonCancelsAPressInProgress() {
        var rig = TorchRig()
        rig.press(at: atMs(0))
        rig.offPress(at: atMs(100))
        #expect(!rig.lit)
        // The ON button still held past the long-hold time: no SOS, and dark on release.
        rig.run(until: atMs(2500))
        #expect(!rig.lit)
        rig.release(at: atMs(2600))
        #expect(!rig.lit)
        #expect(!rig.torch.sosActive)
    }

    @Test func theOffButtonCancelsTheSleepTimer() {
        var rig = TorchRig(TorchSettings(sleepTimer: .seconds(60)))
        rig.click(atMs(0), atMs(100))
        #expect(rig.torch.sleepDeadline == atMs(60_100))
        rig.offPress(at: atMs(200))
        #expect(rig.torch.sleepDeadline == nil)
        #expect(rig.torch.nextDeadline == nil)
    }

    @Test func aLongHoldWhileLitOnlyRamps() {
        var rig = TorchRig()
        rig.click(atMs(0), atMs(100))
        rig.click(atMs(1000), atMs(4000))
        #expect(rig.lit)
        #expect(!rig.torch.sosActive)
    }

    @Test func doubleTapFromDarkLatchesThenGoesToTheNextPattern() {
        let strobe = Pattern.strobe(.fast)
        var rig = TorchRig(TorchSettings(patterns: [.steady, strobe]))
        rig.click(atMs(0), atMs(100))
        #expect(rig.lit)
        rig.click(atMs(300), atMs(400))
        #expect(rig.lit)
        // Longer click sequences are mapped (3c…10c): the double tap acts when the gap
        // after its release (the double-tap window) has passed with no third press.
        rig.run(until: atMs(699))
        #expect(rig.torch.pattern == .steady)
        rig.run(until: atMs(700))
        #expect(!rig.torch.momentary)
        #expect(rig.torch.pattern == strobe)
        #expect(rig.program == LightProgram(timeline: strobe.timeline(), brightness: .full, startedAt: atMs(700)))
        #expect(rig.events.contains(.gestureRecognized(.doubleTap)))
    }

    @Test func doubleTapFromLitGoesToTheNextPatternAndStaysOn() {
        let blink = Pattern.blink(on: .milliseconds(500), off: .milliseconds(500))
        var rig = TorchRig(TorchSettings(patterns: [.steady, blink]))
        rig.click(atMs(0), atMs(100))
        rig.click(atMs(1000), atMs(1100))
        // The first tap acted at once (no waiting for a second): dark until the next press.
        #expect(!rig.lit)
        rig.press(at: atMs(1300))
        #expect(rig.lit)
        rig.release(at: atMs(1350))
        #expect(rig.lit)
        // The provisional light stays while the sequence may go on.
        rig.run(until: atMs(1650))
        #expect(rig.lit)
        #expect(!rig.torch.momentary)
        #expect(rig.torch.pattern == blink)
        #expect(rig.program.startedAt == atMs(1650))
        #expect(rig.torch.persistentState == PersistentState(brightness: .full, pattern: blink, buttonMode: .smart, lit: true))
    }

    @Test func nextPatternCyclesAndStartsFromTheFirstWhenTheCurrentIsNotInTheList() {
        let a = Pattern.strobe(.slow), b = Pattern.strobe(.medium)
        var rig = TorchRig(TorchSettings(patterns: [a, b]), restoring: PersistentState(pattern: .steady, lit: true))
        rig.command(.nextPattern, at: atMs(10))
        #expect(rig.torch.pattern == a)
        rig.command(.nextPattern, at: atMs(20))
        #expect(rig.torch.pattern == b)
        rig.command(.nextPattern, at: atMs(30))
        #expect(rig.torch.pattern == a)
        #expect(rig.program.startedAt == atMs(30))
    }

    @Test func aLostReleaseEndsHoldForLightWithoutLatching() {
        var rig = TorchRig()
        rig.press(at: atMs(0))
        rig.run(until: atMs(100))
        // The kernel dropped the release; the engine reads the line and resynchronizes.
        rig.lost(pressed: false, at: atMs(150))
        #expect(!rig.lit, "no tap was invented, so nothing latched")
    }

    @Test func feedbackEventsFollowTheGestures() {
        var rig = TorchRig()
        rig.click(atMs(0), atMs(100))
        rig.click(atMs(200), atMs(300))
        rig.click(atMs(1000), atMs(1500))
        rig.offPress(at: atMs(2000))
        let feedback = rig.events.compactMap { e -> GestureKind? in
            if case let .gestureRecognized(k, _) = e { return k } else { return nil }
        }
        #expect(feedback == [.tap, .doubleTap, .clicksEnded, .holdStart, .holdEnd, .press])
    }
}
