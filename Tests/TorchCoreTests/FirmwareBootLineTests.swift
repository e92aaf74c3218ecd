import Testing
import TorchCore

/// `torch boot-line`'s core: the config.txt `gpio=` line from the shipped board profiles.
@Suite struct FirmwareBootLineTests {
    private func board(_ id: String) throws -> BoardProfile {
        try #require(try ShippedBoards.catalog().profiles.first { $0.id == id })
    }

    @Test func lineNameOnAPi4DrivesItHigh() throws {
        #expect(try FirmwareBootLine.line(board: board("rpi4b"), line: "GPIO18", chip: nil, activeLow: false) == "gpio=18=op,dh")
    }

    @Test func activeLowDrivesItLow() throws {
        #expect(try FirmwareBootLine.line(board: board("rpi4b"), line: "GPIO17", chip: nil, activeLow: true) == "gpio=17=op,dl")
    }

    @Test func offsetsPhysicalPinsAndTheSuggestedPinGiveTheBCMNumber() throws {
        let pi = try board("rpi3b")
        #expect(try FirmwareBootLine.line(board: pi, line: "23", chip: nil, activeLow: false) == "gpio=23=op,dh")
        #expect(try FirmwareBootLine.line(board: pi, line: "pin16", chip: nil, activeLow: false) == "gpio=23=op,dh")
        #expect(try FirmwareBootLine.line(board: pi, line: "23", chip: "pinctrl-bcm2835", activeLow: false) == "gpio=23=op,dh")
        // No [output] line: the board's suggested LED pin (physical pin 12 = GPIO18).
        #expect(try FirmwareBootLine.line(board: pi, line: nil, chip: nil, activeLow: false) == "gpio=18=op,dh")
    }

    @Test func aPi5GetsTheReasonInsteadOfALineThatIsLostBeforeLinux() throws {
        let pi5 = try board("rpi5")
        #expect(pi5.bootLineGap?.contains("RP1") == true)
        do {
            let line = try FirmwareBootLine.line(board: pi5, line: "GPIO17", chip: nil, activeLow: true)
            Issue.record("a Pi 5 got '\(line)'")
        } catch {
            guard case let .notHeld(line, name, _) = error else {
                Issue.record("expected notHeld, got \(error)")
                return
            }
            #expect(line == "gpio=17=op,dl" && name == "Raspberry Pi 5")
            #expect(error.description.contains("does not hold until Linux"))
        }
        // The boards whose firmware keeps the pin still get their line.
        for id in ["rpi3b", "rpi4b", "cm4", "rpizero", "rpizero2w"] {
            #expect(try board(id).bootLineGap == nil, "\(id)")
        }
    }

    @Test func boardsWithoutTheRaspberryPiFirmwareHaveNoLine() throws {
        #expect(throws: FirmwareBootLineError.notRaspberryPi(board: "BeagleBone Black")) {
            try FirmwareBootLine.line(board: try board("beaglebone-black"), line: nil, chip: nil, activeLow: false)
        }
    }

    @Test func aLineNotOnTheHeaderIsNamedWithASuggestion() throws {
        let pi = try board("rpi4b")
        do {
            _ = try FirmwareBootLine.line(board: pi, line: "GPIO81", chip: nil, activeLow: false)
            Issue.record("GPIO81 is not on the header")
        } catch {
            #expect(error.description.hasPrefix("[output] line 'GPIO81' is not a GPIO line on the header of Raspberry Pi 4"))
            #expect(error.description.contains("did you mean GPIO18?"))
        }
    }
}

/// What a start drives at its first instant (the line's initial value).
@Suite struct StartsWithLightTests {
    @Test func lightByDefaultWithASteadyOrBlinkingStartBeginsLit() {
        #expect(TorchSettings(lightByDefault: true).startsWithLight(restoring: nil))
        let saved = PersistentState(brightness: .full, pattern: .strobe(.fast), buttonMode: .smart, lit: false)
        #expect(TorchSettings(lightByDefault: true).startsWithLight(restoring: saved))
    }

    @Test func aDarkStartOrAPatternThatBeginsDarkBeginsDark() throws {
        #expect(!TorchSettings(atStart: .off).startsWithLight(restoring: nil))
        let lit = PersistentState(brightness: .full, pattern: .steady, buttonMode: .smart, lit: true)
        #expect(TorchSettings(atStart: .restore).startsWithLight(restoring: lit))
        #expect(!TorchSettings(atStart: .off).startsWithLight(restoring: lit))
        let darkFirst = Pattern.custom(try CustomPatternSyntax.parse("0 500ms 100% 500ms"))
        var saved = lit
        saved.pattern = darkFirst
        #expect(!TorchSettings(lightByDefault: true).startsWithLight(restoring: saved))
        saved.pattern = .custom(try CustomPatternSyntax.parse("~100% 1s ~0 1s"))
        #expect(!TorchSettings(lightByDefault: true).startsWithLight(restoring: saved), "a ramp starts from dark")
    }
}
