import Testing
@testable import TorchCore

/// What `torch setup` shows of a header and offers for the LED, from the shipped
/// profiles, and the config.txt line it adds.
@Suite struct SetupPinsTests {
    @Test func aPi4sHeaderByPhysicalPin() throws {
        let pi4 = try ShippedBoards.catalog().lookup("rpi4b")
        let noPWM = SetupPins.rows(board: pi4, pwmChips: [], taken: [2: "i2c", 14: ""])
        let pin12 = try #require(SetupPins.find("GPIO18", in: noPWM, board: pi4))
        #expect(pin12.pin.pin == "12" && pin12.isFree)
        #expect(pin12.pwm == .withOverlay("dtoverlay=pwm,pin=18,func=2"))
        #expect(pin12.overlayLine == "dtoverlay=pwm,pin=18,func=2")
        #expect(SetupPins.find("pin3", in: noPWM, board: pi4)?.takenBy == "i2c")
        #expect(SetupPins.find("GPIO14", in: noPWM, board: pi4)?.takenBy == "in use")
        #expect(SetupPins.find("GPIO23", in: noPWM, board: pi4)?.pwm == SetupPin.PWMReach.none)
        #expect(SetupPins.suggestedLED(noPWM, board: pi4)?.pin.pin == "12", "the board's suggested LED pin")
        // With the channel there, it is PWM now, and needs no overlay.
        let withPWM = SetupPins.rows(board: pi4, pwmChips: [DetectedPWMChip(name: "pwmchip0", device: "fe20c000.pwm", channelCount: 2)],
                                     taken: [:])
        let enabled = try #require(SetupPins.find("12", in: withPWM, board: pi4))
        #expect(enabled.pwm == .enabled(chip: "pwmchip0", channel: 0))
        #expect(enabled.overlayLine == nil)
        // Every row is a GPIO line, in the header's order; the table names each by pin.
        #expect(noPWM.count == pi4.header.filter { $0.line != nil }.count)
        let table = SetupPins.table(noPWM)
        #expect(table.contains("pin 12  GPIO18"))
        #expect(table.contains("hardware PWM with dtoverlay=pwm,pin=18,func=2"))
        #expect(table.contains("taken by i2c"))
    }

    @Test func aTakenSuggestionGivesWayToAFreePWMPin() throws {
        let pi4 = try ShippedBoards.catalog().lookup("rpi4b")
        let rows = SetupPins.rows(board: pi4, pwmChips: [DetectedPWMChip(name: "pwmchip0", device: "fe20c000.pwm", channelCount: 2)],
                                  taken: [18: "gpioset"])
        let led = try #require(SetupPins.suggestedLED(rows, board: pi4))
        #expect(led.line.name != "GPIO18")
        #expect({ if case .enabled = led.pwm { true } else { false } }(), "\(led)")
    }

    /// A Pi 5 pin with no channel reaches PWM through RP1's PIO.
    @Test func aPi5PinWithoutAChannelOffersPIO() throws {
        let pi5 = try ShippedBoards.catalog().lookup("rpi5")
        let rows = SetupPins.rows(board: pi5, pwmChips: [], taken: [:])
        #expect(SetupPins.find("GPIO23", in: rows, board: pi5)?.pwm == .pio("dtoverlay=pwm-pio,gpio=23"))
        #expect(SetupPins.find("GPIO18", in: rows, board: pi5)?.pwm == .withOverlay("dtoverlay=pwm,pin=18,func=2"))
    }

    @Test func theOverlayGoesWhereItAppliesToEveryBoard() {
        let line = "dtoverlay=pwm,pin=18,func=2"
        #expect(BootConfigEdit.adding(line, to: "dtparam=audio=on\n[all]\n") == "dtparam=audio=on\n[all]\n# torch setup: hardware PWM for the LED\n\(line)\n")
        // After a board filter, a new [all] first.
        #expect(BootConfigEdit.adding(line, to: "[cm4]\notg_mode=1") == "[cm4]\notg_mode=1\n[all]\n# torch setup: hardware PWM for the LED\n\(line)\n")
        // Already there for every board: nothing to add; only under a filter: added.
        #expect(BootConfigEdit.adding(line, to: "[all]\n\(line)\n") == nil)
        #expect(BootConfigEdit.adding(line, to: "[pi4]\n\(line)\n") != nil)
        #expect(BootConfigEdit.adding(line, to: "") == "# torch setup: hardware PWM for the LED\n\(line)\n")
    }
}
