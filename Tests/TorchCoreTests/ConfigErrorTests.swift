import Testing
import TorchCore
import TorchTestSupport

/// Golden messages: each error is exactly `file:line: message`, naming the key and
/// what is allowed.
@Suite struct ConfigErrorTests {
    @Test func badDuration() {
        let text = """
            [button]
            hold-time = 40q
            """
        #expect(configErrors(text) == [
            "torch.conf:2: hold-time: '40q' is not valid: expected a duration with a unit (10us, 20ms, 1.5s, 30min, 2h)",
        ])
    }

    @Test func durationWithoutUnit() {
        #expect(configErrors("[light]\nsleep-fade = 3") == [
            "torch.conf:2: sleep-fade: '3' is not valid: expected a duration with a unit (10us, 20ms, 1.5s, 30min, 2h)",
        ])
    }

    @Test func badLevel() {
        #expect(configErrors("[light]\nbrightness = 140%") == [
            "torch.conf:2: brightness: '140%' is not valid: expected a brightness from 1% to 100% (or 0.01 to 1.0)",
        ])
        #expect(configErrors("[light]\nmax-brightness = bright") == [
            "torch.conf:2: max-brightness: 'bright' is not valid: expected a brightness from 1% to 100% (or 0.01 to 1.0)",
        ])
    }

    @Test func unknownKeyWithSuggestion() {
        let text = """
            [button]
            hold-tme = 500ms
            Debounce = 5ms
            hold = 1s
            """
        #expect(configErrors(text) == [
            "torch.conf:2: unknown key 'hold-tme' in [button]; did you mean 'hold-time'?",
            "torch.conf:3: unknown key 'Debounce' in [button]; did you mean 'debounce'?",
            "torch.conf:4: unknown key 'hold' in [button]; did you mean 'hold-time'?",
        ])
    }

    @Test func unknownKeyThatBelongsElsewhere() {
        #expect(configErrors("[button]\nbrightness = 50%") == [
            "torch.conf:2: unknown key 'brightness' in [button]; it belongs in [light]",
        ])
    }

    @Test func unknownKeyWithoutSuggestionListsAllowed() {
        #expect(configErrors("[board]\ncolour = red") == [
            "torch.conf:2: unknown key 'colour' in [board]; allowed: name, stealth-leds",
        ])
    }

    @Test func keyOutsideSection() {
        let text = """
            # my torch
            brightness = 50%
            frobnicate = 1
            [light]
            """
        #expect(configErrors(text) == [
            "torch.conf:2: 'brightness' is outside any section: put it under [light]",
            "torch.conf:3: 'frobnicate' is outside any section: put it under a section header such as [light]",
        ])
    }

    @Test func duplicateKeyNamesFirstLine() {
        let text = """
            [button]
            debounce = 10ms

            [light]
            brightness = 50%
            [button]
            debounce = 20ms
            """
        #expect(configErrors(text) == [
            "torch.conf:7: duplicate key 'debounce' in [button]: first set on line 2",
        ])
    }

    @Test func malformedLines() {
        let text = """
            [light
            [light]
            brightness 50%
             = 50%
            """
        #expect(configErrors(text) == [
            "torch.conf:1: expected a section header like '[light]', got '[light'",
            "torch.conf:3: expected 'key = value', '[section]' or a comment, got 'brightness 50%'",
            "torch.conf:4: expected 'key = value', '[section]' or a comment, got '= 50%'",
        ])
    }

    @Test func lightByDefaultAndHoldForLightNameBothKeysAndLines() {
        let text = """
            [light]
            light-by-default = yes

            [button]
            hold-for-light = on
            """
        #expect(configErrors(text) == [
            "torch.conf:5: hold-for-light = on conflicts with light-by-default = yes on line 2: hold-for-light lights only while the button is held, so the light cannot also be lit at start; turn one of them off",
        ])
    }

    @Test func momentaryModeAndLightByDefault() {
        let text = """
            [button]
            mode = momentary
            [light]
            light-by-default = true
            """
        #expect(configErrors(text) == [
            "torch.conf:4: light-by-default = true conflicts with mode = momentary on line 2: momentary mode lights only while the button is held, so the light cannot also be lit at start; change one of them",
        ])
    }

    @Test func holdForLightAndAnotherMode() {
        let text = """
            [button]
            hold-for-light = yes
            mode = toggle
            """
        #expect(configErrors(text) == [
            "torch.conf:3: mode = toggle conflicts with hold-for-light = yes on line 2: hold-for-light means mode = momentary; remove one of them",
        ])
    }

    @Test func longHoldMustBeLongerThanHoldTime() {
        #expect(configErrors("[button]\nhold-time = 1s\nlong-hold = 800ms") == [
            "torch.conf:3: long-hold (800ms) and hold-time (1s) on line 2 do not fit: long-hold must be longer than hold-time",
        ])
        #expect(configErrors("[button]\nlong-hold = 300ms") == [
            "torch.conf:2: long-hold (300ms) must be longer than hold-time (400ms, the default)",
        ])
    }

    @Test func debounceOutOfRange() {
        #expect(configErrors("[button]\ndebounce = 200ms") == [
            "torch.conf:2: debounce: '200ms' is not valid: expected a duration from 0s to 100ms",
        ])
    }

    @Test func badActionName() {
        #expect(configErrors("[button]\non-double-tap = blink") == [
            "torch.conf:2: on-double-tap: 'blink' is not valid: expected an action: toggle, on, off, next-pattern, sos, stealth, lockout, momentary, ceiling, floor, ramp, sunset-timer, memory, readout, simple-ui, none",
        ])
    }

    @Test func rampIsOnlyForAHoldAndFloorStaysUnderCeiling() {
        #expect(configErrors("[gestures]\n2h = ramp\n1h = ramp\n[light]\nceiling = 50%\nfloor = 60%\n") == [
            "torch.conf:2: 2h: 'ramp' is not valid: expected an action other than ramp: ramp is the hold of 1h only",
            "torch.conf:6: floor = 60% conflicts with ceiling = 50% on line 5: floor must not be above ceiling",
        ])
        #expect(configErrors("[light]\nfloor = 100%\nceiling = 100%\n").isEmpty)
    }

    @Test func onTapAnd1cAreOneGesture() {
        #expect(configErrors("[button]\non-tap = on\n[gestures]\n1c = toggle\n") == [
            "torch.conf:4: 1c = toggle conflicts with on-tap = on on line 2: on-tap and 1c name the same gesture; keep one of them",
        ])
        let c = try? TorchConfig.parse("[gestures]\n1c = on\n2c = sos\n7c = floor\n3c = none\n", file: "torch.conf", frontEnds: [])
        #expect(c?.button.onTap == .on && c?.button.onDoubleTap == .sos)
        #expect(c?.gestures[.clicks(7)] == .floor && c?.gestures[.clicks(3)] == nil)
    }

    @Test func badGesturesAndActionsNameTheLineWithADidYouMean() {
        let text = """
            [gestures]
            4c = lockot
            11c = toggle
            3x = ceiling
            3h = sunset
            """
        #expect(configErrors(text) == [
            "torch.conf:2: 4c: 'lockot' is not valid: expected an action: toggle, on, off, next-pattern, sos, stealth, lockout, momentary, ceiling, floor, ramp, sunset-timer, memory, readout, simple-ui, none; did you mean 'lockout'?",
            "torch.conf:3: unknown gesture '11c' in [gestures]: expected 1c to 10c (clicks) or 1h to 10h (clicks, the last one held); did you mean '1c'?",
            "torch.conf:4: unknown gesture '3x' in [gestures]: expected 1c to 10c (clicks) or 1h to 10h (clicks, the last one held); did you mean '3c'?",
            "torch.conf:5: 3h: 'sunset' is not valid: expected an action: toggle, on, off, next-pattern, sos, stealth, lockout, momentary, ceiling, floor, ramp, sunset-timer, memory, readout, simple-ui, none; did you mean 'sunset-timer'?",
        ])
    }

    @Test func badChoices() {
        let text = """
            [light]
            curve = log
            [output]
            backend = spi
            [button]
            bias = up
            """
        #expect(configErrors(text) == [
            "torch.conf:2: curve: 'log' is not valid: expected one of cie, linear",
            "torch.conf:4: backend: 'spi' is not valid: expected one of auto, pwm, gpiod, sim",
            "torch.conf:6: bias: 'up' is not valid: expected one of pull-up, pull-down, disabled",
        ])
    }

    @Test func badPatternSectionName() {
        let text = """
            [pattern.My_Blink]
            steps = 100% 200ms 0 200ms
            [pattern]
            steps = 100% 1s
            """
        #expect(configErrors(text) == [
            "torch.conf:1: pattern name 'My_Blink' is not valid: expected lowercase letters, digits and '-', as in [pattern.my-blink]",
            "torch.conf:3: pattern name '' is not valid: expected lowercase letters, digits and '-', as in [pattern.my-blink]",
        ])
    }

    @Test func patternSectionProblems() {
        let text = """
            [pattern.flash]
            step = 100% 1s
            [pattern.empty]
            steps =
            """
        #expect(configErrors(text) == [
            "torch.conf:1: [pattern.flash] has no 'steps': add steps = <level duration ...>, e.g. steps = 100% 200ms 0 300ms",
            "torch.conf:2: unknown key 'step' in [pattern.flash]; did you mean 'steps'?",
            "torch.conf:4: steps: '' is not valid: expected custom pattern steps, e.g. 100% 200ms 0 300ms",
        ])
    }

    @Test func otherValueErrors() {
        let text = """
            [light]
            blink-speed = 0
            sleep-timer = soon
            patterns = steady,, sos
            [output]
            pwm-frequency = 500kHz
            pwm-channel = -1
            [service]
            scheduler-priority = 100
            watchdog = maybe
            """
        #expect(configErrors(text) == [
            "torch.conf:2: blink-speed: '0' is not valid: expected a number above 0 and at most 1 (faster towards 1, 1 is steady)",
            "torch.conf:3: sleep-timer: 'soon' is not valid: expected off or a duration with a unit (10us, 20ms, 1.5s, 30min, 2h)",
            "torch.conf:4: patterns: 'steady,, sos' is not valid: expected a comma-separated list of pattern names (a-z, 0-9, '-'), e.g. steady, strobe-slow, sos",
            "torch.conf:6: pwm-frequency: '500kHz' is not valid: expected a frequency from 10Hz to 100kHz",
            "torch.conf:7: pwm-channel: '-1' is not valid: expected a whole number from 0 to 1023",
            "torch.conf:9: scheduler-priority: '100' is not valid: expected a whole number from 1 to 99",
            "torch.conf:10: watchdog: 'maybe' is not valid: expected on/off, yes/no, true/false or 1/0",
        ])
    }

    @Test func allErrorsAreCollectedInLineOrder() throws {
        let text = """
            [button]
            long-hold = 100ms
            debounce = 1h
            [lite]
            """
        let lines = configErrors(text)
        #expect(lines.count == 3)
        #expect(lines.map { $0.split(separator: ":")[1] } == ["2", "3", "4"])
    }

    @Test func errorValueCarriesFileLineAndMessage() throws {
        let error = try requireThrows(ConfigErrors.self) {
            try TorchConfig.parse("[light]\ncurve = log", file: "/etc/torch.conf", frontEnds: [])
        }
        let first = try #require(error.errors.first)
        #expect(first.file == "/etc/torch.conf")
        #expect(first.line == 2)
        #expect(first.message == "curve: 'log' is not valid: expected one of cie, linear")
        #expect(error.description == "/etc/torch.conf:2: curve: 'log' is not valid: expected one of cie, linear")
    }
}

