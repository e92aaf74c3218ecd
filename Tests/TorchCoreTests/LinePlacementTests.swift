import Testing
@testable import TorchCore

/// The button and feedback lines default to the board's header chip, as the LED does.
@Suite struct LinePlacementTests {
    @Test func aNamedLineOnAPi5IsOnTheHeaderChipByLabel() throws {
        let pi5 = try ShippedBoards.catalog().lookup("rpi5")
        let p = LinePlacement.resolve(line: "GPIO23", chips: [nil, nil], board: pi5)
        #expect(p == LinePlacement(chip: "pinctrl-rp1", line: "23"))
    }

    @Test func aPhysicalPinAndAnOffsetResolveOnTheHeaderChip() throws {
        let pi4 = try ShippedBoards.catalog().lookup("rpi4b")
        #expect(LinePlacement.resolve(line: "pin16", chips: [nil], board: pi4)
                == LinePlacement(chip: pi4.gpioChip, line: "23"))
        #expect(LinePlacement.resolve(line: "23", chips: [nil], board: pi4)
                == LinePlacement(chip: pi4.gpioChip, line: "23"))
        #expect(pi4.gpioChip != LinePlacement.defaultChip)
    }

    @Test func aHeaderPinOnAnotherBankTakesThatBanksChip() throws {
        let bbb = try ShippedBoards.catalog().lookup("beaglebone-black")
        // P9_11 is on gpio-0-31 while the board's header chip is gpio-32-63.
        #expect(LinePlacement.resolve(line: "P9_11", chips: [nil], board: bbb)
                == LinePlacement(chip: "gpio-0-31", line: "30"))
        #expect(LinePlacement.resolve(line: "P9_12", chips: [nil], board: bbb)
                == LinePlacement(chip: "gpio-32-63", line: "28"))
    }

    @Test func theFirstConfiguredChipWins() throws {
        let pi5 = try ShippedBoards.catalog().lookup("rpi5")
        #expect(LinePlacement.resolve(line: "GPIO23", chips: [nil, "pinctrl-rp1"], board: pi5)
                == LinePlacement(chip: "pinctrl-rp1", line: "23"))
        #expect(LinePlacement.resolve(line: "5", chips: ["gpiochip9", "pinctrl-rp1"], board: pi5)
                == LinePlacement(chip: "gpiochip9", line: "5"))
    }

    @Test func aChipTheHeaderDoesNotUseTakesTheLineAsWritten() throws {
        let pi5 = try ShippedBoards.catalog().lookup("rpi5")
        // An I/O expander: "GPIO23" there is that chip's own line name, not the header's.
        #expect(LinePlacement.resolve(line: "GPIO23", chips: ["mcp23017"], board: pi5)
                == LinePlacement(chip: "mcp23017", line: "GPIO23"))
    }

    @Test func aLineTheBoardDoesNotKnowStaysOnTheHeaderChip() throws {
        let pi5 = try ShippedBoards.catalog().lookup("rpi5")
        #expect(LinePlacement.resolve(line: "MY_BUTTON", chips: [nil], board: pi5)
                == LinePlacement(chip: "pinctrl-rp1", line: "MY_BUTTON"))
    }

    @Test func withoutABoardItIsTheConfiguredChipElseGpiochip0() {
        #expect(LinePlacement.resolve(line: "17", chips: [nil, nil], board: nil)
                == LinePlacement(chip: "gpiochip0", line: "17"))
        #expect(LinePlacement.resolve(line: "17", chips: [nil, "gpiochip2"], board: nil)
                == LinePlacement(chip: "gpiochip2", line: "17"))
    }
}
