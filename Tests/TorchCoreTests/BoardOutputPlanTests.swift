import Testing
@testable import TorchCore

/// The `auto` rule: hardware PWM when the board says the pin has a channel and it
/// exists; else libgpiod; else the simulated LED — with the enabling line when missing.
@Suite struct BoardOutputPlanTests {
    static func output(line: String?) -> TorchConfig.Output {
        var o = TorchConfig.Output()
        o.line = line
        return o
    }

    @Test func pwmWhenTheChannelExists() throws {
        let pi5 = try ShippedBoards.catalog().lookup("rpi5")
        let chips = [DetectedPWMChip(name: "pwmchip0", device: "1f0009c000.pwm", channelCount: 4),
                     DetectedPWMChip(name: "pwmchip2", device: "1f00098000.pwm", channelCount: 4)]
        let plan = OutputPlanner.plan(output: Self.output(line: "GPIO18"), board: pi5, pwmChips: chips,
                                      gpioChipLabels: ["pinctrl-rp1"])
        #expect(plan.backend == .pwm)
        #expect(plan.pwmChip?.name == "pwmchip2")
        #expect(plan.pwmChannel == 2)
        #expect(plan.reason == "hardware PWM: pin 12 (GPIO18) has 1f00098000.pwm channel 2 (pwmchip2/pwm2)")
    }

    @Test func gpiodWithTheOverlayLineWhenThePWMIsNotEnabled() throws {
        let pi4 = try ShippedBoards.catalog().lookup("rpi4b")
        let plan = OutputPlanner.plan(output: Self.output(line: "GPIO18"), board: pi4, pwmChips: [],
                                      gpioChipLabels: ["pinctrl-bcm2711", "raspberrypi-exp-gpio"])
        #expect(plan.backend == .gpiod)
        #expect(plan.gpioChip == "pinctrl-bcm2711")
        #expect(plan.line == "18")
        #expect(plan.enableHint == "dtoverlay=pwm,pin=18,func=2")
        #expect(plan.reason == "libgpiod: pin 12 (GPIO18) on pinctrl-bcm2711, software PWM at 1000 Hz "
            + "(pin 12 (GPIO18) has fe20c000.pwm channel 0, which is not enabled; "
            + "for hardware PWM: add 'dtoverlay=pwm,pin=18,func=2' to /boot/firmware/config.txt and reboot)")
    }

    @Test func gpiodForAPinWithoutPWM() throws {
        let pi4 = try ShippedBoards.catalog().lookup("rpi4b")
        let plan = OutputPlanner.plan(output: Self.output(line: "GPIO17"), board: pi4,
                                      pwmChips: [DetectedPWMChip(name: "pwmchip0", device: "fe20c000.pwm", channelCount: 2)],
                                      gpioChipLabels: ["pinctrl-bcm2711"])
        #expect(plan.backend == .gpiod)
        #expect(plan.enableHint == nil)
        #expect(plan.line == "17")
    }

    @Test func simWithoutAnyGPIOChip() {
        let plan = OutputPlanner.plan(output: Self.output(line: "GPIO18"), board: nil, pwmChips: [], gpioChipLabels: [])
        #expect(plan.backend == .sim)
        #expect(plan.reason == "simulated LED: this machine has no GPIO chip (/dev/gpiochip*)")
    }

    @Test func simWhenNoLineIsSetSuggestsTheBoardsPin() throws {
        let pi5 = try ShippedBoards.catalog().lookup("rpi5")
        let plan = OutputPlanner.plan(output: Self.output(line: nil), board: pi5, pwmChips: [], gpioChipLabels: ["pinctrl-rp1"])
        #expect(plan.backend == .sim)
        #expect(plan.reason == "simulated LED: no [output] line is set; set [output] line = GPIO18 (pin 12 (GPIO18), the board's suggested LED pin)")
    }

    @Test func explicitPWMChipByDeviceOrName() {
        var o = Self.output(line: nil)
        o.pwmChip = "ff420000.pwm"
        o.pwmChannel = 0
        let chips = [DetectedPWMChip(name: "pwmchip1", device: "ff420000.pwm", channelCount: 1)]
        #expect(OutputPlanner.plan(output: o, board: nil, pwmChips: chips, gpioChipLabels: []).backend == .pwm)
        o.pwmChip = "/sys/class/pwm/pwmchip1"
        #expect(OutputPlanner.plan(output: o, board: nil, pwmChips: chips, gpioChipLabels: []).pwmChip?.device == "ff420000.pwm")
        o.pwmChannel = 1
        let missing = OutputPlanner.plan(output: o, board: nil, pwmChips: chips, gpioChipLabels: [])
        #expect(missing.backend == .sim)
        #expect(missing.reason.contains("[output] pwm-chip /sys/class/pwm/pwmchip1 channel 1 is not on this machine"))
    }

    @Test func channelBeyondNpwmIsMissing() throws {
        let pi5 = try ShippedBoards.catalog().lookup("rpi5")
        let chips = [DetectedPWMChip(name: "pwmchip0", device: "1f00098000.pwm", channelCount: 2)]
        let plan = OutputPlanner.plan(output: Self.output(line: "GPIO19"), board: pi5, pwmChips: chips, gpioChipLabels: ["pinctrl-rp1"])
        #expect(plan.backend == .gpiod)
        #expect(plan.enableHint == "dtoverlay=pwm,pin=19,func=2")
        #expect(plan.reason.contains("but pwmchip0 has only 2 channel(s)"))
    }

    @Test func missingBoardChipIsNoted() throws {
        let pi5 = try ShippedBoards.catalog().lookup("rpi5")
        let plan = OutputPlanner.plan(output: Self.output(line: "GPIO17"), board: pi5, pwmChips: [], gpioChipLabels: ["gpio-sim.0-node0"])
        #expect(plan.backend == .gpiod)
        #expect(plan.reason.contains("no chip labelled 'pinctrl-rp1' here (chips: gpio-sim.0-node0)"))
    }
}
