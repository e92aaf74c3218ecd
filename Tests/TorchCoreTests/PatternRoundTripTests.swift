import Testing
@testable import TorchCore
import TorchTestSupport

/// Issue 15, finding 10: every accepted pattern reads back from its canonical text (and
/// so from the state file) as exactly the same pattern; patterns that would keep the
/// light dark while status says lit are refused.
@Suite struct PatternRoundTripTests {
    func roundTrips(_ p: Pattern) throws {
        let text = p.canonicalText
        #expect(try Pattern.parseCanonical(text) == p, "\(text)")
        let record = PersistentState(brightness: .full, pattern: p, buttonMode: .smart, lit: true)
        let loaded = StateFileLoad.load(contents: StateFileFormat.encode(record), path: "state")
        #expect(loaded.warning == nil)
        #expect(loaded.state == record)
    }

    /// `torch morse ",,"` saved `morse 150ms ,,`, which read back as "needs more".
    @Test(arguments: [",,", ",", ", ,", "A,B", ",HI", "HI,", "HELLO  WORLD"])
    func morseWithCommasRoundTrips(text: String) throws {
        try Morse.validate(text)
        try roundTrips(.morse(text: text, unit: .milliseconds(150)))
    }

    /// Spaces at the ends cannot survive a one-line `key=value` file: refused up front.
    @Test(arguments: [" HI", "HI ", "  "])
    func morseWithSpacesAtTheEndsIsRefused(text: String) throws {
        #expect(throws: ValueError.self) { try Morse.validate(text) }
    }

    /// Levels no short decimal gives back were saved rounded (`0%`).
    @Test(arguments: [0.000012345678901234567, 5e-324, 1e-300, 0.1 + 0.2, 1 - 1e-16, 0.7, 2.2250738585072014e-308])
    func levelsRoundTripToTheBit(level: Double) throws {
        #expect(try LevelSyntax.parse(ExactText.level(level)) == level, "\(ExactText.level(level))")
        try roundTrips(.breathe(period: .seconds(4), minLevel: level, maxLevel: 1))
        // A custom pattern built in code (no one-line source) is written out step by step.
        let timeline = Timeline(steps: [.hold(level, .seconds(1)), .ramp(to: 1, .seconds(1))])
        let text = Pattern.custom(CustomPattern(source: "two\nlines", timeline: timeline)).canonicalText
        guard case let .custom(back) = try Pattern.parseCanonical(text) else {
            Issue.record("\(text) is not custom")
            return
        }
        #expect(back.timeline == timeline)
        try roundTrips(.custom(back))
    }

    /// `blink 0 0` and zero-length breathes went dark while status said lit.
    @Test(arguments: ["blink 0 0", "blink 0s 90s", "breathe 0s 0% 100%", "breathe 4s 0% 0%",
                      "custom 0 1s", "custom 0 1s ~0 1s x3", "custom 100% 0 0 1s"])
    func darkPatternsAreRefused(text: String) throws {
        #expect(throws: PatternSyntaxError.self) { try Pattern.parseCanonical(text) }
    }

    @Test func darkCustomPatternSaysWhy() throws {
        let error = try requireThrows(PatternSyntaxError.self) { try CustomPatternSyntax.parse("0 1s 0% 2s") }
        #expect(error.description == "the pattern never lights: at least one step needs a level above 0")
    }

    /// Patterns that light at some point stay accepted, including ones that end dark.
    @Test(arguments: ["custom ~0 1s ~100% 1s x3", "custom 100% 0 ~0 1s", "custom 0 1s 1% 50us", "breathe 4s 100% 0%"])
    func patternsThatLightAreAccepted(text: String) throws {
        try roundTrips(try Pattern.parseCanonical(text))
    }
}
