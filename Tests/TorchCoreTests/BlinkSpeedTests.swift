import Testing
@testable import TorchCore
import TorchTestSupport

/// Blink frequency of a pattern in hertz, from its on + off durations.
private func hertz(_ p: Pattern?) -> Double? {
    guard case let .blink(on, off)? = p else { return nil }
    return 1e9 / Double((on + off).nanoseconds)
}

@Suite struct BlinkSpeedTests {
    @Test func zeroIsOffAndOneIsSteady() {
        #expect(BlinkSpeed.pattern(speed: 0) == nil)
        #expect(BlinkSpeed.pattern(speed: -0.5) == nil)
        #expect(BlinkSpeed.pattern(speed: .nan) == nil)
        #expect(BlinkSpeed.pattern(speed: 1) == .steady)
        #expect(BlinkSpeed.pattern(speed: 7) == .steady)
        #expect(Pattern.blink(speed: 0) == nil)
    }

    @Test func justAboveZeroIsHalfAHertz() throws {
        let f = try #require(hertz(BlinkSpeed.pattern(speed: 1e-9)))
        #expect(abs(f - 0.5) < 1e-6)
        // 0.5 Hz: 1 s on, 1 s off.
        #expect(BlinkSpeed.frequency(speed: 0) == 0.5)
    }

    @Test func middleIsSqrt40TimesHalf() throws {
        // 0.5 Hz × 40^0.5 = 3.16227766 Hz → period 316.227766 ms, split evenly.
        let p = try #require(BlinkSpeed.pattern(speed: 0.5))
        #expect(p == .blink(on: .nanoseconds(158_113_883), off: .nanoseconds(158_113_883)))
        #expect(abs(BlinkSpeed.frequency(speed: 0.5) - 0.5 * 40.0.squareRoot()) < 1e-12)
    }

    @Test func justBelowOneIsTwentyHertz() throws {
        let f = try #require(hertz(BlinkSpeed.pattern(speed: 1 - 1e-9)))
        #expect(abs(f - 20) < 1e-5)
        #expect(abs(BlinkSpeed.frequency(speed: 1) - 20) < 1e-12)
    }

    @Test func knownPoints() {
        // 40^0.25 = √√40; ln 2 / ln 40 → 1 Hz; ln 20 / ln 40 → 10 Hz.
        #expect(abs(BlinkSpeed.frequency(speed: 0.25) - 0.5 * 40.0.squareRoot().squareRoot()) < 1e-12)
        #expect(abs(BlinkSpeed.frequency(speed: 0.18790182470910757) - 1) < 1e-12)
        #expect(abs(BlinkSpeed.frequency(speed: 0.8120981752908924) - 10) < 1e-11)
    }

    @Test func fasterTowardsOne() throws {
        var last = 0.0
        for i in 1..<100 {
            let f = try #require(hertz(BlinkSpeed.pattern(speed: Double(i) / 100)))
            #expect(f > last)
            last = f
        }
    }

    @Test func halfDuty() throws {
        for i in 1..<20 {
            guard case let .blink(on, off)? = BlinkSpeed.pattern(speed: Double(i) / 20) else {
                Issue.record("speed \(i)/20 is not a blink")
                continue
            }
            #expect(abs(on.nanoseconds - off.nanoseconds) <= 1)
        }
    }

    @Test func blinkByRate() throws {
        #expect(try Pattern.blink(frequency: 10) == .blink(on: .milliseconds(50), off: .milliseconds(50)))
        #expect(try Pattern.blink(frequency: 2, duty: 0.25) == .blink(on: .milliseconds(125), off: .milliseconds(375)))
        #expect(try Pattern.blink(frequency: 3) == .blink(on: .nanoseconds(166_666_667), off: .nanoseconds(166_666_666)))
        #expect(try Pattern.blink(frequency: 10_000) == .blink(on: .microseconds(50), off: .microseconds(50)))
        #expect(try Pattern.blink(frequency: 0.001) == .blink(on: .seconds(500), off: .seconds(500)))
    }

    @Test func blinkByRateErrors() throws {
        let zero = try requireThrows(ValueError.self) { try Pattern.blink(frequency: 0) }
        #expect(zero.description == "'0Hz' is not valid: expected a blink frequency from 0.001Hz to 10kHz")
        #expect(throws: ValueError.self) { try Pattern.blink(frequency: 20_000) }
        #expect(throws: ValueError.self) { try Pattern.blink(frequency: .infinity) }
        let duty = try requireThrows(ValueError.self) { try Pattern.blink(frequency: 1, duty: 1.5) }
        #expect(duty.description == "'150%' is not valid: expected a duty cycle from 0% to 100%")
        // Duty 0 would be dark while status said lit (issue 15, finding 10).
        let dark = try requireThrows(ValueError.self) { try Pattern.blink(frequency: 1, duty: 0) }
        #expect(dark.description == "'0%' is not valid: expected a duty cycle that leaves the light on and off for at least 50us each")
    }

    /// Issue 15, finding 5: 1e9 / 1e-10 Hz does not fit Int64 nanoseconds; this trapped.
    @Test(arguments: [1e-10, 1e-300, 0.000999, 5e-324, -1, .nan, 10_000.5, 1e300])
    func rateOutsideTheRangeIsAnErrorNotATrap(hz: Double) throws {
        let error = try requireThrows(ValueError.self) { try Pattern.blink(frequency: hz, text: "X") }
        #expect(error.description == "'X' is not valid: expected a blink frequency from 0.001Hz to 10kHz")
    }

    @Test func parseSpeed() throws {
        #expect(try BlinkSpeed.parse("0.5") == 0.5)
        #expect(try BlinkSpeed.parse("25%") == 0.25)
        #expect(try BlinkSpeed.parse("0") == 0)
        let error = try requireThrows(ValueError.self) { try BlinkSpeed.parse("1.5") }
        #expect(error.description == "'1.5' is not valid: expected a blink speed from 0 to 1 (0 is off, 1 is steady light)")
    }
}
