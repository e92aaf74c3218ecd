import Testing
@testable import TorchCore

/// The shipped board files: every one parses and says what the issue asks of it.
@Suite struct BoardShippedFileTests {
    @Test func everyShippedBoardFileParses() throws {
        let catalog = try ShippedBoards.catalog()
        #expect(Set(catalog.ids).isSuperset(of: ["rpi5", "rpi4b", "rpi3b", "rpizero2w", "rpizero", "cm4",
                                                "beaglebone-black", "rock-pi-4"]))
    }

    @Test func everyBoardIsRecognisableAndWired() throws {
        for b in try ShippedBoards.catalog().profiles {
            #expect(!b.compatible.isEmpty || !b.modelPrefixes.isEmpty, "\(b.id): nothing recognises it")
            #expect(!b.pwm.isEmpty, "\(b.id): no PWM pin")
            #expect(!b.statusLEDs.isEmpty, "\(b.id): no status LEDs")
            for pin in [b.ledPin, b.buttonPin, b.offButtonPin, b.buzzerPin] {
                let id = try #require(pin, "\(b.id): a suggested pin is missing")
                #expect(b.headerPin(id)?.line != nil, "\(b.id): \(id) is not a GPIO")
            }
            // The suggested LED pin is a hardware PWM pin on every board.
            #expect(b.pwmChannel(forLine: "pin" + (b.ledPin ?? "")) != nil || b.pwm.contains { $0.pin == b.ledPin },
                    "\(b.id): LED pin has no PWM")
        }
    }

    @Test func raspberryPiHeadersHaveFortyPinsInTheStandardLayout() throws {
        let catalog = try ShippedBoards.catalog()
        for id in ["rpi5", "rpi4b", "rpi3b", "rpizero2w", "rpizero", "cm4"] {
            let b = try catalog.lookup(id)
            #expect(b.header.count == 40, "\(id)")
            #expect(b.headerPin("12")?.line == BoardLine(names: ["GPIO18"], offset: 18, chip: b.gpioChip))
            #expect(b.headerPin("6")?.use == .other("GND"))
            #expect(b.headerPin("1")?.use == .other("3V3"))
            #expect(b.headerPin("2")?.use == .other("5V"))
            #expect(b.headerPin("40")?.line?.offset == 21)
            #expect(b.header.compactMap(\.line).count == 28)
        }
    }

    @Test func raspberryPiChipsAndPWMDevices() throws {
        let catalog = try ShippedBoards.catalog()
        let expected: [(String, String, String, Int)] = [
            ("rpi5", "pinctrl-rp1", "1f00098000.pwm", 2), ("rpi4b", "pinctrl-bcm2711", "fe20c000.pwm", 0),
            ("cm4", "pinctrl-bcm2711", "fe20c000.pwm", 0), ("rpi3b", "pinctrl-bcm2835", "3f20c000.pwm", 0),
            ("rpizero2w", "pinctrl-bcm2835", "3f20c000.pwm", 0), ("rpizero", "pinctrl-bcm2835", "2020c000.pwm", 0),
        ]
        for (id, chip, device, channel18) in expected {
            let b = try catalog.lookup(id)
            #expect(b.gpioChip == chip, "\(id)")
            let pwm = try #require(b.pwmChannel(forLine: "GPIO18"), "\(id)")
            #expect(pwm.device == device && pwm.channel == channel18, "\(id)")
            #expect(pwm.enable == "dtoverlay=pwm,pin=18,func=2", "\(id)")
        }
        let pi5 = try catalog.lookup("rpi5")
        #expect(pi5.pwmChannel(forLine: "GPIO12")?.channel == 0)
        #expect(pi5.pwmChannel(forLine: "GPIO13")?.channel == 1)
        #expect(pi5.pwmChannel(forLine: "GPIO19")?.channel == 3)
        let pi4 = try catalog.lookup("rpi4b")
        #expect(pi4.pwmChannel(forLine: "GPIO19")?.channel == 1)
        #expect(pi4.pwmChannel(forLine: "GPIO12")?.enable == "dtoverlay=pwm,pin=12,func=4")
    }

    @Test func beagleBoneDescribesBothHeaders() throws {
        let b = try ShippedBoards.catalog().lookup("beaglebone-black")
        #expect(b.header.filter { $0.pin.hasPrefix("P8_") }.count == 46)
        #expect(b.header.filter { $0.pin.hasPrefix("P9_") }.count == 46)
        #expect(b.pin(for: "P9.14")?.line == BoardLine(names: ["GPIO1_18"], offset: 18, chip: "gpio-32-63"))
        #expect(b.pwmChannel(forLine: "P9_14") == BoardPWM(pin: "P9_14", device: "48302200.pwm", channel: 0,
                                                             enable: "config-pin P9_14 pwm"))
        #expect(b.pin(for: "GPIO0_2")?.pin == "P9_22")
    }
}
