/// A pattern built in code (the command line's options) outside `PatternLimits`: which
/// parameter is at fault and what is allowed, so the caller can name its own option.
public struct PatternLimitError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The parameter as the command line names it: `on`, `off`, `unit`, `text`,
    /// `period`, `max`, `steps`.
    public var parameter: String
    public var error: ValueError

    public init(parameter: String, error: ValueError) {
        self.parameter = parameter
        self.error = error
    }

    /// "unit: '3074457346s' is not valid: expected a Morse unit from 1ms to 1min"
    public var description: String { "\(parameter): \(error)" }
}

extension Pattern {
    /// Throws unless the pattern keeps `PatternLimits`. `parseCanonical` and
    /// `CustomPatternSyntax.parse` check the same while reading; this is for patterns
    /// built from separate values.
    public func checkLimits() throws(PatternLimitError) {
        func fail(_ parameter: String, _ value: String, _ allowed: String) -> PatternLimitError {
            PatternLimitError(parameter: parameter, error: ValueError(value: value, allowed: allowed))
        }
        switch self {
        case .steady, .strobe:
            return
        case let .blink(on, off):
            if let a = PatternLimits.blinkProblem(on, on: true) { throw fail("on", PatternLimits.text(on), a) }
            if let a = PatternLimits.blinkProblem(off, on: false) { throw fail("off", PatternLimits.text(off), a) }
        case let .morse(text, unit):
            if let a = PatternLimits.morseUnitProblem(unit) { throw fail("unit", PatternLimits.text(unit), a) }
            do { try Morse.validate(text) } catch { throw PatternLimitError(parameter: "text", error: error) }
        case let .breathe(period, lo, hi):
            if let a = PatternLimits.breatheProblem(period) { throw fail("period", PatternLimits.text(period), a) }
            for (name, level) in [("min", lo), ("max", hi)] where !(0...1).contains(level) {
                throw fail(name, ExactText.level(level), LevelSyntax.allowedText(0...1))
            }
            if lo <= 0 && hi <= 0 { throw fail("max", ExactText.level(hi), PatternLimits.darkBreatheAllowed) }
        case let .effect(e):
            try e.checkLimits()
        case .readout:
            break
        case let .custom(c):
            guard PatternLimits.lights(c.timeline.steps) || c.timeline.isSteady && c.timeline.endLevel > 0 else {
                throw fail("steps", c.source, PatternLimits.neverLights)
            }
        }
        do { try PatternLimits.check(timeline()) } catch { throw PatternLimitError(parameter: "steps", error: error) }
    }
}
