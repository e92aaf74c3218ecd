import Testing
@testable import TorchCore

/// Finding boards: by id (with "did you mean"), by device tree, and pins by any name.
@Suite struct BoardCatalogTests {
    @Test func matchByCompatibleUsesTheMostSpecificEntry() throws {
        let c = try ShippedBoards.catalog()
        #expect(c.match(compatible: ["raspberrypi,5-model-b", "brcm,bcm2712"], model: nil)?.id == "rpi5")
        #expect(c.match(compatible: ["raspberrypi,400", "brcm,bcm2711"], model: nil)?.id == "rpi4b")
        #expect(c.match(compatible: ["raspberrypi,4-compute-module", "brcm,bcm2711"], model: nil)?.id == "cm4")
        #expect(c.match(compatible: ["raspberrypi,3-model-b-plus", "brcm,bcm2837"], model: nil)?.id == "rpi3b")
        #expect(c.match(compatible: ["raspberrypi,model-zero-2-w", "brcm,bcm2837"], model: nil)?.id == "rpizero2w")
        #expect(c.match(compatible: ["raspberrypi,model-zero-w", "brcm,bcm2835"], model: nil)?.id == "rpizero")
        #expect(c.match(compatible: ["ti,am335x-bone-black", "ti,am335x-bone", "ti,am33xx"], model: nil)?.id == "beaglebone-black")
        #expect(c.match(compatible: ["radxa,rockpi4b", "radxa,rockpi4", "rockchip,rk3399"], model: nil)?.id == "rock-pi-4")
        // A generic SoC entry alone names no board.
        #expect(c.match(compatible: ["brcm,bcm2711"], model: nil) == nil)
        #expect(c.match(compatible: [], model: nil) == nil)
    }

    @Test func matchByModelTakesTheLongestPrefix() throws {
        let c = try ShippedBoards.catalog()
        #expect(c.match(compatible: [], model: "Raspberry Pi 5 Model B Rev 1.0")?.id == "rpi5")
        #expect(c.match(compatible: [], model: "Raspberry Pi Zero 2 W Rev 1.0")?.id == "rpizero2w")
        #expect(c.match(compatible: [], model: "Raspberry Pi Zero W Rev 1.1")?.id == "rpizero")
        #expect(c.match(compatible: [], model: "Raspberry Pi Zero Rev 1.3")?.id == "rpizero")
        #expect(c.match(compatible: [], model: "Raspberry Pi 3 Model B Plus Rev 1.3")?.id == "rpi3b")
        #expect(c.match(compatible: [], model: "Raspberry Pi 400 Rev 1.0")?.id == "rpi4b")
        #expect(c.match(compatible: [], model: "Raspberry Pi Compute Module 4 Rev 1.0")?.id == "cm4")
        #expect(c.match(compatible: [], model: "QEMU Standard PC") == nil)
        // The CM4S is the CM3's form factor with another pin-out: no shipped profile is it.
        #expect(c.match(compatible: ["raspberrypi,4-compute-module-s", "brcm,bcm2711"],
                        model: "Raspberry Pi Compute Module 4S Rev 1.0") == nil)
        // Compatible wins over model.
        #expect(c.match(compatible: ["raspberrypi,4-model-b"], model: "Raspberry Pi 5 Model B")?.id == "rpi4b")
    }

    @Test func lookupIsCaseInsensitive() throws {
        #expect(try ShippedBoards.catalog().lookup("RPi5").id == "rpi5")
    }

    @Test func unknownBoardSaysDidYouMean() throws {
        let c = try ShippedBoards.catalog()
        #expect(throws: BoardLookupError(name: "rpi44b", suggestion: "rpi4b", known: c.ids)) { try c.lookup("rpi44b") }
        do {
            _ = try c.lookup("beaglebone")
            Issue.record("beaglebone should not be a board id")
        } catch {
            #expect(error.suggestion == "beaglebone-black")
            #expect(error.description.hasPrefix("unknown board 'beaglebone' (did you mean 'beaglebone-black'?); known: beaglebone-black, cm4, "))
        }
        do {
            _ = try c.lookup("arduino")
            Issue.record("arduino should not be a board id")
        } catch {
            #expect(error.suggestion == nil)
            #expect(error.description.hasPrefix("unknown board 'arduino'; known: "))
        }
    }

    @Test func pinLookupInEveryForm() throws {
        let pi = try ShippedBoards.catalog().lookup("rpi4b")
        #expect(pi.pin(for: "GPIO18")?.pin == "12")
        #expect(pi.pin(for: "gpio18")?.pin == "12")
        #expect(pi.pin(for: "18")?.pin == "12")
        #expect(pi.pin(for: "pin12")?.line?.name == "GPIO18")
        #expect(pi.pin(for: "pin6")?.use == .other("GND"))
        #expect(pi.pin(for: "SPI_CE0_N")?.pin == "24")   // an alias from older device trees
        #expect(pi.pin(for: "12")?.pin == "32")          // an offset, as gpioset reads it: GPIO12
        #expect(pi.pin(for: "18", chip: "other-chip") == nil)
        #expect(pi.pin(for: "GPIO99") == nil)
        #expect(pi.pin(for: "pin41") == nil)
        #expect(pi.pinSuggestion(for: "GPI18") == "GPIO18")
    }

    @Test func pwmChannelForLine() throws {
        let pi = try ShippedBoards.catalog().lookup("rpi5")
        #expect(pi.pwmChannel(forLine: "GPIO18") == BoardPWM(pin: "12", device: "1f00098000.pwm", channel: 2,
                                                              enable: "dtoverlay=pwm,pin=18,func=2"))
        #expect(pi.pwmChannel(forLine: "18")?.channel == 2)
        #expect(pi.pwmChannel(forLine: "pin12")?.channel == 2)
        #expect(pi.pwmChannel(forLine: "GPIO17") == nil)
        #expect(pi.pwmChannel(forLine: "pin6") == nil)
    }
}
