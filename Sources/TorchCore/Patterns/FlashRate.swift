/// Whether a pattern flashes more than three times in any one second: WCAG 2.3.1's
/// general flash threshold, the photosensitivity line a remote front end may not cross
/// unless the owner allows it (`[light] remote-flashing`).
///
/// WCAG counts a flash as a pair of opposing changes in relative luminance of at least
/// 10 % of full while the darker state is below 0.8; three flashes (six changes) in a
/// second are allowed, a seventh change inside the same second is not. The judgement
/// reads the pattern's own timeline (custom steps, effect parameters), at full
/// brightness and through the CIE curve (levels are perceived lightness), so it does not
/// depend on a level the user may change while it plays. A ramp counts as one change
/// from its start to its end, as a jump does.
public enum FlashRate {
    /// The most changes allowed inside any one-second window: three flashes.
    public static let changesPerSecond = 6
    /// The smallest change of relative luminance that counts (10 % of full).
    public static let minimumChange = 0.1
    /// A change counts only while the darker side is below this relative luminance.
    public static let darkerBelow = 0.8

    /// True when `pattern` flashes more than three times in some one-second window. The
    /// heartbeat is judged at its fastest (it follows the load average at run time).
    public static func exceedsThreshold(_ pattern: Pattern) -> Bool {
        switch pattern {
        case .effect(.heartbeat):
            return exceedsThreshold(Heartbeat.timeline(loadAverage: Heartbeat.maximumLoad))
        default:
            return exceedsThreshold(pattern.timeline())
        }
    }

    /// True when `timeline` has more than `changesPerSecond` changes in a window shorter
    /// than a second. Reads at most the repetitions one window can see (plus one), so the
    /// work is bounded by the timeline's steps and a second's worth of the shortest step.
    public static func exceedsThreshold(_ timeline: Timeline) -> Bool {
        guard !timeline.isSteady else { return false }
        let period = timeline.period.nanoseconds
        guard period > 0 else { return false }
        let second: Int64 = 1_000_000_000
        // Enough repetitions that every one-second window lies within the unrolled span.
        let needed = Int(min(Int64(PatternLimits.maximumRepeatCount), second / period + 2))
        let repetitions = min(timeline.repeatCount ?? needed, needed)
        var detector = ChangeDetector()
        // The light before the first repetition: the last step's level (as when looping).
        detector.start(at: 0, luminance: luminance(timeline.steps.last?.level ?? 0))
        var t: Int64 = 0
        for _ in 0..<repetitions {
            for step in timeline.steps {
                if !step.ramp { if detector.move(to: luminance(step.level), at: t) { return true } }
                t = t.saturatingAdding(step.duration.nanoseconds)
                if step.ramp { if detector.move(to: luminance(step.level), at: t) { return true } }
            }
        }
        if timeline.repeatCount != nil, detector.move(to: luminance(timeline.endLevel), at: t) { return true }
        return detector.finish()
    }

    /// Relative luminance of a lightness level at full brightness (CIE 1931).
    static func luminance(_ level: Double) -> Double {
        BrightnessCurve.cie.duty(forLightness: level)
    }

    /// Follows the luminance through its turning points: a change is a swing of at least
    /// `minimumChange` between a low and a high (with the low below `darkerBelow`), timed
    /// at the instant the swing ended. Keeps the last few change instants only.
    struct ChangeDetector {
        /// The extreme of the swing in progress and when it was reached.
        var extreme = 0.0
        var extremeAt: Int64 = 0
        /// The last confirmed turning point's luminance (where the swing in progress began).
        var anchor = 0.0
        /// +1 rising, -1 falling, 0 not yet moved enough to tell.
        var direction = 0
        /// Instants of the most recent changes, oldest first (at most `changesPerSecond + 1`).
        var recent: [Int64] = []

        mutating func start(at t: Int64, luminance y: Double) {
            extreme = y
            extremeAt = t
            anchor = y
        }

        /// The light reaches `y` at `t`; true once more than six changes fall in a second.
        mutating func move(to y: Double, at t: Int64) -> Bool {
            switch direction {
            case 0:
                if abs(y - anchor) >= FlashRate.minimumChange {
                    direction = y > anchor ? 1 : -1
                    extreme = y
                    extremeAt = t
                }
                return false
            case 1:
                if y >= extreme { extreme = y; extremeAt = t; return false }
                guard extreme - y >= FlashRate.minimumChange else { return false }
                let crossed = record(from: anchor, to: extreme)
                anchor = extreme
                direction = -1
                extreme = y
                extremeAt = t
                return crossed
            default:
                if y <= extreme { extreme = y; extremeAt = t; return false }
                guard y - extreme >= FlashRate.minimumChange else { return false }
                let crossed = record(from: anchor, to: extreme)
                anchor = extreme
                direction = 1
                extreme = y
                extremeAt = t
                return crossed
            }
        }

        /// The swing in progress, if it is a change, ends the analysis.
        mutating func finish() -> Bool {
            guard direction != 0, abs(extreme - anchor) >= FlashRate.minimumChange else { return false }
            return record(from: anchor, to: extreme)
        }

        /// Records the swing `a` → `b` ending at `extremeAt`; true when it is the seventh
        /// change within less than a second.
        private mutating func record(from a: Double, to b: Double) -> Bool {
            guard min(a, b) < FlashRate.darkerBelow else { return false }
            recent.append(extremeAt)
            if recent.count > FlashRate.changesPerSecond + 1 { recent.removeFirst() }
            guard recent.count == FlashRate.changesPerSecond + 1, let first = recent.first, let last = recent.last else {
                return false
            }
            return last - first < 1_000_000_000
        }
    }
}
