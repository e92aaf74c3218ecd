import Testing
@testable import TorchCore

/// Issue 15, finding 5: Double → integer conversions of input are checked; values
/// outside Int64 give an error or a saturated value, never a trap.
@Suite struct CheckedConversionTests {
    @Test(arguments: ["99999999999999999999999h", "1e400s", "9300000000000000000ns",
                      String(repeating: "9", count: 400) + "s"])
    func hugeDurationsAreErrors(text: String) {
        #expect(throws: ValueError.self) { try DurationSyntax.parse(text) }
    }

    @Test func secondsFromDoubleSaturates() {
        #expect(Duration.seconds(fromDouble: 1e300).nanoseconds == Int64.max)
        #expect(Duration.seconds(fromDouble: -1e300).nanoseconds == Int64.min)
        #expect(Duration.seconds(fromDouble: .nan) == .zero)
        #expect(Duration.seconds(fromDouble: .infinity).nanoseconds == Int64.max)
        #expect(Duration.seconds(fromDouble: 1.5) == .milliseconds(1500))
    }

    @Test func decimalFormatWithTooManyDigits() {
        #expect(DecimalSyntax.format(0.5, maxFractionDigits: 40) == "0.5")
        #expect(DecimalSyntax.format(0.5, maxFractionDigits: -3) == "1")
    }

    @Test func hertzTextOfAnyFrequency() {
        #expect(OutputPlanner.formatHz(-1e300) == "-1e+300 Hz")
        #expect(OutputPlanner.formatHz(-2000) == "-2000 Hz")
        #expect(OutputPlanner.formatHz(2000) == "2000 Hz")
        #expect(OutputPlanner.formatHz(.nan) == "nan Hz")
    }

    /// Every blink speed in 0…1 (and outside) gives a pattern within the limits.
    @Test(arguments: [1e-300, 5e-324, 0.5, 1 - 1e-16, .nan, -1, 2])
    func blinkSpeedsStayWithinTheLimits(speed: Double) throws {
        if let p = BlinkSpeed.pattern(speed: speed) { try p.checkLimits() }
    }
}
