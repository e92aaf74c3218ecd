import Testing
@testable import TorchCore

@Suite struct ConfigParseTests {
    @Test func defaultsAreTheDocumentedOnes() {
        let d = TorchConfig.defaults
        #expect(d.light.brightness == .full)
        #expect(d.light.curve == .cie)
        #expect(d.light.maxBrightness == .full)
        #expect(d.light.pattern == "steady")
        #expect(d.light.patterns == ["steady", "strobe-slow", "strobe-fast", "sos", "breathe"])
        #expect(d.light.lightByDefault == false)
        #expect(d.light.sleepTimer == nil)
        #expect(d.light.sleepFade == .seconds(3))
        #expect(d.light.blinkSpeed == 0.5)
        #expect(d.light.breathePeriod == .seconds(4))
        #expect(d.light.sosUnit == .milliseconds(150))

        #expect(d.button.mode == .smart)
        #expect(d.button.holdForLight == false)
        #expect(d.button.debounce == .milliseconds(10))
        #expect(d.button.holdTime == .milliseconds(400))
        #expect(d.button.doubleTapWindow == .milliseconds(300))
        #expect(d.button.longHold == .seconds(2))
        #expect(d.button.rampTime == .seconds(2))
        #expect(d.button.onTap == .toggle)
        #expect(d.button.onDoubleTap == .nextPattern)
        #expect(d.button.onLongHold == .sos)
        #expect(d.button.chip == nil && d.button.line == nil && d.button.offLine == nil)
        #expect(d.button.bias == .pullUp)
        #expect(d.button.activeLow == true)

        #expect(d.output.backend == .auto)
        #expect(d.output.chip == nil && d.output.line == nil)
        #expect(d.output.activeLow == false)
        #expect(d.output.pwmFrequency == 2000)
        #expect(d.output.softPWMFrequency == 1000)
        #expect(d.output.pwmChip == nil && d.output.pwmChannel == nil)

        #expect(d.feedback.line == nil && d.feedback.chip == nil)
        #expect(d.feedback.pulse == .milliseconds(30))
        #expect(d.feedback.blinkOnPatternChange == false)

        #expect(d.board.name == "auto")
        #expect(d.board.stealthLEDs == nil)

        #expect(d.service.socket == "/run/torch/torch.sock")
        #expect(d.service.socketGroup == "gpio")
        #expect(d.service.stateFile == "/var/lib/torch/state")
        #expect(d.service.schedulerPriority == 50)
        #expect(d.service.watchdog == true)
        #expect(d.customPatterns.isEmpty)
    }

    @Test func emptyAndCommentOnlyFilesGiveDefaults() throws {
        #expect(try TorchConfig.parse("", file: "torch.conf", frontEnds: []) == .defaults)
        #expect(try TorchConfig.parse("# nothing\n; at all\n\n[light]\n", file: "torch.conf", frontEnds: []) == .defaults)
    }

    @Test func fullConfigParses() throws {
        let text = """
            # A Raspberry Pi torch.
            [light]
            brightness = 40%
            curve = linear
            max-brightness = 0.8
            pattern = breathe
            patterns = steady,sos , my-flash
            light-by-default = yes
            sleep-timer = 30min
            sleep-fade = 1.5s
            blink-speed = 0.75
            breathe-period = 6s
            sos-unit = 120ms

            [button]
            mode = toggle
            debounce = 5ms   # tactile switch
            hold-time = 500ms
            double-tap-window = 250ms
            long-hold = 3s
            ramp-time = 1.5s
            on-tap = on
            on-double-tap = stealth
            on-long-hold = none
            chip = gpiochip0
            line = GPIO17
            off-line = 27
            bias = pull-down
            active-low = no

            [output]
            backend = pwm
            chip = pinctrl-bcm2711
            line = 18
            active-low = yes
            pwm-frequency = 2.5kHz
            soft-pwm-frequency = 500Hz
            pwm-chip = 1f00098000.pwm
            pwm-channel = 2

            [feedback]
            line = GPIO22
            chip = 0
            pulse = 50ms
            blink-on-pattern-change = on

            [board]
            name = raspberry-pi-5
            stealth-leds = ACT, PWR

            [service]
            socket = /run/torch.sock
            socket-group = torch
            state-file = /tmp/torch-state
            scheduler-priority = 80
            watchdog = off

            [pattern.my-flash]
            steps = 100% 200ms 0 300ms x3
            """
        let c = try TorchConfig.parse(text, file: "torch.conf", frontEnds: [])
        #expect(c.light.brightness == Brightness(clamping: 0.4))
        #expect(c.light.curve == .linear)
        #expect(c.light.maxBrightness == Brightness(clamping: 0.8))
        #expect(c.light.pattern == "breathe")
        #expect(c.light.patterns == ["steady", "sos", "my-flash"])
        #expect(c.light.lightByDefault)
        #expect(c.light.sleepTimer == .seconds(1800))
        #expect(c.light.sleepFade == .milliseconds(1500))
        #expect(c.light.blinkSpeed == 0.75)
        #expect(c.light.breathePeriod == .seconds(6))
        #expect(c.light.sosUnit == .milliseconds(120))

        #expect(c.button.mode == .toggle)
        #expect(c.button.debounce == .milliseconds(5))
        #expect(c.button.holdTime == .milliseconds(500))
        #expect(c.button.doubleTapWindow == .milliseconds(250))
        #expect(c.button.longHold == .seconds(3))
        #expect(c.button.rampTime == .milliseconds(1500))
        #expect(c.button.onTap == .on)
        #expect(c.button.onDoubleTap == .stealth)
        #expect(c.button.onLongHold == TorchConfig.GestureAction.none)
        #expect(c.button.chip == "gpiochip0")
        #expect(c.button.line == "GPIO17")
        #expect(c.button.offLine == "27")
        #expect(c.button.bias == .pullDown)
        #expect(c.button.activeLow == false)

        #expect(c.output.backend == .fixed(.pwm))
        #expect(c.output.chip == "pinctrl-bcm2711")
        #expect(c.output.line == "18")
        #expect(c.output.activeLow)
        #expect(c.output.pwmFrequency == 2500)
        #expect(c.output.softPWMFrequency == 500)
        #expect(c.output.pwmChip == "1f00098000.pwm")
        #expect(c.output.pwmChannel == 2)

        #expect(c.feedback.line == "GPIO22")
        #expect(c.feedback.chip == "0")
        #expect(c.feedback.pulse == .milliseconds(50))
        #expect(c.feedback.blinkOnPatternChange)

        #expect(c.board.name == "raspberry-pi-5")
        #expect(c.board.stealthLEDs == ["ACT", "PWR"])

        #expect(c.service.socket == "/run/torch.sock")
        #expect(c.service.socketGroup == "torch")
        #expect(c.service.stateFile == "/tmp/torch-state")
        #expect(c.service.schedulerPriority == 80)
        #expect(c.service.watchdog == false)

        #expect(c.customPatterns == [TorchConfig.PatternDefinition(name: "my-flash", steps: "100% 200ms 0 300ms x3", line: 59)])
    }

