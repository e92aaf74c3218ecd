/// Plays a `Timeline` forward in time: the level at an instant and the next instant at
/// which something changes. Pure arithmetic on nanoseconds; no allocation after `init`,
/// so the real-time scheduler can call it in its hot path.
public struct TimelineCursor: Sendable {
    /// Step durations in nanoseconds (≥ 0) and levels, copied once.
    private let durations: [Int64]
    private let levels: [Double]
    private let ramps: [Bool]
    private let repeatCount: Int?
    private let endLevel: Double
    /// The length of one repetition in nanoseconds, summed once (not in the hot path).
    private let period: Int64
    /// Elapsed nanoseconds at which the current step started.
    private var stepStart: Int64 = 0
    private var index = 0
    private var iteration = 0
    private var finished: Bool

    public init(_ timeline: Timeline) {
        durations = timeline.steps.map { max(0, $0.duration.nanoseconds) }
        levels = timeline.steps.map(\.level)
        ramps = timeline.steps.map(\.ramp)
        repeatCount = timeline.repeatCount
        endLevel = timeline.endLevel
        period = durations.reduce(0, &+)
        // `Timeline.steps` is mutable, so zero-length steps can get past `Timeline.init`:
        // with nothing to play, hold the end level (looping them would never return).
        finished = timeline.steps.isEmpty || period <= 0
    }

    /// What the light does at an elapsed time.
    public struct Sample: Equatable, Sendable {
        /// Level 0…1 of the current brightness.
        public var level: Double
        /// True inside a ramp: the level changes continuously until `nextBoundary`.
        public var ramping: Bool
        /// Elapsed nanoseconds of the next step boundary; `nil` when the level is held forever.
        public var nextBoundary: Int64?
    }

    /// The sample at `elapsed` nanoseconds since the timeline started. `elapsed` must not
    /// go backwards between calls (the cursor only moves forward).
    public mutating func sample(at elapsed: Int64) -> Sample {
        advance(to: elapsed)
        if finished { return Sample(level: endLevel, ramping: false, nextBoundary: nil) }
        let end = stepStart &+ durations[index]
        if ramps[index] {
            let from = levels[index == 0 ? levels.count - 1 : index - 1]
            let to = levels[index]
            let f = Double(elapsed - stepStart) / Double(durations[index])
            return Sample(level: from + (to - from) * min(1, max(0, f)), ramping: true, nextBoundary: end)
        }
        return Sample(level: levels[index], ramping: false, nextBoundary: end)
    }

    private mutating func advance(to elapsed: Int64) {
        guard !finished else { return }
        while true {
            // Skip whole repetitions at once when far behind (e.g. after a suspend), at
            // the start and whenever a repetition ends, so a late sample costs at most one
            // pass over the steps.
            if index == 0, elapsed &- stepStart >= period {
                var skip = (elapsed &- stepStart) / period
                if let n = repeatCount { skip = min(skip, Int64(n - iteration)) }
                stepStart &+= skip &* period
                iteration &+= Int(skip)
                if let n = repeatCount, iteration >= n {
                    finished = true
                    return
                }
            }
            guard elapsed >= stepStart &+ durations[index] else { return }
            stepStart &+= durations[index]
            index += 1
            if index == durations.count {
                index = 0
                iteration &+= 1
                if let n = repeatCount, iteration >= n {
                    finished = true
                    return
                }
            }
        }
    }
}
