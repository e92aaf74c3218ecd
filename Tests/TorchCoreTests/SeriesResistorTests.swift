import Testing
@testable import TorchCore

/// `torch wiring`'s arithmetic: R = (supply − Vf) / I rounded up to a preferred value.
@Suite struct SeriesResistorTests {
    @Test func theIssueExample() throws {
        // 3.3 V, 2.0 V, 10 mA → exactly 130 Ω, an E24 value: 10 mA, 13 mW.
        let r = SeriesResistor(supply: 3.3, forwardVoltage: 2.0, current: 0.010)
        let c = try r.choose(.e24)
        #expect(c.ohms == 130)
        #expect(abs(c.current - 0.010) < 1e-9)
        #expect(ElectricalText.power(c.resistorPower) == "13 mW")
        // E12 has no 130: the next value up is 150 Ω, 8.7 mA.
        let e12 = try r.choose(.e12)
        #expect(e12.ohms == 150)
        #expect(ElectricalText.current(e12.current) == "8.7 mA")
    }

    @Test func roundsUpNeverDown() {
        #expect(ResistorSeries.e24.atOrAbove(131) == 150)
        #expect(ResistorSeries.e12.atOrAbove(100) == 100)
        #expect(ResistorSeries.e12.atOrAbove(101) == 120)
        #expect(ResistorSeries.e24.atOrAbove(4.8) == 5.1)
        #expect(ResistorSeries.e24.atOrAbove(9_200) == 10_000)
        #expect(ResistorSeries.e24.atOrAbove(0.5) == 1)
        #expect(ResistorSeries.e24.atOrAbove(95_000_000) == nil)
        #expect(ResistorSeries.e24.atOrAbove(.nan) == nil)
    }

    @Test func noHeadroomIsAnError() {
        #expect(throws: SeriesResistor.Problem.noHeadroom(supply: 3.3, forwardVoltage: 3.4)) {
            try SeriesResistor(supply: 3.3, forwardVoltage: 3.4, current: 0.01).choose(.e24)
        }
    }

    @Test func unitsAreRequired() throws {
        #expect(try VoltageSyntax.parse("3.3V") == 3.3)
        #expect(try VoltageSyntax.parse("1800mV") == 1.8)
        #expect(try CurrentSyntax.parse("10mA") == 0.010)
        #expect(try CurrentSyntax.parse("500uA") == 0.0005)
        for bad in ["3.3", "0V", "100V", "-1V", "nanV"] { #expect(throws: ValueError.self) { try VoltageSyntax.parse(bad) } }
        for bad in ["10", "0mA", "11A", "1e999A", "mA"] { #expect(throws: ValueError.self) { try CurrentSyntax.parse(bad) } }
    }

    @Test func formats() {
        #expect(OhmsSyntax.format(130) == "130 Ω")
        #expect(OhmsSyntax.format(1500) == "1.5 kΩ")
        #expect(OhmsSyntax.format(4.7) == "4.7 Ω")
        #expect(OhmsSyntax.format(2_200_000) == "2.2 MΩ")
    }
}
