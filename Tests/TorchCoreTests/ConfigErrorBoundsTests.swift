import Testing
import TorchCore
import TorchTestSupport

/// Issue 15, finding 9: a hostile config file cannot flood the terminal or drive it.
/// At most 20 errors are shown (the first by line, then a count), each echoed value is
/// cut at 40 characters, and control characters are escaped.
@Suite struct ConfigErrorBoundsTests {
    private func errors(_ text: String) throws -> ConfigErrors {
        try requireThrows(ConfigErrors.self) { try TorchConfig.parse(text, file: "torch.conf", frontEnds: []) }
    }

    @Test func thousandsOfBadLinesShowTwentyAndACount() throws {
        let e = try errors(String(repeating: "garbage\n", count: 5000))
        #expect(e.errors.count == 20)
        #expect(e.omitted == 4980)
        #expect(e.lines.count == 21)
        #expect(e.lines.first == "torch.conf:1: expected 'key = value', '[section]' or a comment, got 'garbage'")
        #expect(e.lines[19].hasPrefix("torch.conf:20: "))
        #expect(e.lines.last == "… and 4980 more errors")
    }

    @Test func theFirstTwentyAreByLineEvenWhenFoundLate() throws {
        // The pattern header's error (line 1) is found only after every line was read.
        let text = "[pattern.flash]\n[light]\n" + String(repeating: "brightness = 400%\n", count: 60)
        let e = try errors(text)
        #expect(e.errors.first?.line == 1)
        #expect(e.errors.map(\.line) == e.errors.map(\.line).sorted())
        #expect(e.lines.last == "… and 41 more errors")
    }

    @Test func exactlyTwentyHaveNoCountLine() throws {
        let e = try errors(String(repeating: "garbage\n", count: 20))
        #expect(e.omitted == 0)
        #expect(e.lines.count == 20)
        #expect(!e.description.contains("more error"))
        #expect(try errors(String(repeating: "garbage\n", count: 21)).lines.last == "… and 1 more error")
    }

    @Test func aHugeValueIsEchoedAtMostFortyCharacters() throws {
        let e = try errors("[light]\nbrightness = " + String(repeating: "9", count: 100_000) + "\n")
        #expect(e.lines == [
            "torch.conf:2: brightness: '" + String(repeating: "9", count: 40)
                + "…' is not valid: expected a brightness from 1% to 100% (or 0.01 to 1.0); "
                + "write a percent (40%) or a fraction with a decimal point (0.4)",
        ])
    }

    @Test func hugeKeysSectionsAndLinesAreBounded() throws {
        let long = String(repeating: "k", count: 10_000)
        let e = try errors("[\(long)]\n[light]\n\(long) = 1\n\(long)\n[pattern.\(long)]\n")
        #expect(e.lines.count == 4)
        // The longest line lists [light]'s keys after the 40-character echo.
        for line in e.lines { #expect(line.count < 400, "\(line.prefix(120))") }
        #expect(e.lines[0].hasPrefix("torch.conf:1: unknown section [" + String(repeating: "k", count: 40) + "…]"))
    }

    @Test func controlCharactersAreEscaped() throws {
        let e = try errors("[light]\nbrightness = \u{1b}[31mred\u{07}\nmode\u{9b}x = 1\n")
        #expect(e.lines[0] == "torch.conf:2: brightness: '\\x1b[31mred\\x07' is not valid: expected a brightness from 1% to 100% (or 0.01 to 1.0)")
        #expect(e.lines[1].hasPrefix("torch.conf:3: unknown key 'mode\\u{9b}x' in [light]"))
        #expect(!e.description.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x1b })
    }
}
