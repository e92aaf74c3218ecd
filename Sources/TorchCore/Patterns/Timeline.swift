/// One step of a timeline: where the light goes and how long it takes.
public struct TimelineStep: Equatable, Sendable {
    /// The level at the end of the step, 0…1 of the current brightness
    /// (0 = dark, 1 = the brightness the user chose).
    public var level: Double
    /// How long the step lasts.
    public var duration: Duration
    /// `false`: jump to `level` at the step's start and hold it.
    /// `true`: ramp linearly (in perceived lightness) from the previous step's level to
    /// `level` over `duration` — the kernel LED pattern trigger's gradual transition.
    public var ramp: Bool

    public init(level: Double, duration: Duration, ramp: Bool = false) {
        self.level = min(1, max(0, level))
        // A negative duration has no meaning; the cursor would treat it as 0 while
        // `Timeline.period` summed it, so clamp here once.
        self.duration = max(.zero, duration)
        self.ramp = ramp
    }

    public static func hold(_ level: Double, _ d: Duration) -> TimelineStep { .init(level: level, duration: d) }
    public static func ramp(to level: Double, _ d: Duration) -> TimelineStep { .init(level: level, duration: d, ramp: true) }
}

/// The one form every pattern compiles to and the scheduler plays: steps, repeated
/// `repeatCount` times (or forever), then `endLevel` held.
///
/// The step before the first is the last step (as when looping), so a ramp in the first
/// step starts from the last step's level on every repetition, including the first.
public struct Timeline: Equatable, Sendable {
    public var steps: [TimelineStep]
    /// How many times the steps play; `nil` = forever.
    public var repeatCount: Int?
    /// The level held after the last repetition, and the whole time if there are no steps.
    public var endLevel: Double
    /// When the timeline ends dark, from its start, wherever its steps are: a run's
    /// `--for` (`endingDark(at:)`). nil: it plays as its steps say. At that instant the
    /// level is dark, so a step that would begin there (a blink's next flash) never shows.
    public var darkFrom: Duration?

    public init(steps: [TimelineStep], repeatCount: Int? = nil, endLevel: Double? = nil) {
        let total = steps.reduce(Int64(0)) { $0.saturatingAdding(max(0, $1.duration.nanoseconds)) }
        if total <= 0 || (repeatCount ?? 1) <= 0 {
            // Nothing to play (or zero-length forever): hold the final level, no wake-ups.
            self.steps = []
            self.repeatCount = 1
            self.endLevel = endLevel ?? steps.last?.level ?? 0
        } else {
            self.steps = steps
            self.repeatCount = repeatCount
            self.endLevel = endLevel ?? steps.last?.level ?? 0
        }
    }

    /// A constant level with no steps: costs no wake-ups when played.
    public static func steady(_ level: Double) -> Timeline {
        Timeline(steps: [], repeatCount: 1, endLevel: level)
    }

    public static let dark = Timeline.steady(0)

    /// This timeline ending dark at `end` from its start (at once for an `end` ≤ 0); a
    /// steady one is left as it is (it has no step to cut: its end is the next program).
    public func endingDark(at end: Duration) -> Timeline {
        guard !isSteady else { return self }
        var t = self
        t.darkFrom = max(.zero, end)
        return t
    }

    /// True when the timeline never changes level (steady light or dark).
    public var isSteady: Bool { steps.isEmpty }

    /// The level the timeline shows at its first instant: the steady level, or the
    /// first step's (0 when that step ramps: it starts from the last step's level,
    /// which is not lit yet at a start).
    public var startLevel: Double {
        guard let first = steps.first else { return endLevel }
        return first.ramp ? 0 : first.level
    }

    /// The length of one repetition, saturating at Int64.max nanoseconds (292 years) for
    /// hand-built timelines; parsed patterns keep it within `PatternLimits.maximumCycle`.
    public var period: Duration {
        .nanoseconds(steps.reduce(Int64(0)) { $0.saturatingAdding(max(0, $1.duration.nanoseconds)) })
    }
}
