import Testing
import TorchCore

@Suite struct TorchStateMachineModeTests {
    @Test func toggleModeTogglesOnEachPress() {
        var rig = TorchRig(TorchSettings(buttonMode: .toggle))
        rig.press(at: ms(0))
        #expect(rig.lit)
        #expect(rig.program.startedAt == ms(0))
        rig.release(at: ms(2500))
        #expect(rig.lit)
        #expect(!rig.torch.sosActive, "no long-hold action in toggle mode")
        rig.click(ms(3000), ms(3050))
        #expect(!rig.lit)
        rig.click(ms(3200), ms(3250))
        #expect(rig.lit)
        #expect(rig.torch.pattern == .steady, "no double-tap action in toggle mode")
    }

    @Test func momentaryModeIsLitExactlyWhilePressed() {
        var rig = TorchRig(TorchSettings(buttonMode: .momentary, patterns: [.steady, .strobe(.fast)]))
        rig.press(at: ms(0))
        #expect(rig.lit)
        rig.release(at: ms(100))
        #expect(!rig.lit)
        rig.click(ms(200), ms(300))
        #expect(!rig.lit)
        #expect(rig.torch.pattern == .steady)
        rig.press(at: ms(1000))
        rig.run(until: ms(4000))
        #expect(rig.lit)
        #expect(!rig.torch.sosActive)
        rig.release(at: ms(4000))
        #expect(!rig.lit)
        #expect(rig.programs.map { $0.startedAt } == [ms(0), ms(100), ms(200), ms(300), ms(1000), ms(4000)])
    }

    @Test func tapActionNoneLeavesTheLightAsBeforeThePress() {
        var rig = TorchRig(TorchSettings(tapAction: .none))
        rig.click(ms(0), ms(100))
        #expect(!rig.lit)
    }

    @Test func tapActionStealthTogglesStealthOnly() {
        var rig = TorchRig(TorchSettings(tapAction: .stealth))
        rig.click(ms(0), ms(100))
        #expect(rig.torch.stealth)
        #expect(!rig.lit)
        #expect(rig.events.contains(.stealthChanged(true)))
        rig.click(ms(1000), ms(1100))
        #expect(!rig.torch.stealth)
        #expect(rig.events.contains(.stealthChanged(false)))
    }

    @Test func doubleTapActionSOSAndLongHoldActionOn() {
        var rig = TorchRig(TorchSettings(doubleTapAction: .sos, longHoldAction: .on))
        rig.click(ms(0), ms(100))
        rig.click(ms(200), ms(300))
        #expect(rig.torch.sosActive)
        #expect(rig.lit)
        // A second SOS request goes back to the chosen pattern.
        rig.click(ms(1000), ms(1100))
        #expect(!rig.lit)
        rig.click(ms(1200), ms(1300))
        #expect(rig.torch.sosActive)
        rig.command(.off, at: ms(2000))
        rig.press(at: ms(3000))
        rig.run(until: ms(5000))
        #expect(rig.torch.currentPattern == .steady)
        rig.release(at: ms(5100))
        #expect(rig.lit, "long hold → on latches")
    }

    @Test func longHoldActionNoneKeepsHoldForLight() {
        var rig = TorchRig(TorchSettings(longHoldAction: .none))
        rig.press(at: ms(0))
        rig.run(until: ms(3000))
        #expect(rig.lit)
        rig.release(at: ms(3000))
        #expect(!rig.lit)
    }

    @Test func tapActionOffMakesAPressALightOnlyWhileHeld() {
        var rig = TorchRig(TorchSettings(tapAction: .off), restoring: PersistentState(lit: true))
        rig.click(ms(0), ms(100))
        #expect(!rig.lit)
    }

    @Test func gestureActionsUseTheirConfigSpellings() {
        #expect(GestureAction(rawValue: "next-pattern") == .nextPattern)
        #expect(GestureAction.allCases.map(\.rawValue) == ["toggle", "on", "off", "next-pattern", "sos", "stealth", "none"])
        #expect(ButtonMode.allCases.map(\.rawValue) == ["smart", "toggle", "momentary"])
        let s = TorchSettings()
        #expect(s.buttonMode == .smart && s.tapAction == .toggle && s.doubleTapAction == .nextPattern && s.longHoldAction == .sos)
        #expect(s.sleepFade == .seconds(3) && s.rampTime == .seconds(2) && s.sleepTimer == nil)
    }
}
