import Testing
@testable import TorchCore
import TorchTestSupport

@Suite struct PatternCanonicalTextTests {
    static let examples: [(Pattern, String)] = [
        (.steady, "steady"),
        (.blink(on: .milliseconds(500), off: .milliseconds(500)), "blink 500ms 500ms"),
        (.blink(on: .nanoseconds(158_113_883), off: .nanoseconds(158_113_883)), "blink 158113.883us 158113.883us"),
        (.blink(on: .microseconds(50), off: .seconds(90)), "blink 50us 90s"),
        (.strobe(.slow), "strobe slow"),
        (.strobe(.medium), "strobe medium"),
        (.strobe(.fast), "strobe fast"),
        (.sos, "sos"),
        (.morse(text: "SOS", unit: .milliseconds(100)), "morse 100ms SOS"),
        (.morse(text: "sos", unit: .milliseconds(150)), "morse 150ms sos"),
        (.morse(text: "HELLO  WORLD, 73!", unit: .nanoseconds(171_428_571)), "morse 171428.571us HELLO  WORLD, 73!"),
        (.breathe(period: .seconds(4), minLevel: 0, maxLevel: 1), "breathe 4s 0% 100%"),
        (.breathe(period: .milliseconds(2500), minLevel: 0.05, maxLevel: 0.123456789), "breathe 2.5s 5% 0.123456789"),
        (.breathe(period: .seconds(3600), minLevel: 0.3, maxLevel: 0.7), "breathe 1h 30% 70%"),
    ]

    @Test func textOfEachKind() {
        for (pattern, text) in Self.examples {
            #expect(pattern.canonicalText == text)
        }
    }

    @Test func roundTripOfEachKind() throws {
        for (pattern, text) in Self.examples {
            #expect(try Pattern.parseCanonical(text) == pattern)
            #expect(try Pattern.parseCanonical(pattern.canonicalText) == pattern)
        }
    }

    @Test func customKeepsWhatTheUserWrote() throws {
        let p = Pattern.custom(try CustomPatternSyntax.parse("100% 200ms ~0 1s x3"))
        #expect(p.canonicalText == "custom 100% 200ms ~0 1s x3")
        #expect(try Pattern.parseCanonical(p.canonicalText) == p)
        let commas = Pattern.custom(try CustomPatternSyntax.parse("0.5,1s, 0,1s"))
        #expect(commas.canonicalText == "custom 0.5,1s, 0,1s")
        #expect(try Pattern.parseCanonical(commas.canonicalText) == commas)
    }

    @Test func customBuiltByHandIsFormatted() throws {
        let timeline = Timeline(steps: [.hold(1, .milliseconds(10)), .ramp(to: 0, .milliseconds(90))], repeatCount: 2)
        let p = Pattern.custom(CustomPattern(source: "line one\nline two", timeline: timeline))
        #expect(p.canonicalText == "custom 100% 10ms ~0% 90ms x2")
        guard case let .custom(back) = try Pattern.parseCanonical(p.canonicalText) else {
            Issue.record("not custom")
            return
        }
        #expect(back.timeline == timeline)
    }

    @Test func sosSpelledOutIsSOS() throws {
        #expect(try Pattern.parseCanonical("morse 150ms SOS") == .sos)
        #expect(try Pattern.parseCanonical("  sos  ") == .sos)
    }

    @Test(arguments: [
        ("", "empty pattern: expected steady, blink, strobe, sos, morse, breathe, custom, readout or an effect (candle, lightning, bike, beacon, party-strobe, tactical-strobe, heartbeat)", "\n^"),
        ("flash", "token 1 'flash': unknown pattern kind: expected steady, blink, strobe, sos, morse, breathe, custom, readout or an effect (candle, lightning, bike, beacon, party-strobe, tactical-strobe, heartbeat)",
         "flash\n^~~~~"),
        ("blink 500ms", "'blink' needs more: write 'blink ON OFF', e.g. 'blink 500ms 500ms'", "blink 500ms\n           ^"),
        ("blink 500ms 5", "token 3 '5': expected a duration with a unit (10us, 20ms, 1.5s, 30min, 2h)",
         "blink 500ms 5\n            ^"),
        ("steady now", "token 2 'now': unexpected extra word (write 'steady')", "steady now\n       ^~~"),
        ("strobe quick", "token 2 'quick': expected slow, medium or fast", "strobe quick\n       ^~~~~"),
        ("breathe 4s 0 200%", "token 4 '200%': expected a level as a percentage (0%…100%) or a fraction (0…1)",
         "breathe 4s 0 200%\n             ^~~~"),
        ("morse 0s HI", "token 2 '0s': expected a Morse unit from 1ms to 1min", "morse 0s HI\n      ^~"),
        ("morse 100ms HÉ", "token 3 'HÉ': expected letters A–Z, digits 0–9, spaces and . , ? ' ! / ( ) & : ; = + - _ \" $ @, and <LETTERS> for one sign (Morse has no code for 'É')",
         "morse 100ms HÉ\n            ^~"),
        ("custom 100% 1s 0 30q", "token 5 '30q': expected a duration with a unit (10us, 20ms, 1.5s, 30min, 2h)",
         "custom 100% 1s 0 30q\n                 ^~~"),
        ("custom", "'custom' needs more: write 'custom LEVEL DURATION …', e.g. 'custom 100% 200ms 0 300ms'",
         "custom\n      ^"),
    ])
    func errors(text: String, message: String, caret: String) throws {
        let error = try requireThrows(PatternSyntaxError.self) { try Pattern.parseCanonical(text) }
        #expect(error.description == message)
        #expect(error.caretLine(for: text) == caret)
    }

    @Test(arguments: [
        (Pattern.steady, "steady"),
        (.blink(on: .milliseconds(500), off: .milliseconds(500)), "blink 1Hz"),
        (.blink(on: .milliseconds(100), off: .milliseconds(400)), "blink 2Hz 20%"),
        (.blink(on: .zero, off: .zero), "blink"),
        (.strobe(.fast), "strobe fast"),
        (.sos, "SOS"),
        (.morse(text: "sos", unit: .milliseconds(60)), "SOS"),
        (.morse(text: "HI", unit: .milliseconds(60)), "morse \"HI\""),
        (.breathe(period: .seconds(4), minLevel: 0, maxLevel: 1), "breathe 4s"),
        (.breathe(period: .milliseconds(2500), minLevel: 0, maxLevel: 1), "breathe 2.5s"),
        (.custom(CustomPattern(source: "100% 1s", timeline: .steady(1))), "custom"),
    ])
    func displayNames(pattern: Pattern, name: String) {
        #expect(pattern.displayName == name)
    }
}
