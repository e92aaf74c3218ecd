import Testing
import TorchCore
import TorchEngine

@Suite struct TorchStateMachineSleepTests {
    static let settings = TorchSettings(sleepTimer: .seconds(60))

    @Test func theSleepTimerFadesOutAtTheExactInstantThenGoesDark() {
        var rig = TorchRig(Self.settings)
        rig.click(atMs(0), atMs(100))
        let expiry = atMs(60_100)
        #expect(rig.torch.nextDeadline == expiry)
        rig.run(until: expiry - .nanoseconds(1))
        #expect(rig.program.timeline == Pattern.steady.timeline())
        #expect(!rig.events.contains(.sleepTimerExpired))
        let generation = rig.torch.programGeneration
        rig.run(until: expiry)
        #expect(rig.events.contains(.sleepTimerExpired))
        #expect(rig.torch.programGeneration == generation + 1)
        let fade = Timeline(steps: [.hold(1, .zero), .ramp(to: 0, .seconds(3))], repeatCount: 1, endLevel: 0)
        #expect(rig.program == LightProgram(timeline: fade, brightness: .full, startedAt: expiry))
        #expect(rig.lit)
        #expect(rig.torch.statusSummary(at: expiry).fading)
        #expect(rig.torch.nextDeadline == atMs(63_100))
        rig.run(until: atMs(63_100))
        #expect(!rig.lit)
        #expect(rig.program.isDark)
        #expect(rig.program.startedAt == atMs(63_100))
        #expect(!rig.torch.persistentState.lit)
        #expect(rig.torch.nextDeadline == nil)
    }

    @Test func aZeroSleepFadeGoesStraightOff() {
        var settings = Self.settings
        settings.sleepFade = .zero
        var rig = TorchRig(settings)
        rig.click(atMs(0), atMs(100))
        rig.run(until: atMs(60_100))
        #expect(!rig.lit)
        #expect(rig.program == LightProgram(timeline: .dark, brightness: .full, startedAt: atMs(60_100)))
        #expect(rig.events.contains(.sleepTimerExpired))
    }

    @Test func userActionsRestartTheSleepTimer() {
        var rig = TorchRig(Self.settings)
        rig.click(atMs(0), atMs(100))
        rig.command(.brightness(Brightness(clamping: 0.4)), at: atMs(30_000))
        #expect(rig.torch.nextDeadline == atMs(90_000))
        rig.command(.pattern(.strobe(.slow)), at: atMs(50_000))
        #expect(rig.torch.nextDeadline == atMs(110_000))
        rig.run(until: atMs(100_000))
        #expect(rig.lit)
        #expect(rig.torch.statusSummary(at: atMs(100_000)).sleepRemaining == .seconds(10))
        // A brightness ramp restarts it too.
        rig.press(at: atMs(100_000))
        rig.release(at: atMs(101_000))
        #expect(rig.torch.sleepDeadline == atMs(161_000))
    }

    @Test func aPressDuringTheFadeBringsTheLightBack() {
        var rig = TorchRig(Self.settings)
        rig.click(atMs(0), atMs(100))
        rig.run(until: atMs(61_000))
        #expect(rig.torch.fadeEnd != nil)
        rig.press(at: atMs(61_000))
        #expect(rig.lit)
        #expect(rig.torch.fadeEnd == nil)
        #expect(rig.program == LightProgram(timeline: Pattern.steady.timeline(), brightness: .full, startedAt: atMs(61_000)))
        // The rest of that press is ignored: the tap does not turn it off.
        rig.release(at: atMs(61_100))
        #expect(rig.lit)
        #expect(rig.torch.sleepDeadline == atMs(121_000))
    }

    @Test func theFadeStartsFromTheLevelShowingNow() {
        let blink = Pattern.blink(on: .seconds(1), off: .seconds(1))
        var rig = TorchRig(TorchSettings(sleepTimer: .milliseconds(1500)))
        rig.command(.pattern(blink), at: atMs(0))
        rig.run(until: atMs(1500))
        // 1.5 s into a 1 s on / 1 s off blink, the light is in its dark half.
        #expect(rig.program.timeline.steps.first == .hold(0, .zero))
    }

    @Test func aMomentaryLightIsNotSavedAsLit() {
        var rig = TorchRig(Self.settings)
        rig.press(at: atMs(0))
        rig.run(until: atMs(1000))
        #expect(rig.torch.statusSummary(at: atMs(1000)).litWhileHeld)
        #expect(!rig.torch.persistentState.lit)
    }
}
