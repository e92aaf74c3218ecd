import Testing
import TorchCore
import TorchEngine

@Suite struct TorchStateMachineModeTests {
    @Test func toggleModeTogglesOnEachPress() {
        var rig = TorchRig(TorchSettings(buttonMode: .toggle))
        rig.press(at: atMs(0))
        #expect(rig.lit)
        #expect(rig.program.startedAt == atMs(0))
        rig.release(at: atMs(2500))
        #expect(rig.lit)
        #expect(!rig.torch.sosActive, "no long-hold action in toggle mode")
        rig.click(atMs(3000), atMs(3050))
        #expect(!rig.lit)
        rig.click(atMs(3200), atMs(3250))
        #expect(rig.lit)
        #expect(rig.torch.pattern == .steady, "no double-tap action in toggle mode")
    }

    @Test func momentaryModeIsLitExactlyWhilePressed() {
        var rig = TorchRig(TorchSettings(buttonMode: .momentary, patterns: [.steady, .strobe(.fast)]))
        rig.press(at: atMs(0))
        #expect(rig.lit)
        rig.release(at: atMs(100))
        #expect(!rig.lit)
        rig.click(atMs(200), atMs(300))
        #expect(!rig.lit)
        #expect(rig.torch.pattern == .steady)
        rig.press(at: atMs(1000))
        rig.run(until: atMs(4000))
        #expect(rig.lit)
        #expect(!rig.torch.sosActive)
        rig.release(at: atMs(4000))
        #expect(!rig.lit)
        #expect(rig.programs.map { $0.startedAt } == [atMs(0), atMs(100), atMs(200), atMs(300), atMs(1000), atMs(4000)])
    }

    @Test func tapActionNoneLeavesTheLightAsBeforeThePress() {
        var rig = TorchRig(TorchSettings(tapAction: .none))
        rig.click(atMs(0), atMs(100))
        #expect(!rig.lit)
    }

    @Test func tapActionStealthTogglesStealthOnly() {
        var rig = TorchRig(TorchSettings(tapAction: .stealth))
        rig.click(atMs(0), atMs(100))
        #expect(rig.torch.stealth)
        #expect(!rig.lit)
        #expect(rig.events.contains(.stealthChanged(true)))
        rig.click(atMs(1000), atMs(1100))
        #expect(!rig.torch.stealth)
        #expect(rig.events.contains(.stealthChanged(false)))
    }

    /// `on-double-tap = stealth`, as the seed app's double tap: the status LEDs only.
    /// A lit torch stays lit (the first click's toggle is undone when the double tap is
    /// known), SOS included; a dark one stays dark.
    @Test func doubleTapStealthLeavesTheLightAsItWas() {
        var rig = TorchRig(TorchSettings(doubleTapAction: .stealth))
        rig.click(atMs(0), atMs(100))
        rig.run(until: atMs(1000))
        #expect(rig.lit)
        rig.click(atMs(2000), atMs(2050))
        rig.click(atMs(2150), atMs(2200))
        rig.run(until: atMs(3000))
        #expect(rig.torch.stealth)
        #expect(rig.lit, "the double tap changed the screen only")
        #expect(rig.torch.lighting == .latched)
        // SOS by the long hold from dark.
        rig.command(.off, at: atMs(3500))
        rig.press(at: atMs(3600))
        rig.run(until: atMs(6000))
        rig.release(at: atMs(6100))
        #expect(rig.torch.sosActive)
        rig.click(atMs(7000), atMs(7050))
        rig.click(atMs(7150), atMs(7200))
        rig.run(until: atMs(7900))
        #expect(!rig.torch.stealth)
        #expect(rig.lit && rig.torch.sosActive, "SOS goes on through the double tap")
        rig.command(.off, at: atMs(7950))
        rig.click(atMs(8000), atMs(8050))
        rig.click(atMs(8150), atMs(8200))
        rig.run(until: atMs(9000))
        #expect(rig.torch.stealth)
        #expect(!rig.lit, "a dark torch stays dark")
    }

    @Test func doubleTapActionSOSAndLongHoldActionOn() {
        var rig = TorchRig(TorchSettings(doubleTapAction: .sos, longHoldAction: .on))
        rig.click(atMs(0), atMs(100))
        rig.click(atMs(200), atMs(300))
        rig.run(until: atMs(600))
        #expect(rig.torch.sosActive)
        #expect(rig.lit)
        // A second SOS request goes back to the chosen pattern.
        rig.click(atMs(1000), atMs(1100))
        #expect(!rig.lit)
        rig.click(atMs(1200), atMs(1300))
        rig.run(until: atMs(1600))
        #expect(rig.torch.sosActive)
        rig.command(.off, at: atMs(2000))
        rig.press(at: atMs(3000))
        rig.run(until: atMs(5000))
        #expect(rig.torch.currentPattern == .steady)
        rig.release(at: atMs(5100))
        #expect(rig.lit, "long hold → on latches")
    }

    @Test func longHoldActionNoneKeepsHoldForLight() {
        var rig = TorchRig(TorchSettings(longHoldAction: .none))
        rig.press(at: atMs(0))
        rig.run(until: atMs(3000))
        #expect(rig.lit)
        rig.release(at: atMs(3000))
        #expect(!rig.lit)
    }

    @Test func tapActionOffMakesAPressALightOnlyWhileHeld() {
        var rig = TorchRig(TorchSettings(tapAction: .off), restoring: PersistentState(lit: true))
        rig.click(atMs(0), atMs(100))
        #expect(!rig.lit)
    }

    @Test func gestureActionsUseTheirConfigSpellings() {
        #expect(GestureAction(rawValue: "next-pattern") == .nextPattern)
        #expect(GestureAction.allCases.map(\.rawValue) == ["toggle", "on", "off", "next-pattern", "sos", "stealth", "lockout",
                                                            "momentary", "ceiling", "floor", "ramp", "sunset-timer", "memory", "readout",
                                                            "simple-ui", "none"])
        #expect(ButtonMode.allCases.map(\.rawValue) == ["smart", "toggle", "momentary", "long-press"])
        let s = TorchSettings()
        #expect(s.buttonMode == .smart && s.tapAction == .toggle && s.doubleTapAction == .nextPattern && s.longHoldAction == .sos)
        #expect(s.sleepFade == .seconds(3) && s.rampTime == .seconds(2) && s.sleepTimer == nil)
    }
}
