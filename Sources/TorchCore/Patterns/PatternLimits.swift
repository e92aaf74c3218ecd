/// The bounds every pattern keeps, wherever it is read (command line, control socket,
/// config, state file).
///
/// The lower bounds keep the real-time thread from spinning: a step shorter than 50 µs
/// would change the light faster than the 10 kHz square wave `--rate` allows, and a
/// ramp shorter than one 100 Hz update is not a ramp. The upper bounds keep every sum
/// far below Int64 nanoseconds (292 years), so timelines and deadlines never overflow:
/// one repetition is at most 7 days, and a finite pattern at most 10,000 repetitions of
/// it (about 192 years).
public enum PatternLimits {
    /// The shortest held step above 0: half a period of a 10 kHz square wave. A step of
    /// exactly 0 is allowed: an instant jump (it sets where a following ramp starts).
    public static let minimumHold: Duration = .microseconds(50)
    /// The shortest ramp above 0: one level update at 100 Hz.
    public static let minimumRamp: Duration = .milliseconds(10)
    /// The longest step.
    public static let maximumStep: Duration = .seconds(24 * 3600)
    /// The longest repetition (the sum of a pattern's steps).
    public static let maximumCycle: Duration = .seconds(7 * 24 * 3600)
    /// The most repetitions a custom pattern may ask for (`xN`); without one it repeats forever.
    public static let maximumRepeatCount = 10_000
    /// The most steps of any timeline (custom patterns: `CustomPatternSyntax.maxSteps`;
    /// Morse: at most 250 characters of at most 14 steps each).
    public static let maximumSteps = 4000
    /// Morse dot lengths: 1 ms (1200 words per minute) to 1 min.
    public static let morseUnits: ClosedRange<Duration> = .milliseconds(1) ... .seconds(60)
    /// The longest Morse text, in characters.
    public static let maximumMorseLength = 250

    // What is allowed, as the errors say it.
    static let stepAllowed = "a step of 0 or from \(text(minimumHold)) to \(text(maximumStep)) (a 10kHz square wave at most)"
    static let rampAllowed = "a ramp of 0 or from \(text(minimumRamp)) to \(text(maximumStep)) (ramps are updated 100 times a second)"
    static let onAllowed = "an on time from \(text(minimumHold)) to \(text(maximumStep))"
    static let offAllowed = "an off time from \(text(minimumHold)) to \(text(maximumStep))"
    static let breatheAllowed = "a breathe period from \(text(minimumRamp * 2)) to \(text(maximumStep * 2))"
    static let morseUnitAllowed = "a Morse unit from \(text(morseUnits.lowerBound)) to \(text(morseUnits.upperBound))"
    static let repeatAllowed = "a repeat count from 1 to \(maximumRepeatCount) (x1, x3)"
    static let darkBreatheAllowed = "a level above 0% (with both levels at 0% the light stays dark)"
    static let neverLights = "the pattern never lights: at least one step needs a level above 0"

    /// Nil when `d` is a valid step (a ramp when `ramp`), else what is allowed.
    static func stepProblem(_ d: Duration, ramp: Bool) -> String? {
        if d == .zero { return nil }
        let low = ramp ? minimumRamp : minimumHold
        guard d >= low, d <= maximumStep else { return ramp ? rampAllowed : stepAllowed }
        return nil
    }

    /// Nil when `d` is a valid blink on (or off) time.
    static func blinkProblem(_ d: Duration, on: Bool) -> String? {
        d >= minimumHold && d <= maximumStep ? nil : (on ? onAllowed : offAllowed)
    }

    /// Nil when `d` is a valid breathe period: two ramps, each within the ramp limits.
    static func breatheProblem(_ d: Duration) -> String? {
        d >= minimumRamp * 2 && d <= maximumStep * 2 ? nil : breatheAllowed
    }

    /// Nil when `d` is a valid Morse unit.
    static func morseUnitProblem(_ d: Duration) -> String? {
        morseUnits.contains(d) ? nil : morseUnitAllowed
    }

    /// True when a timeline lights at some point: a step that lasts and is above 0, or a
    /// ramp that lasts and starts above 0.
    static func lights(_ steps: [TimelineStep]) -> Bool {
        for (i, s) in steps.enumerated() where s.duration > .zero {
            let previous = steps[i == 0 ? steps.count - 1 : i - 1].level
            if s.level > 0 || (s.ramp && previous > 0) { return true }
        }
        return false
    }

    /// Checks a compiled timeline against every limit (the parsers check the same, token
    /// by token, with better errors; this is for patterns built in code and for tests).
    public static func check(_ timeline: Timeline) throws(ValueError) {
        if timeline.isSteady { return }
        guard timeline.steps.count <= maximumSteps else {
            throw ValueError(value: "\(timeline.steps.count) steps", allowed: "at most \(maximumSteps) steps")
        }
        var total = Duration.zero
        for step in timeline.steps {
            if let allowed = stepProblem(step.duration, ramp: step.ramp) {
                throw ValueError(value: text(step.duration), allowed: allowed)
            }
            total += step.duration
        }
        guard total <= maximumCycle else {
            throw ValueError(value: text(total), allowed: "one repetition of at most \(text(maximumCycle))")
        }
        if let n = timeline.repeatCount, !(1...maximumRepeatCount).contains(n) {
            throw ValueError(value: "x\(n)", allowed: repeatAllowed)
        }
    }

    /// `50us`, `24h`, `1min`: durations in the errors.
    static func text(_ d: Duration) -> String { DurationSyntax.format(d) }
}
