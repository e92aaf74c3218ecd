#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import TorchHardware
import TorchTesting

/// Finding PWM chips by device, name, number or path, and the not-found line.
@Suite struct PWMChipTests {
    @Test func scanReadsNpwmAndTheDeviceLink() {
        let chips = PWMChip.scan(makePWMDouble())
        #expect(chips == [
            PWMChip(name: "pwmchip0", path: "/sys/class/pwm/pwmchip0", device: "1f00098000.pwm", channelCount: 4),
            PWMChip(name: "pwmchip1", path: "/sys/class/pwm/pwmchip1", device: "1f0009c000.pwm", channelCount: 4),
        ])
    }

    @Test func scanOrdersByNumberNotByText() {
        let fs = SysfsPWMDouble()
        fs.addChip(number: 10, device: "b.pwm", channels: 1)
        fs.addChip(number: 2, device: "a.pwm", channels: 2)
        #expect(PWMChip.scan(fs).map(\.name) == ["pwmchip2", "pwmchip10"])
    }

    @Test(arguments: ["1f0009c000.pwm", "pwmchip1", "1", "/sys/class/pwm/pwmchip1", "/sys/class/pwm/pwmchip1/"])
    func findTakesEveryForm(_ spec: String) throws {
        #expect(try PWMChip.find(spec, in: makePWMDouble()).name == "pwmchip1")
    }

    @Test func notFoundListsChipsWithDevicesAndTheHint() {
        #expect {
            try PWMChip.find("fe20c000.pwm", in: makePWMDouble(), hint: "add 'dtoverlay=pwm-2chan' to /boot/firmware/config.txt")
        } throws: { error in
            (error as? HardwareError) == HardwareError(
                "pwm chip 'fe20c000.pwm' not found (chips here: pwmchip0 [1f00098000.pwm, 4 channels], "
                    + "pwmchip1 [1f0009c000.pwm, 4 channels]); add 'dtoverlay=pwm-2chan' to /boot/firmware/config.txt",
                errno: ENODEV)
        }
    }

    @Test func notFoundOnAMachineWithoutPWM() {
        #expect {
            try PWMChip.find("pwmchip0", in: SysfsPWMDouble())
        } throws: { error in
            (error as? HardwareError)?.message == "pwm chip 'pwmchip0' not found (this machine has no PWM chips)"
        }
    }

    @Test func channelMissingWordsTheRange() {
        let one = PWMChip(name: "pwmchip3", path: "/x", device: "", channelCount: 1)
        #expect(PWMErrors.channelMissing(chip: one, channel: 1, hint: nil).message
            == "pwmchip3 has 1 channel (0); channel 1 does not exist")
        let two = PWMChip(name: "pwmchip0", path: "/x", device: "", channelCount: 2)
        #expect(PWMErrors.channelMissing(chip: two, channel: 3, hint: nil).message
            == "pwmchip0 has 2 channels (0-1); channel 3 does not exist")
    }

    @Test func chipNumberOnlyForPwmchipNames() {
        #expect(PWMChip.chipNumber("pwmchip12") == 12)
        #expect(PWMChip.chipNumber("pwmchip") == nil)
        #expect(PWMChip.chipNumber("pwmchipx") == nil)
        #expect(PWMChip.chipNumber("gpiochip0") == nil)
    }
}
