import Testing
import TorchCore
import TorchEngine

/// The state machine's `Lighting` (dark, latched, lit while held), one value where `lit`
/// and `momentary` were two flags, and the transition's end read from its target: the
/// moves between them that used to be flag pairs, on explicit instants.
@Suite struct LightingTests {
    @Test func aPressFromDarkIsHeldAndItsTapLatches() {
        var rig = TorchRig()
        #expect(rig.torch.lighting == .dark && !rig.lit)
        rig.press(at: atMs(0))
        #expect(rig.torch.lighting == .whileHeld && rig.lit && rig.torch.momentary)
        #expect(!rig.torch.persistentState.lit, "a light held by the button is not remembered as lit")
        #expect(rig.torch.statusSummary(at: atMs(0)).litWhileHeld)
        rig.release(at: atMs(50))
        #expect(rig.torch.lighting == .latched && !rig.torch.momentary && rig.torch.persistentState.lit)
        rig.click(atMs(1000), atMs(1050))
        #expect(rig.torch.lighting == .dark)
    }

    @Test func holdForLightStaysHeldAndGoesDarkOnRelease() {
        var rig = TorchRig()
        rig.press(at: atMs(0))
        rig.run(until: atMs(1000))
        #expect(rig.torch.lighting == .whileHeld, "past the hold time, before the long hold")
        rig.release(at: atMs(1000))
        #expect(rig.torch.lighting == .dark)
    }

    @Test func aLongHoldFromDarkLatchesSOS() {
        var rig = TorchRig()
        rig.press(at: atMs(0))
        rig.run(until: atMs(2000))
        #expect(rig.torch.lighting == .latched && rig.torch.sosActive)
        rig.release(at: atMs(2100))
        #expect(rig.torch.lighting == .latched && rig.torch.sosActive)
    }

    @Test func aCommandDuringAHeldPressLatchesAndTheReleaseKeepsIt() {
        var rig = TorchRig()
        rig.press(at: atMs(0))
        rig.command(.on(nil), at: atMs(100))
        #expect(rig.torch.lighting == .latched)
        rig.release(at: atMs(150))
        #expect(rig.torch.lighting == .latched)
    }

    @Test func momentaryModeIsLitExactlyWhileHeld() {
        var rig = TorchRig(TorchSettings(buttonMode: .momentary))
        rig.press(at: atMs(0))
        #expect(rig.torch.lighting == .whileHeld)
        rig.release(at: atMs(700))
        #expect(rig.torch.lighting == .dark)
    }

    @Test func lockoutsGlowIsHeldAndGoesDarkOnRelease() {
        var settings = TorchSettings()
        settings.autoLock = .seconds(10)
        var rig = TorchRig(settings)
        rig.run(until: atMs(10_000))
        #expect(rig.torch.locked)
        rig.press(at: atMs(11_000))
        #expect(rig.torch.lighting == .whileHeld && rig.torch.statusSummary(at: atMs(11_000)).brightness == settings.floor)
        rig.release(at: atMs(11_100))
        #expect(rig.torch.lighting == .dark)
    }

    @Test func aPressDuringTheSleepFadeLatchesAgain() {
        var rig = TorchRig(TorchSettings(sleepTimer: .seconds(60)))
        rig.click(atMs(0), atMs(100))
        rig.run(until: atMs(60_100))
        #expect(rig.torch.lighting == .latched && rig.torch.fadeEnd == atMs(63_100))
        rig.press(at: atMs(61_000))
        #expect(rig.torch.lighting == .latched && rig.torch.fadeEnd == nil && rig.torch.sleepDeadline == atMs(121_000))
        rig.release(at: atMs(61_050))
        #expect(rig.torch.lighting == .latched)
    }

    @Test func theStartRuleLatchesOrLeavesDark() {
        let saved = PersistentState(lit: true)
        #expect(TorchStateMachine(settings: TorchSettings(), restoring: saved, now: .zero).lighting == .latched)
        #expect(TorchStateMachine(settings: TorchSettings(atStart: .off), restoring: saved, now: .zero).lighting == .dark)
        #expect(TorchStateMachine(settings: TorchSettings(), restoring: nil, now: .zero).lighting == .dark)
        #expect(TorchStateMachine(settings: TorchSettings(lightByDefault: true), restoring: nil, now: .zero).lighting == .latched)
    }

    @Test func aTransitionEndsWhereItsTargetStarts() {
        var settings = TorchSettings()
        settings.transition = .milliseconds(500)
        var rig = TorchRig(settings)
        rig.command(.on(nil), at: atMs(0))
        #expect(rig.torch.transitionEnd == atMs(500) && rig.torch.nextDeadline == atMs(500))
        rig.run(until: atMs(499))
        #expect(rig.torch.transitionEnd == atMs(500))
        rig.run(until: atMs(500))
        #expect(rig.torch.transitionEnd == nil)
        #expect(rig.program == LightProgram(timeline: Pattern.steady.timeline(), brightness: .full, startedAt: atMs(500)))
    }
}
