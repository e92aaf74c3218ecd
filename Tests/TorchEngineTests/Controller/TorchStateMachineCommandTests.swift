import Testing
import TorchCore
import TorchEngine

@Suite struct TorchStateMachineCommandTests {
    @Test func aPatternChangeMidStepTakesEffectAtOnce() {
        let blink = Pattern.blink(on: .seconds(1), off: .seconds(1))
        var rig = TorchRig()
        rig.command(.pattern(blink), at: atMs(0))
        #expect(rig.program == LightProgram(timeline: blink.timeline(), brightness: .full, startedAt: atMs(0)))
        let generation = rig.torch.programGeneration
        rig.command(.pattern(.strobe(.fast)), at: atMs(500))
        #expect(rig.torch.programGeneration == generation + 1)
        #expect(rig.program == LightProgram(timeline: Pattern.strobe(.fast).timeline(), brightness: .full, startedAt: atMs(500)))
        // The same pattern again restarts it from its beginning.
        rig.command(.pattern(.strobe(.fast)), at: atMs(550))
        #expect(rig.program.startedAt == atMs(550))
    }

    @Test func aBrightnessChangeKeepsThePatternsPhase() {
        let blink = Pattern.blink(on: .seconds(1), off: .seconds(1))
        var rig = TorchRig()
        rig.command(.pattern(blink), at: atMs(0))
        let generation = rig.torch.programGeneration
        rig.command(.brightness(Brightness(clamping: 0.3)), at: atMs(700))
        #expect(rig.torch.programGeneration == generation + 1)
        #expect(rig.program == LightProgram(timeline: blink.timeline(), brightness: Brightness(clamping: 0.3), startedAt: atMs(0)))
    }

    @Test func aBrightnessChangeWhileDarkDoesNotLight() {
        var rig = TorchRig()
        let generation = rig.torch.programGeneration
        rig.command(.brightness(Brightness(clamping: 0.3)), at: atMs(10))
        #expect(!rig.lit)
        #expect(rig.torch.programGeneration == generation)
        #expect(rig.torch.persistentState.brightness == Brightness(clamping: 0.3))
        #expect(rig.events == [.stateChanged])
    }

    @Test func onOffAndToggle() {
        var rig = TorchRig()
        rig.command(.on(Brightness(clamping: 0.5)), at: atMs(0))
        #expect(rig.lit)
        #expect(rig.program.brightness == Brightness(clamping: 0.5))
        rig.command(.toggle, at: atMs(10))
        #expect(!rig.lit)
        rig.command(.toggle, at: atMs(20))
        #expect(rig.lit)
        rig.command(.off, at: atMs(30))
        #expect(!rig.lit)
        #expect(rig.programs.map(\.isDark) == [false, true, false, true])
    }

    @Test func aCommandDuringAMomentaryPressLatchesIt() {
        var rig = TorchRig()
        rig.press(at: atMs(0))
        rig.command(.on(nil), at: atMs(500))
        rig.release(at: atMs(1000))
        #expect(rig.lit)
    }

    @Test func aStealthCommandDuringAMomentaryPressStillEndsItOnRelease() {
        var rig = TorchRig()
        rig.press(at: atMs(0))
        rig.command(.stealth(true), at: atMs(500))
        rig.release(at: atMs(1000))
        #expect(!rig.lit)
    }

    @Test func stealthReportsOnlyChanges() {
        var rig = TorchRig()
        rig.command(.stealth(true), at: atMs(0))
        rig.command(.stealth(true), at: atMs(1))
        rig.command(.stealth(false), at: atMs(2))
        // Stealth is remembered (issue 13): each change is also a state change to save.
        #expect(rig.events == [.stealthChanged(true), .stateChanged, .stealthChanged(false), .stateChanged])
        #expect(rig.torch.statusSummary(at: atMs(2)).stealth == false)
    }

    @Test func eventDescriptionsAreLogLines() {
        #expect(TorchEvent.gestureRecognized(.doubleTap).description == "gesture double-tap")
        #expect(TorchEvent.stealthChanged(true).description == "stealth on")
        #expect(TorchEvent.stateChanged.description == "state changed")
        #expect(TorchEvent.sleepTimerExpired.description == "sleep timer expired")
    }

    @Test func statusSummaryShowsWhatTheCLINeeds() {
        var rig = TorchRig(TorchSettings(buttonMode: .toggle, sleepTimer: .seconds(30)))
        rig.command(.on(Brightness(clamping: 0.25)), at: atMs(1000))
        let s = rig.torch.statusSummary(at: atMs(11_000))
        #expect(s == TorchStatus(lit: true, litWhileHeld: false, brightness: Brightness(clamping: 0.25), pattern: .steady,
                                 buttonMode: .toggle, stealth: false, sleepRemaining: .seconds(20), fading: false,
                                 sleepTimer: .seconds(30)))
        rig.command(.off, at: atMs(12_000))
        #expect(rig.torch.statusSummary(at: atMs(12_000)).sleepRemaining == nil)
    }
}
