import Testing
@testable import TorchCore
import TorchTestSupport

@Suite struct DurationSyntaxTests {
    @Test(arguments: [
        ("500ns", Int64(500)), ("10us", 10_000), ("10µs", 10_000), ("20ms", 20_000_000),
        ("1.5s", 1_500_000_000), ("30min", 1_800_000_000_000), ("2m", 120_000_000_000),
        ("2h", 7_200_000_000_000), ("0", 0), ("0s", 0), (" 0.3s ", 300_000_000), (".5s", 500_000_000),
        ("+1ms", 1_000_000), ("1.0000000005s", 1_000_000_001),
    ])
    func parses(text: String, ns: Int64) throws {
        #expect(try DurationSyntax.parse(text).nanoseconds == ns)
    }

    @Test(arguments: ["20", "30q", "", "s", "ms", "1.2.3s", "1 s", "1e3ms", "10 ms", "abc", "1sec"])
    func rejects(text: String) throws {
        let error = try requireThrows(ValueError.self) { try DurationSyntax.parse(text) }
        #expect(error.description == "'\(text)' is not valid: expected a duration with a unit (10us, 20ms, 1.5s, 30min, 2h)")
    }

    /// With its unit there, a number out of range says so, not that a unit is missing.
    @Test(arguments: [("-1s", "a duration of 0 or more"), ("9999999999999h", "a duration of at most 2555555h (about 291 years)"),
                      ("2555556h", "a duration of at most 2555555h (about 291 years)")])
    func rejectsOutOfRange(text: String, allowed: String) throws {
        let error = try requireThrows(ValueError.self) { try DurationSyntax.parse(text) }
        #expect(error.description == "'\(text)' is not valid: expected \(allowed)")
        #expect(try DurationSyntax.parse("2555555h") == .seconds(2_555_555 * 3600))
    }

    @Test(arguments: [
        (Int64(0), "0s"), (500, "500ns"), (1_500, "1.5us"), (150_000_000, "150ms"), (1_500_000_000, "1.5s"),
        (90_000_000_000, "90s"), (1_800_000_000_000, "30min"), (7_200_000_000_000, "2h"),
        (5_400_000_000_000, "90min"), (171_428_571, "171.429ms"),
    ])
    func formats(ns: Int64, text: String) {
        #expect(DurationSyntax.format(.nanoseconds(ns)) == text)
    }
}

@Suite struct LevelSyntaxTests {
    @Test(arguments: [("40%", 0.4), ("0.4", 0.4), ("1", 1.0), ("0", 0.0), ("100%", 1.0), ("0.3", 0.3),
                      ("0.7", 0.7), ("12.5%", 0.125), (" 50% ", 0.5), ("0%", 0.0)])
    func parses(text: String, level: Double) throws {
        #expect(try LevelSyntax.parse(text) == level)
    }

    @Test(arguments: ["40", "101%", "-1%", "1.01", "", "%", "half", "4 0%"])
    func rejects(text: String) throws {
        let error = try requireThrows(ValueError.self) { try LevelSyntax.parse(text) }
        #expect(error.description == "'\(text)' is not valid: expected a level as a percentage (0%…100%) or a fraction (0…1)")
    }

    @Test func customRangeNamesTheRange() throws {
        let error = try requireThrows(ValueError.self) { try LevelSyntax.parse("0.5%", range: 0.01...1) }
        #expect(error.allowed == "a level as a percentage (1%…100%) or a fraction (0.01…1)")
    }

    @Test func formats() {
        #expect(LevelSyntax.format(0.4) == "40%")
        #expect(LevelSyntax.format(0.125) == "12.5%")
        #expect(LevelSyntax.format(1) == "100%")
        #expect(LevelSyntax.format(0) == "0%")
    }
}

@Suite struct FrequencySyntaxTests {
    @Test(arguments: [("100Hz", 100.0), ("2kHz", 2000.0), ("1.25kHz", 1250.0), ("1MHz", 1e6), ("10hz", 10.0), ("0.5Hz", 0.5)])
    func parses(text: String, hz: Double) throws {
        #expect(try FrequencySyntax.parse(text) == hz)
    }

