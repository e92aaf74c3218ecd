import Testing
@testable import TorchCore
import TorchTestSupport

/// Inputs the fuzzer (Tests/fuzz) found, kept as regression tests: each broke a property
/// of accepted patterns (here: the exact round trip through canonical text).
@Suite struct PatternFuzzRegressionTests {
    /// A CR inside a token was trimmed by the unit parsers, so the pattern was accepted,
    /// but its text could not be kept on one line: it came back with another source.
    @Test(arguments: [
        ("custom 0.5,1s,\r0,1s", 14), ("1 \r15s", 2), ("100% 1s\n0 1s", 7), ("blink 1s\u{7F} 1s", 8),
    ])
    func controlCharactersAreRefused(text: String, offset: Int) throws {
        let error = try requireThrows(PatternSyntaxError.self) {
            if text.hasPrefix("custom") || text.hasPrefix("blink") {
                _ = try Pattern.parseCanonical(text)
            } else {
                _ = try CustomPatternSyntax.parse(text)
            }
        }
        #expect(error.offset == offset)
        #expect(error.message.hasPrefix("control character U+00"))
        #expect(error.message.hasSuffix("a pattern is one line of text"))
    }

    @Test func tabsStaySeparators() throws {
        let p = try Pattern.parseCanonical("custom\t100%\t1s\t0\t1s")
        #expect(try Pattern.parseCanonical(p.canonicalText) == p)
    }
}
