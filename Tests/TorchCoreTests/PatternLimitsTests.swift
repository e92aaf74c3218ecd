import Testing
@testable import TorchCore
import TorchTestSupport

/// Issue 15, findings 1 and 2: every pattern, wherever it is read (command line, control
/// socket, config, state file), keeps its steps between the minimum step (no spinning
/// real-time thread) and the maximum (no overflowing sums), and its cycle bounded.
@Suite struct PatternLimitsTests {
    /// Finding 1: the crash-loop requests are refused, naming the value and what is allowed.
    @Test(arguments: [
        ("morse 3074457346s N", "token 2 '3074457346s': expected a Morse unit from 1ms to 1min"),
        ("morse 3600666666s !10t", "token 2 '3600666666s': expected a Morse unit from 1ms to 1min"),
        ("morse 500us HI", "token 2 '500us': expected a Morse unit from 1ms to 1min"),
        ("blink 9000000000s 1s", "token 2 '9000000000s': expected an on time from 50us to 24h"),
        ("blink 1s 25h", "token 3 '25h': expected an off time from 50us to 24h"),
        ("custom 100% 100000h 0 1s", "token 3 '100000h': expected a step of 0 or from 50us to 24h (a 10kHz square wave at most)"),
        ("breathe 100h 0% 100%", "token 2 '100h': expected a breathe period from 20ms to 48h"),
    ])
    func hugeValuesAreRefused(text: String, message: String) throws {
        let error = try requireThrows(PatternSyntaxError.self) { try Pattern.parseCanonical(text) }
        #expect(error.description == message)
    }

    /// Finding 2: steps too short for the real-time thread are refused.
    @Test(arguments: [
        ("custom 100% 1ns 0 1ns", "token 3 '1ns': expected a step of 0 or from 50us to 24h (a 10kHz square wave at most)"),
        ("custom 100% 49.999us 0 1ms", "token 3 '49.999us': expected a step of 0 or from 50us to 24h (a 10kHz square wave at most)"),
        ("custom 0 1s ~100% 9ms", "token 5 '9ms': expected a ramp of 0 or from 10ms to 24h (ramps are updated 100 times a second)"),
        ("blink 1us 1us", "token 2 '1us': expected an on time from 50us to 24h"),
        ("breathe 1ns 0% 100%", "token 2 '1ns': expected a breathe period from 20ms to 48h"),
        ("breathe 19ms 0% 100%", "token 2 '19ms': expected a breathe period from 20ms to 48h"),
    ])
    func tinyStepsAreRefused(text: String, message: String) throws {
        let error = try requireThrows(PatternSyntaxError.self) { try Pattern.parseCanonical(text) }
        #expect(error.description == message)
    }

    @Test func theLimitsThemselvesAreAccepted() throws {
        #expect(try Pattern.parseCanonical("blink 50us 50us") == .blink(on: .microseconds(50), off: .microseconds(50)))
        #expect(try Pattern.parseCanonical("blink 24h 24h") == .blink(on: .seconds(86_400), off: .seconds(86_400)))
        #expect(try Pattern.parseCanonical("morse 1ms HI") == .morse(text: "HI", unit: .milliseconds(1)))
        #expect(try Pattern.parseCanonical("morse 1min HI") == .morse(text: "HI", unit: .seconds(60)))
        #expect(try Pattern.parseCanonical("breathe 20ms 0% 100%") == .breathe(period: .milliseconds(20), minLevel: 0, maxLevel: 1))
        #expect(try Pattern.parseCanonical("breathe 48h 0% 100%") == .breathe(period: .seconds(172_800), minLevel: 0, maxLevel: 1))
        // A zero-length step is an instant jump: it sets where the following ramp starts.
        let saw = try CustomPatternSyntax.parse("100% 0 ~0 10ms")
        #expect(saw.timeline.steps == [.hold(1, .zero), .ramp(to: 0, .milliseconds(10))])
        _ = try CustomPatternSyntax.parse("100% 50us 0 24h x10000")
    }

