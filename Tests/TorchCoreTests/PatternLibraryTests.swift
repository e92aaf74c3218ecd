import Testing
@testable import TorchCore
import TorchTestSupport

@Suite struct PatternLibraryTests {
    @Test func builtInsWithDefaults() throws {
        let lib = try PatternLibrary()
        #expect(lib.names == ["steady", "blink", "strobe-slow", "strobe-medium", "strobe-fast", "sos", "breathe",
                             "candle", "lightning", "bike", "beacon", "party-strobe", "tactical-strobe", "heartbeat"])
        #expect(try lib.lookup("steady") == .steady)
        #expect(try lib.lookup("blink") == BlinkSpeed.pattern(speed: 0.5))
        #expect(try lib.lookup("strobe-slow") == .strobe(.slow))
        #expect(try lib.lookup("strobe-medium") == .strobe(.medium))
        #expect(try lib.lookup("strobe-fast") == .strobe(.fast))
        #expect(try lib.lookup("sos") == .sos)
        #expect(try lib.lookup("breathe") == .breathe(period: .seconds(4), minLevel: 0, maxLevel: 1))
        #expect(PatternLibrary.standard.names == lib.names)
        #expect(try PatternLibrary.standard.lookup("sos") == .sos)
    }

    @Test func parametersAreUsed() throws {
        let lib = try PatternLibrary(blinkSpeed: 1, breathePeriod: .seconds(6), breatheMin: 0.1,
                                     sosUnit: .milliseconds(100))
        #expect(try lib.lookup("blink") == .steady)
        #expect(try lib.lookup("breathe") == .breathe(period: .seconds(6), minLevel: 0.1, maxLevel: 1))
        #expect(try lib.lookup("sos") == .morse(text: "SOS", unit: .milliseconds(100)))
    }

    @Test func customPatternsAreAddedSorted() throws {
        let lib = try PatternLibrary(custom: ["wave": "~100% 1s ~0 1s", "signal": "100% 50ms 0 2s"])
        #expect(lib.names.suffix(2) == ["signal", "wave"])
        guard case let .custom(wave) = try lib.lookup("wave") else {
            Issue.record("wave is not custom")
            return
        }
        #expect(wave.source == "~100% 1s ~0 1s")
        #expect(wave.timeline.steps == [.ramp(to: 1, .seconds(1)), .ramp(to: 0, .seconds(1))])
    }

    @Test func unknownNameSuggests() throws {
        let lib = try PatternLibrary()
        let typo = try requireThrows(PatternLibraryError.self) { try lib.lookup("strobe-fats") }
        #expect(typo.description == "unknown pattern 'strobe-fats'; did you mean 'strobe-fast'?")
        let prefix = try requireThrows(PatternLibraryError.self) { try lib.lookup("brea") }
        #expect(prefix.description == "unknown pattern 'brea'; did you mean 'breathe'?")
        let far = try requireThrows(PatternLibraryError.self) { try lib.lookup("disco") }
        #expect(far.description == "unknown pattern 'disco' (patterns: steady, blink, strobe-slow, strobe-medium, strobe-fast, sos, breathe, candle, lightning, bike, beacon, party-strobe, tactical-strobe, heartbeat)")
    }

    @Test func badCustomPatternNamesThePattern() throws {
        let error = try requireThrows(PatternLibraryError.self) {
            try PatternLibrary(custom: ["wave": "~100% 1s ~0 1q"])
        }
        #expect(error.description == "pattern 'wave': token 4 '1q': expected a duration with a unit (10us, 20ms, 1.5s, 30min, 2h)")
        guard case let .badCustomPattern(_, syntax) = error else {
            Issue.record("wrong error \(error)")
            return
        }
        #expect(syntax.caretLine(for: "~100% 1s ~0 1q") == "~100% 1s ~0 1q\n            ^~")
    }

    @Test func namesMustBeNewAndOneWord() throws {
        let taken = try requireThrows(PatternLibraryError.self) { try PatternLibrary(custom: ["sos": "100% 1s"]) }
        #expect(taken.description == "pattern 'sos': the name is taken by a built-in pattern; choose another")
        let spaced = try requireThrows(PatternLibraryError.self) { try PatternLibrary(custom: ["my wave": "100% 1s"]) }
        #expect(spaced.description == "pattern name 'my wave': expected one word without spaces or commas")
        #expect(throws: PatternLibraryError.badName("")) { try PatternLibrary(custom: ["": "100% 1s"]) }
    }

    @Test func badParameters() throws {
        let speed = try requireThrows(PatternLibraryError.self) { try PatternLibrary(blinkSpeed: 0) }
        #expect(speed.description == "blink-speed: '0' is not valid: expected a blink speed above 0 and at most 1 (0 would be off)")
        let period = try requireThrows(PatternLibraryError.self) { try PatternLibrary(breathePeriod: .zero) }
        #expect(period.description == "breathe-period: '0s' is not valid: expected a breathe period from 20ms to 48h")
        let level = try requireThrows(PatternLibraryError.self) { try PatternLibrary(breatheMax: 1.5) }
        #expect(level.description == "breathe-max: '1.5' is not valid: expected a level as a percentage (0%…100%) or a fraction (0…1)")
        let unit = try requireThrows(PatternLibraryError.self) { try PatternLibrary(sosUnit: .zero) }
        #expect(unit.description == "sos-unit: '0s' is not valid: expected a Morse unit from 1ms to 1min")
    }
}
