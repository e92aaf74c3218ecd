import Testing
@testable import TorchCore
import TorchTestSupport

/// Bad board files: every problem as `file:line: message`, all of them at once.
@Suite struct BoardParseErrorTests {
    @Test func minimalBoardParses() throws {
        let b = try BoardProfile.parse(minimalBoard, id: "test", file: "test.board")
        #expect(b.name == "Test Board")
        #expect(b.header == [HeaderPin(pin: "1", use: .other("3V3")),
                             HeaderPin(pin: "12", use: .line(BoardLine(names: ["GPIO18"], offset: 18, chip: "test-chip")))])
        #expect(b.pwm == [BoardPWM(pin: "12", device: "test.pwm", channel: 0, enable: "dtoverlay=pwm")])
    }

    @Test func aKeyWithAnEscapeSequenceIsEchoedEscaped() throws {
        let text = "[board]\nname = Test\ngpio-chip = chip\nco\u{1b}[31mlour = red\n"
        let errors = try requireThrows(BoardFileErrors.self) { try BoardProfile.parse(text, id: "t", file: "t.board") }
        #expect(errors.lines.contains("t.board:4: [board]: unknown key 'co\\x1b[31mlour'"), "\(errors.lines)")
        #expect(!errors.lines.contains { $0.unicodeScalars.contains { $0.value < 0x20 } })
    }

    @Test func goldenErrors() {
        let text = """
            [board]
            name = Test
            nmae = Test
            gpio-chip = chip
            name = Again
            led = 7
            [heder]
            x = 1
            [header]
            12 = GPIO18 eighteen
            13 = GPIO27 27 chip extra
            14 = GPIO18 14
            13 = GND
            15 = GND
            15 = GPIO5 5
            [pwm]
            12 = test.pwm
            15 = test.pwm 0 dtoverlay=pwm
            14 = test.pwm -1 dtoverlay=pwm
            """
        #expect(boardErrors(text) == [
            "test.board:1: [board]: no 'compatible' or 'model': nothing would recognise this board",
            "test.board:3: [board]: unknown key 'nmae' (did you mean 'name'?)",
            "test.board:5: name: set twice (first on line 2)",
            "test.board:6: led: pin '7' is not a GPIO pin in [header]",
            "test.board:7: unknown section [heder] (did you mean [header]?): board files have [board], [header] and [pwm]",
            "test.board:10: [header] pin 12: offset 'eighteen' is not valid: expected a line offset (0, 1, 2, …)",
            "test.board:11: [header] pin 13: 'GPIO27 27 chip extra' is not valid: expected 3V3, 5V, GND (one word) or NAME OFFSET [CHIP]",
            "test.board:15: [header] pin 15: described twice (first on line 14)",
            "test.board:17: [pwm] pin 12: 'test.pwm' is not valid: expected DEVICE CHANNEL ENABLE (e.g. fe20c000.pwm 0 dtoverlay=pwm,pin=18,func=2)",
            "test.board:18: [pwm] pin 15: not a GPIO pin in [header]",
            "test.board:19: [pwm] pin 14: channel '-1' is not valid: expected 0…1023",
        ])
    }

    @Test func missingBoardSection() {
        #expect(boardErrors("[header]\n1 = GND\n") == [
            "test.board:1: no [board] section: a board file starts with [board] and its name",
        ])
    }

    @Test func missingRequiredKeysPointAtTheBoardHeader() {
        #expect(boardErrors("# comment\n[board]\ncompatible = a,b\n") == [
            "test.board:2: [board]: 'name' is missing",
            "test.board:2: [board]: 'gpio-chip' is missing (the label of the header's GPIO chip)",
        ])
    }

    @Test func duplicateLinesAndNames() {
        let text = minimalBoard + "\n[header]\n13 = GPIO27 18\n15 = gpio18/X 22\n"
        #expect(boardErrors(text) == [
            "test.board:12: [header] pin 13: line 18 of test-chip is already pin 12",
            "test.board:13: [header] pin 15: name 'gpio18' is already pin 12",
        ])
    }

    @Test func entryOutsideASectionAndMalformedLines() {
        #expect(boardErrors("name = x\n" + minimalBoard + "\njust words\n") == [
            "test.board:1: 'name' is outside a section: start the file with [board]",
            "test.board:12: expected 'key = value', '[section]' or a comment, got 'just words'",
        ])
    }

    @Test func catalogCollectsErrorsFromEveryFile() {
        #expect(throws: BoardFileErrors([
            BoardFileError(file: "a.board", line: 1, message: "no [board] section: a board file starts with [board] and its name"),
            BoardFileError(file: "c.board", line: 1, message: "no [board] section: a board file starts with [board] and its name"),
        ])) {
            try BoardCatalog.parse(files: [("c.board", ""), ("b.board", minimalBoard), ("a.board", "")])
        }
    }
}
