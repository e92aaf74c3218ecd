import Testing
import TorchCore
import TorchHardware
@testable import torch

/// `torch probe`'s flicker rows: one per carrier this machine can dim with, the one
/// `auto` drives first, in text and JSON.
@Suite struct ProbeFlickerTests {
    func report(pwmChips: [DetectedPWMChip], pwmGPIO: String?, config: TorchConfig = TorchConfig()) -> ProbeReport {
        let machine = MachineSnapshot(gpioChips: [GPIOChipReport(entry: GPIOChipEntry(path: "/dev/gpiochip0", name: "gpiochip0",
                                                                                     label: "pinctrl-bcm2835", lineCount: 54))],
                                      pwmChips: pwmChips)
        let plan = OutputPlanner.plan(output: config.output, board: nil, pwmChips: machine.pwmChips,
                                      gpioChipLabels: machine.gpioChipLabels)
        var r = ProbeReport(machine: machine, board: nil, boardName: "auto", plan: plan, config: config,
                            boardsDirectory: nil, problems: [])
        r.pwmGPIODriver = pwmGPIO
        return r
    }

    @Test func everyCarrierHasARowTheChosenFirst() {
        var config = TorchConfig()
        config.output.softPWMFrequency = 800
        config.output.pwmChip = "fe20c000.pwm"
        let r = report(pwmChips: [DetectedPWMChip(name: "pwmchip0", device: "fe20c000.pwm", channelCount: 2)],
                       pwmGPIO: "/sys/bus/platform/drivers/pwm-gpio", config: config)
        let text = r.text()
        #expect(r.carriers.map(\.kind) == [.hardwarePWM, .pwmGPIO, .softwarePWM])
        #expect(text.contains("flicker      hardware PWM at 2kHz: 100 % modulation, flicker index 0.82 at 18.4% duty: low risk (what auto drives)\n"), "\(text)")
        #expect(text.contains("software PWM at 800Hz: 100 % modulation, flicker index 0.82 at 18.4% duty: above low risk (set [output] soft-pwm-frequency"), "\(text)")
        #expect(text.contains("the kernel's pwm-gpio at 2kHz: 100 % modulation"), "\(text)")
        // The JSON: one object per carrier, the region by its name.
        let json = r.json()
        #expect(json.contains("\"flicker\":[{"), "\(json)")
        #expect(json.contains("\"output\":\"software-pwm\",\"frequency_hz\":800,\"modulation_percent\":100,\"flicker_index\":0.816,\"duty\":0.1842,\"region\":\"above-low-risk\""), "\(json)")
    }

    @Test func withoutPWMChipsOnlySoftwarePWMIsListed() {
        var config = TorchConfig()
        config.output.line = "18"
        let r = report(pwmChips: [], pwmGPIO: nil, config: config)
        #expect(r.carriers == [PWMCarrier(.softwarePWM, frequency: 1000)])
        #expect(r.text().contains("flicker      software PWM at 1kHz: 100 % modulation, flicker index 0.82 at 18.4% duty: above low risk (set [output] soft-pwm-frequency above 1.25kHz"),
                "\(r.text())")
        #expect(r.text().contains("(what auto drives)"))
    }
}