/// Pattern names are checked against the built-ins and the file's own [pattern.NAME]s.
@Suite struct ConfigPatternNameTests {
    @Test func unknownNamesBuiltInClashAndBadSteps() {
        let text = """
            [light]
            pattern = strobe
            patterns = steady, signal, sso
            [pattern.sos]
            steps = 100% 1s
            [pattern.bad]
            steps = 100% 1q
            """
        let known = "(patterns: steady, blink, strobe-slow, strobe-medium, strobe-fast, sos, breathe, candle, lightning, bike, beacon, party-strobe, tactical-strobe, heartbeat, bad)"
        #expect(configErrors(text) == [
            "torch.conf:2: pattern: unknown pattern 'strobe'; did you mean 'strobe-slow'? \(known)",
            "torch.conf:3: patterns: unknown pattern 'signal' \(known)",
            "torch.conf:3: patterns: unknown pattern 'sso'; did you mean 'sos'? \(known)",
            "torch.conf:4: [pattern.sos]: 'sos' is a built-in pattern; pick another name",
            "torch.conf:7: steps: token 2 '1q': expected a duration with a unit (10us, 20ms, 1.5s, 30min, 2h)",
        ])
    }

    @Test func customNamesMayBeListed() throws {
        let c = try TorchConfig.parse("[light]\npatterns = signal, sos, candle\n[pattern.signal]\nsteps = 100% 50ms 0 950ms", file: "torch.conf", frontEnds: [])
        #expect(c.light.patterns == ["signal", "sos", "candle"])
    }

    @Test func theReadoutKeyTakesASourceAndNamesWhatIsAllowed() throws {
        #expect(try TorchConfig.parse("[button]\nreadout = temp\n", file: "torch.conf", frontEnds: []).button.readout == .temperature)
        let readout = try Readout("1.2")
        #expect(try TorchConfig.parse("[button]\nreadout = 1.2\n", file: "torch.conf", frontEnds: []).button.readout == .number(readout))
        #expect(TorchConfig().button.readout == .ip)
        #expect(configErrors("[button]\nreadout = ipv6\n") == [
            "torch.conf:2: readout: 'ipv6' is not valid: expected ip, temp, version or a number (42, 1.2.3)",
        ])
    }
}
