import Testing
@testable import TorchCore
import TorchTestSupport

@Suite struct BrightnessCurveTests {
    @Test func cieHalfLightnessIsAboutEighteenPercentDuty() {
        // ((50 + 16) / 116)³ = 0.18419…
        let d = BrightnessCurve.cie.duty(forLightness: 0.5)
        #expect(abs(d - 0.184186) < 1e-6)
    }

    @Test func cieEnds() {
        #expect(BrightnessCurve.cie.duty(forLightness: 1) == 1)
        #expect(BrightnessCurve.cie.duty(forLightness: 0) == 0)
        #expect(BrightnessCurve.cie.duty(forLightness: 2) == 1)
        #expect(BrightnessCurve.cie.duty(forLightness: -1) == 0)
    }

    @Test func cieLinearBranchAtOrBelowEight() {
        // L* ≤ 8: Y = L* / 903.3.
        #expect(BrightnessCurve.cie.duty(forLightness: 0.04) == 4 / 903.3)
        #expect(BrightnessCurve.cie.duty(forLightness: 0.01) == 1 / 903.3)
        #expect(BrightnessCurve.cie.duty(forLightness: 0.08) == 8 / 903.3)
    }

    @Test func cieIsContinuousAtEight() {
        let below = BrightnessCurve.cie.duty(forLightness: 0.08)
        let above = BrightnessCurve.cie.duty(forLightness: 0.08 + 1e-12)
        #expect(abs(below - above) < 1e-6)
        let cubic = (24.0 / 116) * (24.0 / 116) * (24.0 / 116)
        #expect(abs(below - cubic) < 1e-6)
    }

    @Test func cieIsMonotonic() {
        var last = -1.0
        for i in 0...1000 {
            let d = BrightnessCurve.cie.duty(forLightness: Double(i) / 1000)
            #expect(d > last)
            last = d
        }
    }

    @Test func linearIsTheLevel() {
        #expect(BrightnessCurve.linear.duty(forLightness: 0.37) == 0.37)
        #expect(BrightnessCurve.linear.duty(forLightness: 1.2) == 1)
    }

    @Test func curveNames() {
        #expect(BrightnessCurve(rawValue: "cie") == .cie)
        #expect(BrightnessCurve(rawValue: "linear") == .linear)
        #expect(BrightnessCurve.allCases.count == 2)
    }
}

@Suite struct OutputMappingTests {
    /// A cap, not a scale: `min(level, max)` (the seed's clamp), then the curve.
    @Test func maxBrightnessCapsTheLevel() {
        let m = OutputMapping(curve: .linear, maxBrightness: 0.6)
        #expect(m.duty(forLightness: 1) == 0.6)
        #expect(m.duty(forLightness: 0.8) == 0.6)
        #expect(m.duty(forLightness: 0.5) == 0.5, "below the cap a level is as it is")
        let cie = OutputMapping(curve: .cie, maxBrightness: 0.6)
        #expect(cie.duty(forLightness: 0.8) == BrightnessCurve.cie.duty(forLightness: 0.6))
        #expect(cie.duty(forLightness: 0.5) == BrightnessCurve.cie.duty(forLightness: 0.5))
    }

    @Test func darkStaysDarkAndOnStaysOn() {
        let m = OutputMapping()
        #expect(m.duty(forLightness: 0) == 0)
        #expect(m.duty(forLightness: -0.5) == 0)
        #expect(m.duty(forLightness: Brightness.minimum) > 0)
        #expect(m.duty(forLightness: 1e-9) > 0)
    }

    @Test func capIsClamped() {
        #expect(OutputMapping(maxBrightness: 3).maxBrightness == 1)
        #expect(OutputMapping(maxBrightness: -1).maxBrightness == 0)
        #expect(OutputMapping().curve == .cie)
    }
}

@Suite struct BrightnessTests {
    @Test func clamps() {
        #expect(Brightness(clamping: 0).fraction == 0.01)
        #expect(Brightness(clamping: -3).fraction == 0.01)
        #expect(Brightness(clamping: 1.5).fraction == 1)
        #expect(Brightness(clamping: .nan).fraction == 0.01)
        #expect(Brightness(clamping: 0.4).fraction == 0.4)
        #expect(Brightness.full.fraction == 1)
    }

    @Test func parses() throws {
        #expect(try Brightness.parse("40%").fraction == 0.4)
        #expect(try Brightness.parse("0.4").fraction == 0.4)
        #expect(try Brightness.parse("1%").fraction == 0.01)
        #expect(try Brightness.parse("100%") == .full)
    }

    /// Issue 26's rule: a number with neither `%` nor a decimal point is refused, with the fix.
    @Test(arguments: [
        ("40", "did you mean 40%?"),
        ("1", "did you mean 100% (or 1.0) for full, or 1% for the lowest?"),
        ("2", "did you mean 2%?"),
        ("0", "0 is no light (torch off goes dark)"),
        ("150", "write a percent (40%) or a fraction with a decimal point (0.4)"),
    ])
    func refusesABareNumberWithTheFix(text: String, fix: String) throws {
        let error = try requireThrows(ValueError.self) { try Brightness.parse(text) }
        #expect(error.description == "'\(text)' is not valid: expected \(Brightness.allowed); \(fix)")
    }

    @Test func aFractionNeedsItsDecimalPointAndAMachinesNumberIsAFraction() throws {
        #expect(try Brightness.parse("1.0") == .full)
        #expect(try Brightness.parse(".5").fraction == 0.5)
        #expect(try Brightness.parse(fraction: 1) == .full)
        #expect(try Brightness.parse(fraction: 0.4).fraction == 0.4)
        #expect(throws: ValueError.self) { try Brightness.parse(fraction: 40) }
    }

    @Test(arguments: ["0%", "101%", "0.5%", "1.5", "bright", ""])
    func rejects(text: String) throws {
        let error = try requireThrows(ValueError.self) { try Brightness.parse(text) }
        #expect(error.description == "'\(text)' is not valid: expected a brightness from 1% to 100% (or 0.01 to 1.0)")
    }

    @Test func ordersAndPrints() {
        #expect(Brightness(clamping: 0.2) < Brightness(clamping: 0.3))
        #expect(Brightness(clamping: 0.4).description == "40%")
        #expect(Brightness(clamping: 0.125).description == "12.5%")
    }
}
