import Testing
@testable import TorchHardware

@Suite struct GPIOChipNameTests {
    @Test func numberIsDevGpiochipN() {
        #expect(GPIOChipName(parsing: "0") == .number(0))
        #expect(GPIOChipName(parsing: "12").path() == "/dev/gpiochip12")
    }

    @Test func kernelNameBecomesDevPath() {
        #expect(GPIOChipName(parsing: "gpiochip4") == .name("gpiochip4"))
        #expect(GPIOChipName(parsing: "gpiochip4").path() == "/dev/gpiochip4")
        #expect(GPIOChipName(parsing: "gpiochip4").path(in: "/tmp/fake") == "/tmp/fake/gpiochip4")
    }

    @Test func pathIsKeptAsIs() {
        #expect(GPIOChipName(parsing: "/dev/gpiochip0") == .path("/dev/gpiochip0"))
        #expect(GPIOChipName(parsing: "/dev/gpiochip0").path() == "/dev/gpiochip0")
    }

    @Test func anythingElseIsALabel() {
        #expect(GPIOChipName(parsing: "pinctrl-rp1") == .label("pinctrl-rp1"))
        #expect(GPIOChipName(parsing: "pinctrl-rp1").path() == nil)
        // Not a kernel name: trailing junk, a sign, or nothing after the prefix.
        #expect(GPIOChipName(parsing: "gpiochip0x") == .label("gpiochip0x"))
        #expect(GPIOChipName(parsing: "gpiochip") == .label("gpiochip"))
        #expect(GPIOChipName(parsing: "gpiochip-1") == .label("gpiochip-1"))
        #expect(GPIOChipName(parsing: "-1") == .label("-1"))
    }

    @Test func descriptionIsWhatTheUserTyped() {
        #expect(GPIOChipName(parsing: "0").description == "0")
        #expect(GPIOChipName(parsing: "gpiochip0").description == "gpiochip0")
        #expect(GPIOChipName(parsing: "/dev/gpiochip2").description == "/dev/gpiochip2")
        #expect(GPIOChipName(parsing: "pinctrl-bcm2711").description == "pinctrl-bcm2711")
    }
}
