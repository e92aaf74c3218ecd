import Testing
import TorchCore

/// The `[light]` keys reach what they name: the pattern at start, the SOS of the
/// button's `sos` action, the presets of the next-pattern cycle.
@Suite struct ConfigSettingsTests {
    func settings(_ text: String) throws -> (TorchSettings, PatternLibrary) {
        let config = try TorchConfig.parse(text, file: "torch.conf", frontEnds: [])
        let library = try PatternLibrary(config: config)
        return (try TorchSettings(config: config, library: library), library)
    }

    @Test func thePatternKeyIsThePatternAtStart() throws {
        let (s, library) = try settings("[light]\npattern = breathe\nbreathe-period = 2s\nlight-by-default = yes\n")
        let machine = TorchStateMachine(settings: s, restoring: nil, now: .zero)
        #expect(machine.pattern == .breathe(period: .seconds(2), minLevel: 0, maxLevel: 1))
        let breathe = try library.lookup("breathe")
        #expect(machine.pattern == breathe)
        #expect(machine.program.timeline == machine.pattern.timeline())
    }

    @Test func aSavedPatternStillWinsOverThePatternKey() throws {
        let (s, _) = try settings("[light]\npattern = strobe-fast\n")
        let saved = PersistentState(pattern: .strobe(.slow), lit: true)
        #expect(TorchStateMachine(settings: s, restoring: saved, now: .zero).pattern == .strobe(.slow))
    }

    @Test func sosUnitIsTheSOSOfTheLongHoldAction() throws {
        let (s, _) = try settings("[light]\nsos-unit = 100ms\n")
        #expect(s.sos == .morse(text: "SOS", unit: .milliseconds(100)))
        var machine = TorchStateMachine(settings: s, restoring: nil, now: .zero)
        machine.handle(.press(at: .zero), from: .on)
        machine.handle(.longHold(at: Instant(nanoseconds: 2_000_000_000)), from: .on)
        #expect(machine.sosActive)
        #expect(machine.program.timeline == Pattern.morse(text: "SOS", unit: .milliseconds(100)).timeline())
    }

    @Test func issue11KeysReachTheSettings() throws {
        let (s, _) = try settings("""
            [light]
            floor = 5%
            ceiling = 80%
            memory = hybrid
            memory-level = 30%
            hybrid-after = 1min
            transition = 250ms
            [button]
            mode = long-press
            auto-lock = 1h
            sunset-step = 1min
            simple-ui = yes
            simple-ui-ceiling = 40%
            [gestures]
            3c = floor
            2h = sos
            10h = none
            """)
        #expect(s.floor == Brightness(clamping: 0.05) && s.ceiling == Brightness(clamping: 0.8))
        #expect(s.memory == .hybrid && s.memoryLevel == Brightness(clamping: 0.3) && s.hybridAfter == .seconds(60))
        #expect(s.transition == .milliseconds(250) && s.buttonMode == .longPress)
        #expect(s.autoLock == .seconds(3600) && s.sunsetStep == .seconds(60))
        #expect(s.simpleUI && s.simpleUICeiling == Brightness(clamping: 0.4))
        #expect(s.gestureMap[.clicks(3)] == .floor && s.gestureMap[.clickHold(2)] == .sos && s.gestureMap[.clickHold(10)] == .none)
        #expect(s.gestureMap[.clicks(4)] == .lockout, "unnamed gestures keep the default map")
        let machine = TorchStateMachine(settings: s, restoring: nil, now: .zero)
        #expect(machine.simpleUI && machine.manualLevel == Brightness(clamping: 0.3))
    }

    @Test func floorAboveCeilingIsAConflictNamingBoth() throws {
        var s = TorchSettings()
        s.floor = Brightness(clamping: 0.6)
        s.ceiling = Brightness(clamping: 0.5)
        #expect(throws: SettingsConflict.self) { try s.validate() }
    }

    @Test func blinkSpeedIsTheBlinkOfTheCycle() throws {
        let (s, _) = try settings("[light]\npatterns = steady, blink\nblink-speed = 0.9\n")
        #expect(s.patterns == [.steady, BlinkSpeed.pattern(speed: 0.9)])
    }
}

@Suite struct ConfigStartRuleTests {
    @Test func atStartIsReadAndReachesTheSettings() throws {
        for (text, rule) in [("", StartRule.restore), ("at-start = restore\n", .restore), ("at-start = off\n", .off)] {
            let config = try TorchConfig.parse("[light]\n" + text, file: "torch.conf", frontEnds: [])
            #expect(try TorchSettings(config: config, library: PatternLibrary(config: config)).atStart == rule)
        }
    }

    @Test func aBadAtStartNamesTheChoices() {
        let errors = configErrors("[light]\nat-start = lit\n")
        #expect(errors.count == 1)
        #expect(errors.first?.contains("torch.conf:2") == true)
        #expect(errors.first?.contains("restore") == true && errors.first?.contains("off") == true)
    }
}
