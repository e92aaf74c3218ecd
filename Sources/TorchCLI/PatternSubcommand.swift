import TorchCore

/// `torch pattern`: custom level/duration steps, or an effect by name with its
/// parameters, with a caret under a bad token.
public enum PatternSubcommand {
    public static let spec = CommandSpec(
        name: "pattern", overview: "Play custom level/duration steps, or an effect (candle, lightning, …).",
        arguments: [ArgumentSpec(name: "spec", help: "Steps 'LEVEL DURATION …', '~LEVEL' ramps to it, optional 'xN' repeats; or an effect 'NAME key=value …'.", optional: false, variadic: true)],
        discussion: "EFFECTS (parameters optional, defaults shown):\n" + effectLines + """
          readout NUMBER                     a number blinked out (see torch readout)

        EXAMPLES:
          torch pattern 100% 200ms 0 300ms          blink 200 ms on, 300 ms off, forever
          torch pattern '~100% 1s ~0 1s x3'         fade up and down three times (quoted: a
                                                    shell turns an unquoted ~0 into a directory)
          torch pattern candle seed=42              a candle; the same seed, the same flicker
        """) { p, light throws(UsageError) in
        .light(.exact(try pattern(p)), light)
    }

    /// One line per effect kind, from `EffectKind`: its name with its defaults, then its summary.
    static var effectLines: String {
        EffectKind.allCases.map { kind in
            let usage = ([kind.rawValue] + kind.defaultParameters).joined(separator: " ")
            return "  " + usage + String(repeating: " ", count: max(1, 35 - usage.count)) + kind.summary + "\n"
        }.joined()
    }

    /// An effect when the first word names one, else custom steps; a usage error with a
    /// caret under the bad token.
    private static func pattern(_ p: ParsedArguments) throws(UsageError) -> Pattern {
        let spec = p.positionals.joined(separator: " ")
        let first = p.positionals.first ?? ""
        if Effect.kinds.contains(first) || first == "readout" {
            do {
                return try Pattern.parseCanonical(spec)
            } catch {
                throw UsageError(message: "<spec>: \(error)\n" + error.caretLine(for: spec), command: p.command)
            }
        }
        if let c = first.first, c.isLetter {
            let near = ConfigSuggestion.closest(to: first, in: Effect.kinds + ["readout"]).map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError(message: "<spec>: '\(EchoedText.bounded(first))' is not an effect\(near): expected \(Effect.kinds.joined(separator: ", ")), readout, or steps 'LEVEL DURATION …'", command: p.command)
        }
        // An unquoted `~0` (or `~`) reaches us as the directory the shell expanded it to.
        if let path = p.positionals.first(where: { $0.hasPrefix("/") }) {
            throw UsageError(message: "<spec>: '\(EchoedText.bounded(path))' is a path, not a level: the shell expands an "
                + "unquoted '~0' or '~' into a directory; quote the steps, e.g. torch pattern '~100% 1s ~0 1s'", command: p.command)
        }
        do {
            return .custom(try CustomPatternSyntax.parse(spec))
        } catch {
            throw UsageError(message: "<spec>: \(error)\n" + error.caretLine(for: spec), command: p.command)
        }
    }
}