    @Test func holdForLightMeansMomentary() throws {
        let c = try TorchConfig.parse("[button]\nhold-for-light = yes", file: "torch.conf", frontEnds: [])
        #expect(c.button.mode == .momentary)
        #expect(c.button.holdForLight)
        let same = try TorchConfig.parse("[button]\nmode = momentary\nhold-for-light = yes", file: "torch.conf", frontEnds: [])
        #expect(same.button.mode == .momentary)
        let off = try TorchConfig.parse("[button]\nhold-for-light = no", file: "torch.conf", frontEnds: [])
        #expect(off.button.mode == .smart)
    }

    @Test func sleepTimerOffAndStealthNone() throws {
        let c = try TorchConfig.parse("[light]\nsleep-timer = off\n[board]\nstealth-leds = none", file: "torch.conf", frontEnds: [])
        #expect(c.light.sleepTimer == nil)
        #expect(c.board.stealthLEDs == [])
    }

    @Test func windowsLineEndingsAndByteOrderMark() throws {
        let c = try TorchConfig.parse("\u{FEFF}[light]\r\nbrightness = 20%\r\n", file: "torch.conf", frontEnds: [])
        #expect(c.light.brightness == Brightness(clamping: 0.2))
        // Line numbers still count CRLF lines.
        #expect(configErrors("[light]\r\n\r\ncurve = x\r\n") == ["torch.conf:3: curve: 'x' is not valid: expected one of cie, linear"])
    }

    @Test func commentAfterASectionHeader() throws {
        let c = try TorchConfig.parse("[light]   # the LED\nbrightness = 30%", file: "torch.conf", frontEnds: [])
        #expect(c.light.brightness == Brightness(clamping: 0.3))
    }

    @Test func hashInsideAValueIsKept() throws {
        let c = try TorchConfig.parse("[board]\nname = board#2 # comment", file: "torch.conf", frontEnds: [])
        #expect(c.board.name == "board#2")
    }

    @Test func customPatternsKeepFileOrderAndMergeRepeatedHeaders() throws {
        let text = """
            [pattern.zeta]
            steps = 100% 1s
            [pattern.alpha]
            steps = 50% 2s
            """
        let c = try TorchConfig.parse(text, file: "torch.conf", frontEnds: [])
        #expect(c.customPatterns.map(\.name) == ["zeta", "alpha"])
        #expect(c.customPatterns.map(\.line) == [2, 4])
    }
}

@Suite struct ConfigSuggestionTests {
    @Test func distanceCountsASwapAsOneEdit() {
        #expect(ConfigSuggestion.distance("hodl-time", "hold-time") == 1)
        #expect(ConfigSuggestion.distance("hold-tme", "hold-time") == 1)
        #expect(ConfigSuggestion.distance("abc", "") == 3)
        #expect(ConfigSuggestion.distance("kitten", "sitting") == 3)
    }

    @Test func nothingCloseMeansNoSuggestion() {
        #expect(ConfigSuggestion.closest(to: "zzz", in: ["mode", "line"]) == nil)
        // Two letters are too short to guess from.
        #expect(ConfigSuggestion.closest(to: "xy", in: ["on-tap"]) == nil)
        #expect(ConfigSuggestion.closest(to: "hold", in: ["hold-for-light", "hold-time"]) == "hold-time")
    }

    @Test func suggestsCloseKeys() {
        #expect(configErrors("[light]\nbrigthness = 50%") == [
            "torch.conf:2: unknown key 'brigthness' in [light]; did you mean 'brightness'?",
        ])
        #expect(configErrors("[service]\nstatefile = /x") == [
            "torch.conf:2: unknown key 'statefile' in [service]; did you mean 'state-file'?",
        ])
        #expect(configErrors("[Light]") == ["torch.conf:1: unknown section [Light]; did you mean [light]?"])
        #expect(configErrors("[patern.x]") == ["torch.conf:1: unknown section [patern.x]; did you mean [pattern.NAME]?"])
    }
}
