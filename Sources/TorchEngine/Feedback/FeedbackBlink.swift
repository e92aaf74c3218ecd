import TorchCore

/// "The light itself acknowledges": a pattern change starts with two short dark dips
/// (60 ms dark, 30 ms at the pattern's first level, 60 ms dark; 150 ms in all), then plays
/// the pattern. When the pattern starts dark (the light was switched off) the dips are
/// flashes at full level instead, so the acknowledgement is still seen.
public enum FeedbackBlink {
    /// One dip (or flash).
    public static let dipLength: Duration = .milliseconds(60)
    /// The gap between the two dips, at the pattern's first level.
    public static let gapLength: Duration = .milliseconds(30)
    /// The whole acknowledgement: dip, gap, dip.
    public static let length: Duration = dipLength + gapLength + dipLength

    /// Unrolling a finitely repeated pattern behind the acknowledgement stops here: a
    /// timeline is copied into the real-time cursor, and a huge one is not worth it.
    public static let maxUnrolledSteps = 4096

    /// The acknowledgement then `base`, as one timeline; nil when `base` cannot follow a
    /// one-time prefix in a single timeline (it repeats forever, or unrolled would exceed
    /// `maxUnrolledSteps`). Then play `acknowledgement(before:)` now and `base` from
    /// `now + length`.
    public static func timeline(of base: Timeline) -> Timeline? {
        let ack = acknowledgementSteps(before: base)
        if base.isSteady {
            return Timeline(steps: ack, repeatCount: 1, endLevel: base.endLevel)
        }
        guard let repeats = base.repeatCount, repeats * base.steps.count <= maxUnrolledSteps else { return nil }
        var steps = ack
        steps.reserveCapacity(ack.count + 1 + repeats * base.steps.count)
        // A ramp in the first step starts from the step before; in a loop that is the last
        // step, so keep it so with a zero-length hold at that level.
        if let first = base.steps.first, first.ramp, let last = base.steps.last {
            steps.append(.hold(last.level, .zero))
        }
        for _ in 0..<repeats { steps += base.steps }
        return Timeline(steps: steps, repeatCount: 1, endLevel: base.endLevel)
    }

    /// The acknowledgement alone (150 ms, played once), ending at `base`'s first level.
    public static func acknowledgement(before base: Timeline) -> Timeline {
        Timeline(steps: acknowledgementSteps(before: base), repeatCount: 1, endLevel: startLevel(of: base))
    }

    /// The level `base` shows at its start: the first step's, or for a ramp the level it
    /// ramps from (the last step's); a steady timeline's level.
    public static func startLevel(of base: Timeline) -> Double {
        guard let first = base.steps.first else { return base.endLevel }
        return first.ramp ? (base.steps.last?.level ?? first.level) : first.level
    }

    private static func acknowledgementSteps(before base: Timeline) -> [TimelineStep] {
        let level = startLevel(of: base)
        let dip = level > 0 ? 0.0 : 1.0
        return [.hold(dip, dipLength), .hold(level, gapLength), .hold(dip, dipLength)]
    }
}
