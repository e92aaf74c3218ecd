import Testing
@testable import TorchCore
import TorchTestSupport

@Suite struct CustomPatternTests {
    @Test func pairsBecomeSteps() throws {
        let p = try CustomPatternSyntax.parse("100% 200ms 0 300ms")
        #expect(p.source == "100% 200ms 0 300ms")
        #expect(p.timeline.steps == [.hold(1, .milliseconds(200)), .hold(0, .milliseconds(300))])
        #expect(p.timeline.repeatCount == nil)
    }

    @Test func rampsRepeatAndCommas() throws {
        let p = try CustomPatternSyntax.parse("  ~100%, 1s,~0.25 1.5s , 0,0 x3 ")
        #expect(p.source == "~100%, 1s,~0.25 1.5s , 0,0 x3")
        #expect(p.timeline.steps == [
            .ramp(to: 1, .seconds(1)), .ramp(to: 0.25, .milliseconds(1500)), .hold(0, .zero),
        ])
        #expect(p.timeline.repeatCount == 3)
        #expect(p.timeline.endLevel == 0)
    }

    @Test func tabsAndUnits() throws {
        let p = try CustomPatternSyntax.parse("50%\t50us 0.5 2min 1 1h X1")
        #expect(p.timeline.steps.map(\.duration) == [.microseconds(50), .seconds(120), .seconds(3600)])
        #expect(p.timeline.repeatCount == 1)
    }

    @Test func thousandStepsAreAllowed() throws {
        let text = Array(repeating: "100% 1ms", count: 1000).joined(separator: " ")
        #expect(try CustomPatternSyntax.parse(text).timeline.steps.count == 1000)
    }

    /// Each bad pattern with its exact message and caret line.
    @Test(arguments: [
        ("100% 200ms 0 30q", "token 4 '30q': expected a duration with a unit (10us, 20ms, 1.5s, 30min, 2h)",
         "100% 200ms 0 30q\n             ^~~"),
        ("", "empty pattern: expected level-duration pairs such as '100% 200ms 0 300ms'",
         "\n^"),
        (" , ", "empty pattern: expected level-duration pairs such as '100% 200ms 0 300ms'",
         " , \n^~~"),
        ("100% 200ms 50%", "token 3 '50%': level without a duration (write pairs such as '100% 200ms 0 300ms')",
         "100% 200ms 50%\n           ^~~"),
        ("100% x3", "token 1 '100%': level without a duration (write pairs such as '100% 200ms 0 300ms')",
         "100% x3\n^~~~"),
        ("150% 1s", "token 1 '150%': expected a level as a percentage (0%…100%) or a fraction (0…1)",
         "150% 1s\n^~~~"),
        ("1s 100%", "token 1 '1s': expected a level, found a duration (pairs are 'level duration', e.g. '100% 200ms 0 300ms')",
         "1s 100%\n^~"),
        ("~ 1s", "token 1 '~': expected a level right after '~' (~0, ~100%)",
         "~ 1s\n^"),
        ("100% 20", "token 2 '20': expected a duration with a unit (10us, 20ms, 1.5s, 30min, 2h)",
         "100% 20\n     ^~"),
        ("100% 1s x0", "token 3 'x0': expected a repeat count from 1 to 10000 (x1, x3)",
         "100% 1s x0\n        ^~"),
        ("100% 1s xq", "token 3 'xq': expected a repeat count from 1 to 10000 (x1, x3)",
         "100% 1s xq\n        ^~"),
        ("100% 1s x3 0 1s", "token 3 'x3': the repeat count must come last",
         "100% 1s x3 0 1s\n        ^~"),
        ("100% 0 0 0s x2", "the pattern lasts 0s: at least one step needs a duration above 0",
         "100% 0 0 0s x2\n^~~~~~~~~~~~~~"),
        ("\t100% 1s\t3q 1s", "token 3 '3q': expected a level as a percentage (0%…100%) or a fraction (0…1)",
         "\t100% 1s\t3q 1s\n\t       \t^~"),
    ])
    func errorsPointAtTheToken(source: String, message: String, caret: String) throws {
        let error = try requireThrows(PatternSyntaxError.self) { try CustomPatternSyntax.parse(source) }
        #expect(error.description == message)
        #expect(error.caretLine(for: source) == caret)
    }

    @Test func tooManySteps() throws {
        let text = Array(repeating: "100% 1ms", count: 1001).joined(separator: " ")
        let error = try requireThrows(PatternSyntaxError.self) { try CustomPatternSyntax.parse(text) }
        #expect(error.description == "token 2001 '100%': too many steps (at most 1000)")
        #expect(error.tokenNumber == 2001)
        #expect(error.offset == 9 * 1000)
        #expect(error.length == 4)
    }

    @Test func errorCarriesTokenAndOffset() throws {
        let error = try requireThrows(PatternSyntaxError.self) { try CustomPatternSyntax.parse("0 1s,1 30q") }
        #expect(error == PatternSyntaxError(tokenNumber: 4, token: "30q", offset: 7, length: 3,
                                            message: "expected a duration with a unit (10us, 20ms, 1.5s, 30min, 2h)"))
    }

    @Test func formatReadsBackExactly() throws {
        let timeline = Timeline(steps: [
            .hold(1, .milliseconds(200)), .ramp(to: 0.123456789, .nanoseconds(171_428_571)),
            .hold(0.3, .seconds(90)), .ramp(to: 0, .zero), .hold(0.5, .seconds(7200)),
        ], repeatCount: 4)
        let text = CustomPatternSyntax.format(timeline)
        #expect(text == "100% 200ms ~0.123456789 171428.571us 30% 90s ~0% 0s 50% 2h x4")
        #expect(try CustomPatternSyntax.parse(text).timeline == timeline)
    }

    @Test func formatOfASteadyTimeline() throws {
        let text = CustomPatternSyntax.format(.steady(0.4))
        #expect(text == "40% 1s x1")
        let back = try CustomPatternSyntax.parse(text).timeline
        #expect(back.endLevel == 0.4)
        #expect(back.repeatCount == 1)
    }
}
