import TorchCore

/// `torch pattern`: custom level/duration steps, with a caret under a bad token.
enum PatternSubcommand {
    static let spec = CommandSpec(
        name: "pattern", overview: "Play a custom pattern of level/duration steps.",
        arguments: [ArgumentSpec(name: "spec", help: "Steps 'LEVEL DURATION …', '~LEVEL' ramps to it, optional 'xN' repeats.", optional: false, variadic: true)],
        discussion: """
        EXAMPLES:
          torch pattern 100% 200ms 0 300ms          blink 200 ms on, 300 ms off, forever
          torch pattern ~100% 1s ~0 1s x3           fade up and down three times
        """) { p, light throws(UsageError) in
        .light(.exact(.custom(try steps(p))), light)
    }

    /// The steps as written, or a usage error with a caret under the bad token.
    private static func steps(_ p: ParsedArguments) throws(UsageError) -> CustomPattern {
        let spec = p.positionals.joined(separator: " ")
        do {
            return try CustomPatternSyntax.parse(spec)
        } catch {
            throw UsageError(message: "<spec>: \(error)\n" + error.caretLine(for: spec), command: p.command)
        }
    }
}
