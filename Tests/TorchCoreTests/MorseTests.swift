import Testing
@testable import TorchCore
import TorchTestSupport

/// Durations of a Morse timeline in units, with on/off: `[(true, 1), (false, 1), …]`.
private func unitsOf(_ text: String, unit: Duration) -> [(on: Bool, units: Int64)] {
    Morse.steps(for: text, unit: unit).map { step in
        (step.level == 1, step.duration.nanoseconds / unit.nanoseconds)
    }
}

private func flatten(_ steps: [(on: Bool, units: Int64)]) -> String {
    steps.map { ($0.on ? "+" : "-") + String($0.units) }.joined(separator: " ")
}

@Suite struct MorseTests {
    @Test func sosUsesITURatios() {
        // S = ...  O = ---: dots 1, dashes 3, inside a letter 1, between letters 3, end 7.
        let got = flatten(unitsOf("SOS", unit: Morse.defaultSOSUnit))
        #expect(got == "+1 -1 +1 -1 +1 -3 +3 -1 +3 -1 +3 -3 +1 -1 +1 -1 +1 -7")
        // Every step is a whole number of 150 ms units.
        for step in Morse.steps(for: "SOS", unit: .milliseconds(150)) {
            #expect(step.duration.nanoseconds % 150_000_000 == 0)
        }
    }

    @Test func twoWordsHaveASevenUnitGap() {
        // E = .   T = -   "ET TE": letter gap 3, word gap 7, closing gap 7.
        let got = flatten(unitsOf("ET TE", unit: .milliseconds(100)))
        #expect(got == "+1 -3 +3 -7 +3 -3 +1 -7")
        let durations = Morse.steps(for: "ET TE", unit: .milliseconds(100)).map(\.duration)
        #expect(durations == [100, 300, 300, 700, 300, 300, 100, 700].map { Duration.milliseconds($0) })
    }

    @Test func repeatedSpacesAreOneWordGap() {
        #expect(flatten(unitsOf("E   E", unit: .milliseconds(10))) == "+1 -7 +1 -7")
    }

    @Test func parisIsFiftyUnits() {
        let unit = Morse.unit(wordsPerMinute: 20)
        #expect(unit == .milliseconds(60))
        let total = Morse.steps(for: "PARIS", unit: unit).reduce(Duration.zero) { $0 + $1.duration }
        #expect(total == unit * 50)
        #expect(total == .seconds(3))  // 20 WPM: 20 × PARIS per minute
    }

    @Test func unitFromWordsPerMinute() {
        #expect(Morse.unit(wordsPerMinute: 12) == .milliseconds(100))
        #expect(Morse.unit(wordsPerMinute: 7).nanoseconds == 171_428_571)
        // Out-of-range speeds saturate instead of trapping.
        #expect(Morse.unit(wordsPerMinute: 0).nanoseconds == Int64.max)
        #expect(Morse.unit(wordsPerMinute: 1e12).nanoseconds == 1)
    }

    @Test func codesAndCase() {
        #expect(Morse.code(for: "a") == ".-")
        #expect(Morse.code(for: "A") == ".-")
        #expect(Morse.code(for: "0") == "-----")
        #expect(Morse.code(for: "@") == ".--.-.")
        #expect(Morse.code(for: "é") == nil)
        // Upper-cases to two characters: no code, and no trap.
        #expect(Morse.code(for: "ß") == nil)
        #expect(Morse.steps(for: "ß", unit: .milliseconds(10)).isEmpty)
    }

    @Test func unsupportedCharactersAreNamed() throws {
        #expect(Morse.unsupportedCharacters(in: "HÉLLO #1") == ["É", "#"])
        #expect(Morse.unsupportedCharacters(in: "SOS 123").isEmpty)
        let error = try requireThrows(ValueError.self) { try Morse.validate("HÉLLO É#") }
        #expect(error.description == """
            'HÉLLO É#' is not valid: expected letters A–Z, digits 0–9, spaces and . , ? ' ! / ( ) & : ; = + - _ " $ @, and <LETTERS> for one sign (Morse has no code for 'É', '#')
            """)
        let empty = try requireThrows(ValueError.self) { try Morse.validate("  ") }
        #expect(empty.allowed.hasPrefix("a text to send in Morse"))
        try Morse.validate("SOS")
    }

    @Test func wordsPerMinuteParsing() throws {
        #expect(try Morse.parseWordsPerMinute("20") == 20)
        #expect(try Morse.parseWordsPerMinute("12.5") == 12.5)
        for bad in ["0", "-5", "201", "fast", ""] {
            let error = try requireThrows(ValueError.self) { try Morse.parseWordsPerMinute(bad) }
            #expect(error.description == "'\(bad)' is not valid: expected a Morse speed from 1 to 200 words per minute")
        }
    }

    /// The distress signal as ITU-R M.1677-1 writes it: one sign, its nine elements 1
    /// unit apart, no letter gaps: 15 units lit, 8 gaps, then 7: 30 units.
    @Test func theDistressSignIsOneSign() {
        #expect(flatten(unitsOf(SOSStyle.sign.text, unit: .milliseconds(150))) == "+1 -1 +1 -1 +1 -1 +3 -1 +3 -1 +3 -1 +1 -1 +1 -1 +1 -7")
        #expect(Pattern.morse(text: SOSStyle.sign.text, unit: .milliseconds(150)).timeline().period == .milliseconds(150) * 30)
        let library = try? PatternLibrary(sosStyle: .sign)
        #expect((try? library?.lookup("sos")) == .morse(text: "<SOS>", unit: .milliseconds(150)))
        #expect(Pattern.morse(text: "<SOS>", unit: .milliseconds(150)).displayName == "SOS (one sign)")
    }

    /// Prosigns: letters in angle brackets are one sign; a bracket without its partner,
    /// an empty pair, a nested one or a space inside is refused, naming the rule.
    @Test func prosignsAreOneSign() throws {
        #expect(flatten(unitsOf("<AR> K", unit: .milliseconds(10))) == "+1 -1 +3 -1 +1 -1 +3 -1 +1 -7 +3 -1 +1 -1 +3 -7")
        try Morse.validate("<SOS>")
        try Morse.validate("HI <AR>")
        for bad in ["<SOS", "SOS>", "<>", "<<S>>", "<S OS>", "A<B"] {
            let error = try requireThrows(ValueError.self) { try Morse.validate(bad) }
            #expect(error.allowed.hasPrefix("a prosign as <LETTERS>"), "\(bad): \(error)")
        }
        #expect(Morse.unsupportedCharacters(in: "<SOS>").isEmpty)
    }

    @Test func sosPatternIsMorseAt150ms() {
        #expect(Pattern.sos == .morse(text: "SOS", unit: .milliseconds(150)))
        let timeline = Pattern.sos.timeline()
        #expect(timeline.repeatCount == nil)
        // S(5) + 3 + O(11) + 3 + S(5) + 7 = 34 units.
        #expect(timeline.period == .milliseconds(150) * 34)
    }
}
