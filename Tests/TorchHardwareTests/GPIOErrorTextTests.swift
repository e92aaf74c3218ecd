import Testing
@testable import TorchHardware

@Suite struct GPIOErrorTextTests {
    let chips = [
        GPIOChipEntry(path: "/dev/gpiochip0", name: "gpiochip0", label: "pinctrl-bcm2711", lineCount: 58),
        GPIOChipEntry(path: "/dev/gpiochip1", name: "gpiochip1", label: "raspberrypi-exp-gpio", lineCount: 8),
    ]

    @Test func chipMissingListsTheChipsThatExist() {
        let e = GPIOErrors.chipMissing(.label("pinctrl-rp1"), available: chips)
        #expect(e.message == "gpio chip 'pinctrl-rp1' not found "
            + "(chips here: gpiochip0 [pinctrl-bcm2711], gpiochip1 [raspberrypi-exp-gpio])")
        #expect(e.errno == 2)
    }

    @Test func chipMissingSaysWhenThereAreNone() {
        let e = GPIOErrors.chipMissing(.number(3), available: [])
        #expect(e.message == "gpio chip '3' not found (this machine has no GPIO chips)")
    }

    @Test func permissionDeniedSaysWhichGroup() {
        let e = GPIOErrors.permissionDenied(path: "/dev/gpiochip0")
        #expect(e.message.hasPrefix("/dev/gpiochip0: permission denied (add the user to group 'gpio' or run as root"))
        #expect(e.message.contains("root:gpio 0660"))
        #expect(e.errno == 13)
    }

    @Test func offsetOutOfRangeSaysTheRange() {
        let e = GPIOErrors.offsetOutOfRange(99, chip: "gpiochip0", lineCount: 8)
        #expect(e.message == "gpiochip0 line 99: offset out of range (gpiochip0 has lines 0…7)")
    }

    @Test func unknownLineNameListsCloseNames() {
        let names = ["ID_SDA", "ID_SCL", "GPIO2", "GPIO3", "GPIO9", "GPIO18", "GPIO19", "LED"]
        let e = GPIOErrors.unknownLineName("GPIO99", chip: "gpiochip0", lineNames: names)
        #expect(e.message == "gpiochip0: no line named 'GPIO99' (close: GPIO9, GPIO19)")
        let lower = GPIOErrors.unknownLineName("gpio18", chip: "gpiochip0", lineNames: names)
        #expect(lower.message.hasSuffix("(close: GPIO18)"))
        let prefix = GPIOErrors.unknownLineName("GPIO1", chip: "gpiochip0", lineNames: names)
        #expect(prefix.message.hasSuffix("(close: GPIO2, GPIO3, GPIO9, GPIO18, GPIO19)"))
    }

    @Test func unknownLineNameOnAnUnnamedChipSaysUseAnOffset() {
        let e = GPIOErrors.unknownLineName("LED", chip: "gpiochip2", lineNames: ["", "", ""])
        #expect(e.message == "gpiochip2: no line named 'LED' (its lines have no names: use an offset)")
    }

    @Test func busyNamesTheConsumer() {
        let line = GPIOLineInfo(offset: 18, name: "GPIO18", consumer: "gpioset", isUsed: true)
        let e = GPIOErrors.lineBusy(chip: "gpiochip0", line: line)
        #expect(e.message == "gpiochip0 line 18 (GPIO18): busy, held by 'gpioset' (stop it or pick another line)")
        #expect(e.errno == 16)
        let anonymous = GPIOErrors.lineBusy(chip: "gpiochip0", line: GPIOLineInfo(offset: 4, name: ""))
        #expect(anonymous.message == "gpiochip0 line 4: busy, held by an unlabelled consumer (stop it or pick another line)")
    }

    /// Issue 36: a torch that loses the line to another torch names its pid.
    @Test func busyByAnotherTorchNamesItsPid() {
        let line = GPIOLineInfo(offset: 18, name: "GPIO18", consumer: "torch", isUsed: true)
        #expect(GPIOErrors.lineBusy(chip: "gpiochip0", line: line, torches: [4242]).message
                == "gpiochip0 line 18 (GPIO18): busy, held by 'torch' (another torch runs: pid 4242; stop it (systemctl stop torch, "
                + "or kill 4242) or pick another line)")
        #expect(GPIOErrors.lineBusy(chip: "gpiochip0", line: line, torches: [7, 9]).message.contains("other torches run: pid 7, pid 9;"))
        #expect(GPIOErrors.lineBusy(chip: "gpiochip0", line: line).message
                == "gpiochip0 line 18 (GPIO18): busy, held by 'torch' (stop it or pick another line)", "none found: as before")
    }

    @Test func editDistanceCountsSwapsOnce() {
        #expect(GPIOErrors.editDistance(Array("GPIO81"), Array("GPIO18")) == 1)
        #expect(GPIOErrors.editDistance(Array("LED"), Array("")) == 3)
        #expect(GPIOErrors.editDistance(Array("abc"), Array("abc")) == 0)
    }
}
