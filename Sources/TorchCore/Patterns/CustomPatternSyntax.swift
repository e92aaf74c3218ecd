/// Reads custom patterns: `level duration` pairs, `~` before a level to ramp to it over
/// the duration (the kernel LED pattern trigger's gradual transition), and an optional
/// final repeat count `xN` (N ≥ 1; without it the pattern repeats forever).
///
///     100% 200ms 0 300ms           blink: 200 ms on, 300 ms off, forever
///     ~100% 1s ~0 1s x3            fade up and down over 2 s, three times, then dark
///     100%,50ms, 0,50ms, 0,1s x5   pairs may be separated by commas too
///
/// Levels are `40%` or `0.4` (0…1 of the brightness), durations need a unit (`20ms`).
/// After the last repetition the last step's level stays.
///
/// Limits (`PatternLimits`): a step lasts 0 (an instant jump) or 50 µs…24 h, a ramp 0
/// or 10 ms…24 h; one repetition at most 168 h; `xN` from 1 to 10000; some step lights.
public enum CustomPatternSyntax {
    /// The most steps one pattern may have: enough for any hand-written pattern, small
    /// enough that a typo (a pasted file) cannot make a huge timeline.
    public static let maxSteps = 1000

    static let example = "100% 200ms 0 300ms"
    static let repeatAllowed = "expected \(PatternLimits.repeatAllowed)"

    /// Parses `text`; errors name the token at fault (see `PatternSyntaxError.caretLine`).
    public static func parse(_ text: String) throws(PatternSyntaxError) -> CustomPattern {
        try PatternTokens.checkOneLine(text)
        let tokens = PatternTokens.split(text)
        guard !tokens.isEmpty else {
            throw PatternSyntaxError(tokenNumber: nil, token: nil, offset: 0, length: max(1, text.count),
                                     message: "empty pattern: expected level-duration pairs such as '\(example)'")
        }
        var steps: [TimelineStep] = []
        var repeatCount: Int?
        var total = Duration.zero
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            if token.text.first == "x" || token.text.first == "X" {
                guard let n = Int(token.text.dropFirst()), (1...PatternLimits.maximumRepeatCount).contains(n) else {
                    throw token.error(repeatAllowed)
                }
                guard i == tokens.count - 1 else { throw token.error("the repeat count must come last") }
                repeatCount = n
                break
            }
            let ramp = token.text.first == "~"
            let level = try parseLevel(token, ramp: ramp)
            guard i + 1 < tokens.count, !isRepeat(tokens[i + 1]) else {
                throw token.error("level without a duration (write pairs such as '\(example)')")
            }
            let durationToken = tokens[i + 1]
            let duration: Duration
            do {
                duration = try DurationSyntax.parse(durationToken.text)
            } catch {
                throw durationToken.error("expected \(DurationSyntax.allowed)")
            }
            if let allowed = PatternLimits.stepProblem(duration, ramp: ramp) {
                throw durationToken.error("expected \(allowed)")
            }
            guard steps.count < maxSteps else { throw token.error("too many steps (at most \(maxSteps))") }
            // Each step is at most 24 h (checked above), so the sum cannot overflow.
            total += duration
            guard total <= PatternLimits.maximumCycle else {
                throw durationToken.error("the steps up to here last \(PatternLimits.text(total)): "
                    + "one repetition may last at most \(PatternLimits.text(PatternLimits.maximumCycle))")
            }
            steps.append(TimelineStep(level: level, duration: duration, ramp: ramp))
            i += 2
        }
        guard total > .zero else {
            let last = tokens[tokens.count - 1]
            throw PatternSyntaxError(tokenNumber: nil, token: nil, offset: tokens[0].offset,
                                     length: last.offset + last.length - tokens[0].offset,
                                     message: "the pattern lasts 0s: at least one step needs a duration above 0")
        }
        guard PatternLimits.lights(steps) else {
            let last = tokens[tokens.count - 1]
            throw PatternSyntaxError(tokenNumber: nil, token: nil, offset: tokens[0].offset,
                                     length: last.offset + last.length - tokens[0].offset,
                                     message: PatternLimits.neverLights)
        }
        return CustomPattern(source: text.trimmedASCII, timeline: Timeline(steps: steps, repeatCount: repeatCount))
    }

    /// The pattern text for a timeline, exact to the nanosecond: what `parse` reads back
    /// as the same steps. A timeline without steps becomes its level held for 1 s, once.
    public static func format(_ timeline: Timeline) -> String {
        guard !timeline.isSteady else { return "\(ExactText.level(timeline.endLevel)) 1s x1" }
        var words: [String] = []
        for step in timeline.steps {
            words.append((step.ramp ? "~" : "") + ExactText.level(step.level))
            words.append(ExactText.duration(step.duration))
        }
        if let n = timeline.repeatCount { words.append("x\(n)") }
        return words.joined(separator: " ")
    }

    private static func isRepeat(_ token: PatternToken) -> Bool {
        token.text.first == "x" || token.text.first == "X"
    }

    private static func parseLevel(_ token: PatternToken, ramp: Bool) throws(PatternSyntaxError) -> Double {
        let body = ramp ? String(token.text.dropFirst()) : token.text
        if let level = try? LevelSyntax.parse(body) { return level }
        if (try? DurationSyntax.parse(body)) != nil {
            throw token.error("expected a level, found a duration (pairs are 'level duration', e.g. '\(example)')")
        }
        if ramp && body.isEmpty {
            throw token.error("expected a level right after '~' (~0, ~100%)")
        }
        throw token.error("expected \(LevelSyntax.allowedText(0...1))")
    }
}