    @Test(arguments: ["100", "Hz", "kHz", "2 kHz x", "fast"])
    func rejects(text: String) throws {
        let error = try requireThrows(ValueError.self) { try FrequencySyntax.parse(text) }
        #expect(error.description == "'\(text)' is not valid: expected a frequency with a unit (10Hz, 2kHz)")
    }

    /// With its unit there, a number out of range says so, not that a unit is missing.
    @Test(arguments: ["0Hz", "-5Hz", "0kHz"])
    func rejectsOutOfRange(text: String) throws {
        let error = try requireThrows(ValueError.self) { try FrequencySyntax.parse(text) }
        #expect(error.description == "'\(text)' is not valid: expected a frequency above 0Hz")
    }

    @Test func formats() {
        #expect(FrequencySyntax.format(2000) == "2kHz")
        #expect(FrequencySyntax.format(100) == "100Hz")
        #expect(FrequencySyntax.format(1250) == "1.25kHz")
        #expect(FrequencySyntax.format(3.1623) == "3.162Hz")
    }

    @Test func hugeValuesFormatWithoutTrapping() throws {
        let hz = try FrequencySyntax.parse("99999999999999999999Hz")
        #expect(FrequencySyntax.format(hz) == "1e+17kHz")
    }
}

@Suite struct BoolSyntaxTests {
    @Test(arguments: ["on", "yes", "true", "1", "ON", " True "])
    func truthy(text: String) throws { #expect(try BoolSyntax.parse(text) == true) }

    @Test(arguments: ["off", "no", "false", "0", "Off"])
    func falsy(text: String) throws { #expect(try BoolSyntax.parse(text) == false) }

    @Test(arguments: ["", "2", "maybe", "y", "enable"])
    func rejects(text: String) throws {
        let error = try requireThrows(ValueError.self) { try BoolSyntax.parse(text) }
        #expect(error.description == "'\(text)' is not valid: expected on/off, yes/no, true/false or 1/0")
    }
}

@Suite struct DecimalSyntaxTests {
    @Test func parsesExactly() {
        // Correctly rounded, as a Swift literal: 0.3 is not 0.30000000000000004.
        #expect(DecimalSyntax.parse("0.3") == 0.3)
        #expect(DecimalSyntax.parse("0.7") == 0.7)
        #expect(DecimalSyntax.parse("12") == 12)
        #expect(DecimalSyntax.parse(".25") == 0.25)
        #expect(DecimalSyntax.parse("5.") == 5)
        #expect(DecimalSyntax.parse("+2.5") == 2.5)
        #expect(DecimalSyntax.parse("-2.5") == -2.5)
        #expect(DecimalSyntax.parse("0.123456789") == 0.123456789)
    }

    @Test(arguments: ["", ".", "+", "-", "1.2.3", "1e3", "0x10", "١٢", "1 2", "inf", "nan", "1,5"])
    func rejects(text: String) {
        #expect(DecimalSyntax.parse(text) == nil)
    }

    @Test func formats() {
        #expect(DecimalSyntax.format(1.5, maxFractionDigits: 3) == "1.5")
        #expect(DecimalSyntax.format(2, maxFractionDigits: 3) == "2")
        #expect(DecimalSyntax.format(0.0005, maxFractionDigits: 3) == "0.001")
        #expect(DecimalSyntax.format(0.0004, maxFractionDigits: 3) == "0")
        #expect(DecimalSyntax.format(-0.25, maxFractionDigits: 2) == "-0.25")
        #expect(DecimalSyntax.format(-0.001, maxFractionDigits: 2) == "0")
        #expect(DecimalSyntax.format(1.05, maxFractionDigits: 0) == "1")
        #expect(DecimalSyntax.format(0.125, maxFractionDigits: 4) == "0.125")
    }

    @Test func formatsNonFiniteWithoutTrapping() {
        #expect(DecimalSyntax.format(.infinity, maxFractionDigits: 3) == "inf")
        #expect(DecimalSyntax.format(.nan, maxFractionDigits: 3) == "nan")
        #expect(DecimalSyntax.format(1e30, maxFractionDigits: 0) == "1e+30")
    }

    @Test func trimsASCIIWhitespace() {
        #expect(" \t a b\r\n".trimmedASCII == "a b")
        #expect("".trimmedASCII == "")
    }
}
