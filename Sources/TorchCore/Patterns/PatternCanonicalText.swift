/// One line of text for every pattern, for the state file and the status display, that
/// reads back as the same pattern (durations exact to the nanosecond, levels to the bit).
/// Reading it checks `PatternLimits`, so a pattern from the socket or the state file
/// can neither overflow the scheduler nor spin it:
///
///     steady
///     blink 500ms 500ms             on, off
///     strobe fast                   slow | medium | fast
///     sos                           Morse "SOS" at the default 150 ms unit
///     morse 100ms HELLO WORLD       unit, then the text to the end of the line
///     breathe 4s 0% 100%            period, lowest level, highest level
///     custom 100% 200ms ~0 1s x3    custom pattern syntax (see `CustomPatternSyntax`)
///     candle seed=42                an effect and its parameters (see `Effect`)
///     readout 0.1.0                 a number blinked out (see `Readout`)
extension Pattern {
    /// The canonical one-line form; `parseCanonical` reads it back as this pattern.
    public var canonicalText: String {
        switch self {
        case .steady:
            return "steady"
        case let .blink(on, off):
            return "blink \(ExactText.duration(on)) \(ExactText.duration(off))"
        case let .strobe(speed):
            return "strobe \(speed.rawValue)"
        case let .morse(text, unit):
            if self == .sos { return "sos" }
            return "morse \(ExactText.duration(unit)) \(text)"
        case let .breathe(period, lo, hi):
            return "breathe \(ExactText.duration(period)) \(ExactText.level(lo)) \(ExactText.level(hi))"
        case let .custom(c):
            return "custom " + Pattern.customText(c)
        case let .effect(e):
            return e.canonicalText
        case let .readout(r):
            return "readout \(r.text)"
        }
    }

    /// Reads the canonical form (see `canonicalText`). Errors point at the token, with
    /// offsets into `text` for `PatternSyntaxError.caretLine`.
    public static func parseCanonical(_ text: String) throws(PatternSyntaxError) -> Pattern {
        try PatternTokens.checkOneLine(text)
        let tokens = PatternTokens.split(text)
        guard let head = tokens.first else {
            throw PatternSyntaxError(tokenNumber: nil, token: nil, offset: 0, length: max(1, text.count),
                                     message: "empty pattern: expected \(kindList)")
        }
        let args = Array(tokens.dropFirst())
        func missing(_ usage: String) -> PatternSyntaxError {
            PatternSyntaxError(tokenNumber: nil, token: nil, offset: text.count, length: 1,
                               message: "'\(head.text)' needs more: write '\(usage)'")
        }
        func expect(_ count: Int, _ usage: String) throws(PatternSyntaxError) {
            if args.count > count { throw args[count].error("unexpected extra word (write '\(usage)')") }
            if args.count < count { throw missing(usage) }
        }
        switch head.text {
        case "steady":
            try expect(0, "steady")
            return .steady
        case "sos":
            try expect(0, "sos")
            return .sos
        case "blink":
            try expect(2, "blink ON OFF', e.g. 'blink 500ms 500ms")
            let on = try duration(args[0]), off = try duration(args[1])
            if let allowed = PatternLimits.blinkProblem(on, on: true) { throw args[0].error("expected \(allowed)") }
            if let allowed = PatternLimits.blinkProblem(off, on: false) { throw args[1].error("expected \(allowed)") }
            return .blink(on: on, off: off)
        case "strobe":
            try expect(1, "strobe slow|medium|fast")
            guard let speed = StrobeSpeed(rawValue: args[0].text) else {
                throw args[0].error("expected slow, medium or fast")
            }
            return .strobe(speed)
        case "breathe":
            try expect(3, "breathe PERIOD MIN MAX', e.g. 'breathe 4s 0% 100%")
            let period = try duration(args[0])
            if let allowed = PatternLimits.breatheProblem(period) { throw args[0].error("expected \(allowed)") }
            let lo = try level(args[1]), hi = try level(args[2])
            guard lo > 0 || hi > 0 else { throw args[2].error("expected \(PatternLimits.darkBreatheAllowed)") }
            return .breathe(period: period, minLevel: lo, maxLevel: hi)
        case "morse":
            // The text may be only commas (`morse 150ms ,,`), which are separators to the
            // tokenizer: the unit is all it takes as a token.
            guard args.count >= 1 else { throw missing("morse UNIT TEXT', e.g. 'morse 100ms HELLO") }
            let unit = try duration(args[0])
            if let allowed = PatternLimits.morseUnitProblem(unit) { throw args[0].error("expected \(allowed)") }
            // The text runs verbatim from one character after the unit to the end.
            let start = args[0].offset + args[0].length + 1
            let message = String(text.dropFirst(start))
            guard !message.isEmpty else { throw missing("morse UNIT TEXT', e.g. 'morse 100ms HELLO") }
            do {
                try Morse.validate(message)
            } catch {
                throw PatternSyntaxError(tokenNumber: args[0].number + 1, token: message, offset: start,
                                         length: message.count, message: "expected \(error.allowed)")
            }
            return .morse(text: message, unit: unit)
        case "custom":
            guard args.count >= 1 else { throw missing("custom LEVEL DURATION …', e.g. 'custom 100% 200ms 0 300ms") }
            let skip = head.offset + head.length + 1
            let body = String(text.dropFirst(skip))
            do {
                return .custom(try CustomPatternSyntax.parse(body))
            } catch {
                throw error.shifted(tokens: 1, characters: skip)
            }
        case "readout":
            try expect(1, "readout NUMBER', e.g. 'readout 42")
            do {
                return .readout(try Readout(args[0].text))
            } catch {
                throw args[0].error("expected \(error.allowed)")
            }
        case _ where Effect.kinds.contains(head.text):
            return .effect(try Effect.parse(head: head, args: args))
        default:
            throw head.error("unknown pattern kind: expected \(kindList)")
        }
    }

    static let kindList = "steady, blink, strobe, sos, morse, breathe, custom, readout or an effect ("
        + Effect.kinds.joined(separator: ", ") + ")"

    /// The custom pattern's own text when it is one line that reads back as the same
    /// pattern (so a round trip keeps what the user wrote), else the exact formatted form.
    static func customText(_ c: CustomPattern) -> String {
        if !c.source.contains("\n"), !c.source.contains("\r"),
           let back = try? CustomPatternSyntax.parse(c.source), back == c {
            return c.source
        }
        return CustomPatternSyntax.format(c.timeline)
    }

    private static func duration(_ token: PatternToken) throws(PatternSyntaxError) -> Duration {
        do {
            return try DurationSyntax.parse(token.text)
        } catch {
            throw token.error("expected \(DurationSyntax.allowed)")
        }
    }

    private static func level(_ token: PatternToken) throws(PatternSyntaxError) -> Double {
        do {
            return try LevelSyntax.parse(token.text)
        } catch {
            throw token.error("expected \(LevelSyntax.allowedText(0...1))")
        }
    }
}
