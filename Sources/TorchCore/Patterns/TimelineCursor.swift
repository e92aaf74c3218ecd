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
    /// `Timeline.darkFrom` in nanoseconds: dark from there on, whatever the steps.
    private let darkFrom: Int64?
    /// The length of one repetition in nanoseconds, summed once (not in the hot path);
    /// nil when the sum passes Int64.max (a hand-built timeline with huge steps): then no
    /// repetition ever ends within the clock's range, and none is skipped.
    private let period: Int64?
    /// Elapsed nanoseconds at which the current step started; never above the last
    /// `elapsed` the cursor moved to, so `elapsed - stepStart` cannot overflow.
    private var stepStart: Int64 = 0
    private var index = 0
    /// Finished repetitions, counted only for a finite `repeatCount`.
    private var iteration = 0
    private var finished: Bool

    public init(_ timeline: Timeline) {
        durations = timeline.steps.map { max(0, $0.duration.nanoseconds) }
        levels = timeline.steps.map(\.level)
        ramps = timeline.steps.map(\.ramp)
        repeatCount = timeline.repeatCount
        endLevel = timeline.endLevel
        darkFrom = timeline.darkFrom.map { max(0, $0.nanoseconds) }
        var sum: Int64? = 0
        for d in durations {
            guard let s = sum else { break }
            let (next, overflow) = s.addingReportingOverflow(d)
            sum = overflow ? nil : next
        }
        period = sum
        // `Timeline.steps` and `repeatCount` are mutable, so zero-length steps or a count
        // below 1 can get past `Timeline.init`: with nothing to play, hold the end level
        // (looping zero-length steps would never return).
        finished = timeline.steps.isEmpty || sum == 0 || (timeline.repeatCount ?? 1) < 1
    }

    /// What the light does at an elapsed time.
    public struct Sample: Equatable, Sendable {
        /// Level 0…1 of the current brightness.
        public var level: Double
        /// True inside a ramp: the level changes continuously until `nextBoundary`.
        public var ramping: Bool
        /// Elapsed nanoseconds of the next step boundary (Int64.max when it lies beyond
        /// the clock's range); `nil` when the level is held forever.
        public var nextBoundary: Int64?
    }

    /// The sample at `elapsed` nanoseconds since the timeline started. `elapsed` must not
    /// go backwards between calls (the cursor only moves forward; an earlier instant gets
    /// the current step). Any instant returns after at most one pass over the steps.
    public mutating func sample(at elapsed: Int64) -> Sample {
        guard let end = darkFrom else { return playing(at: elapsed) }
        if elapsed >= end { return Sample(level: 0, ramping: false, nextBoundary: nil) }
        var s = playing(at: elapsed)
        s.nextBoundary = min(s.nextBoundary ?? end, end)
        return s
    }

    /// The sample of the steps themselves (`sample` without `darkFrom`).
    private mutating func playing(at elapsed: Int64) -> Sample {
        advance(to: elapsed)
        if finished { return Sample(level: endLevel, ramping: false, nextBoundary: nil) }
        let duration = durations[index]
        let end = stepStart.saturatingAdding(duration)
        if ramps[index] {
            let from = levels[index == 0 ? levels.count - 1 : index - 1]
            let to = levels[index]
            let into = elapsed.saturatingSubtracting(stepStart)
            let f = duration > 0 ? Double(into) / Double(duration) : 1
            return Sample(level: from + (to - from) * min(1, max(0, f)), ramping: true, nextBoundary: end)
        }
        return Sample(level: levels[index], ramping: false, nextBoundary: end)
    }

    private mutating func advance(to elapsed: Int64) {
        guard !finished, elapsed >= stepStart else { return }
        while true {
            // Both are ≥ 0 and stepStart ≤ elapsed: no overflow.
            let behind = elapsed - stepStart
            // Skip whole repetitions at once when far behind (e.g. after a suspend, or
            // 292 years in), at the start and whenever a repetition ends, so a late sample
            // costs at most one pass over the steps.
            if index == 0, let period, behind >= period {
                var skip = behind / period
                if let n = repeatCount { skip = min(skip, Int64(n) - Int64(iteration)) }
                // skip × period ≤ behind: stays within elapsed.
                stepStart += skip * period
                if let n = repeatCount {
                    iteration += Int(skip)
                    if iteration >= n {
                        finished = true
                        return
                    }
                }
                continue
            }
            guard behind >= durations[index] else { return }
            stepStart += durations[index]
            index += 1
            if index == durations.count {
                index = 0
                if let n = repeatCount {
                    iteration += 1
                    if iteration >= n {
                        finished = true
                        return
                    }
                }
            }
        }
    }
}