    @Test func oneRepetitionLastsAtMostAWeek() throws {
        let eightDays = Array(repeating: "100% 24h", count: 8).joined(separator: " ")
        let error = try requireThrows(PatternSyntaxError.self) { try CustomPatternSyntax.parse(eightDays) }
        #expect(error.description == "token 16 '24h': the steps up to here last 192h: one repetition may last at most 168h")
        _ = try CustomPatternSyntax.parse(Array(repeating: "100% 24h", count: 7).joined(separator: " "))
    }

    @Test(arguments: ["x0", "x10001", "x99999999999999999999999"])
    func repeatCountsAreBounded(count: String) throws {
        let error = try requireThrows(PatternSyntaxError.self) { try CustomPatternSyntax.parse("100% 1s \(count)") }
        #expect(error.description == "token 3 '\(count)': expected a repeat count from 1 to 10000 (x1, x3)")
    }

    @Test func morseTextIsBounded() throws {
        let long = String(repeating: "E", count: 251)
        let error = try requireThrows(ValueError.self) { try Morse.validate(long) }
        #expect(error.allowed == "at most 250 characters to send in Morse")
        try Morse.validate(String(repeating: "0", count: 250))
        // The longest text at the longest unit still fits one repetition.
        let slowest = try Pattern.parseCanonical("morse 1min " + String(repeating: "$", count: 250))
        #expect(slowest.timeline().period <= PatternLimits.maximumCycle)
    }

    /// The config reads `[pattern.NAME] steps` through the same parser.
    @Test func configPatternsKeepTheLimits() throws {
        let error = try requireThrows(PatternLibraryError.self) {
            try PatternLibrary(custom: ["spin": "100% 1ns 0 1ns"])
        }
        #expect(error.description == "pattern 'spin': token 2 '1ns': expected a step of 0 or from 50us to 24h (a 10kHz square wave at most)")
    }

    @Test func presetParametersKeepTheLimits() throws {
        let unit = try requireThrows(PatternLibraryError.self) { try PatternLibrary(sosUnit: .seconds(3_074_457_346)) }
        #expect(unit.description == "sos-unit: '3074457346s' is not valid: expected a Morse unit from 1ms to 1min")
        let period = try requireThrows(PatternLibraryError.self) { try PatternLibrary(breathePeriod: .nanoseconds(1)) }
        #expect(period.description == "breathe-period: '1ns' is not valid: expected a breathe period from 20ms to 48h")
    }

    /// Patterns built in code (the command line's options) are checked the same way.
    @Test(arguments: [
        (Pattern.morse(text: "N", unit: .seconds(3_074_457_346)), "unit", "'3074457346s' is not valid: expected a Morse unit from 1ms to 1min"),
        (.blink(on: .nanoseconds(1), off: .nanoseconds(1)), "on", "'1ns' is not valid: expected an on time from 50us to 24h"),
        (.blink(on: .seconds(1), off: .zero), "off", "'0s' is not valid: expected an off time from 50us to 24h"),
        (.breathe(period: .nanoseconds(1), minLevel: 0, maxLevel: 1), "period", "'1ns' is not valid: expected a breathe period from 20ms to 48h"),
        (.breathe(period: .seconds(4), minLevel: 0, maxLevel: 0), "max", "'0%' is not valid: expected a level above 0% (with both levels at 0% the light stays dark)"),
    ])
    func builtPatternsAreChecked(pattern: Pattern, parameter: String, message: String) throws {
        let error = try requireThrows(PatternLimitError.self) { try pattern.checkLimits() }
        #expect(error.parameter == parameter)
        #expect(error.error.description == message)
    }

    @Test(arguments: [Pattern.steady, .sos, .strobe(.fast), .blink(on: .milliseconds(1), off: .seconds(1)),
                      .breathe(period: .seconds(4), minLevel: 0, maxLevel: 1)])
    func ordinaryPatternsPass(pattern: Pattern) throws {
        try pattern.checkLimits()
        try PatternLimits.check(pattern.timeline())
    }
}
