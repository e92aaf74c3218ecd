import Testing
import TorchCore

@Suite struct TorchStateMachineStartTests {
    @Test func lightByDefaultLightsAtStartWithoutSavedState() {
        let torch = TorchStateMachine(settings: TorchSettings(lightByDefault: true), restoring: nil, now: atMs(5))
        #expect(torch.lit)
        #expect(torch.program == LightProgram(timeline: Pattern.steady.timeline(), brightness: .full, startedAt: atMs(5)))
    }

    @Test func lightByDefaultLightsEveryStartWithTheSavedBrightnessAndPattern() {
        let saved = PersistentState(brightness: Brightness(clamping: 0.2), pattern: .strobe(.slow), buttonMode: .smart, lit: false)
        var torch = TorchStateMachine(settings: TorchSettings(lightByDefault: true), restoring: saved, now: atMs(3))
        #expect(torch.lit)
        #expect(torch.program == LightProgram(timeline: Pattern.strobe(.slow).timeline(), brightness: Brightness(clamping: 0.2), startedAt: atMs(3)))
        // The start's light is not the user's choice: nothing new to remember.
        #expect(torch.takeEvents().isEmpty)
    }

    @Test func atStartRestoreBringsBackTheSavedLitState() {
        let saved = PersistentState(brightness: Brightness(clamping: 0.2), pattern: .strobe(.slow), buttonMode: .smart, lit: false)
        let dark = TorchStateMachine(settings: TorchSettings(atStart: .restore), restoring: saved, now: .zero)
        #expect(!dark.lit)

        var litState = saved
        litState.lit = true
        let lit = TorchStateMachine(settings: TorchSettings(sleepTimer: .seconds(10)), restoring: litState, now: atMs(7))
        #expect(lit.lit)
        #expect(lit.program == LightProgram(timeline: Pattern.strobe(.slow).timeline(), brightness: Brightness(clamping: 0.2), startedAt: atMs(7)))
        #expect(lit.sleepDeadline == atMs(10_007))
        #expect(lit.persistentState == litState)
    }

    @Test func atStartOffKeepsEveryStartDarkAndTheSavedStateUntouched() {
        let saved = PersistentState(brightness: Brightness(clamping: 0.3), pattern: .strobe(.fast), buttonMode: .smart, lit: true)
        var torch = TorchStateMachine(settings: TorchSettings(atStart: .off), restoring: saved, now: .zero)
        #expect(!torch.lit)
        #expect(torch.program.isDark)
        #expect(torch.pattern == .strobe(.fast) && torch.brightness == Brightness(clamping: 0.3))
        #expect(torch.takeEvents().isEmpty, "a dark start does not overwrite the user's lit state")
        torch.handle(.on(nil), at: atMs(10))
        torch.handle(.off, at: atMs(20))
        #expect(torch.takeEvents() == [.stateChanged, .stateChanged], "the user's on and off are each remembered")
    }

    @Test func withoutSavedStateTheConfiguredBrightnessAndFirstPatternApply() {
        let torch = TorchStateMachine(
            settings: TorchSettings(patterns: [.strobe(.medium), .steady], brightness: Brightness(clamping: 0.6)),
            restoring: nil, now: .zero)
        #expect(!torch.lit)
        #expect(torch.pattern == .strobe(.medium))
        #expect(torch.brightness == Brightness(clamping: 0.6))
    }

    @Test func theConfiguredButtonModeWinsOverTheSavedOne() {
        var torch = TorchStateMachine(settings: TorchSettings(buttonMode: .toggle),
                                      restoring: PersistentState(buttonMode: .smart), now: .zero)
        #expect(torch.buttonMode == .toggle)
        // The difference is reported so the state file catches up.
        #expect(torch.takeEvents() == [.stateChanged])
    }

    @Test func lightByDefaultAndHoldForLightAreMutuallyExclusive() {
        let settings = TorchSettings(buttonMode: .momentary, lightByDefault: true)
        #expect(throws: SettingsConflict.self) { try settings.validate() }
        do {
            try settings.validate()
        } catch {
            #expect(error.keys == ["light-by-default", "hold-for-light"])
            #expect(error.description.contains("mutually exclusive"))
        }
        #expect(throws: Never.self) { try TorchSettings(lightByDefault: true).validate() }
        #expect(throws: Never.self) { try TorchSettings(buttonMode: .momentary).validate() }
    }

    @Test func timingThatCannotWorkIsRejected() {
        var s = TorchSettings()
        s.gestureTiming.longHoldTime = .milliseconds(300)
        #expect(throws: SettingsConflict(keys: ["long-hold-time", "hold-time"], message: "long-hold-time must be longer than hold-time")) {
            try s.validate()
        }
        var r = TorchSettings()
        r.rampTime = .zero
        #expect(throws: SettingsConflict.self) { try r.validate() }
        #expect(throws: Never.self) { try TorchSettings().validate() }
    }
}
