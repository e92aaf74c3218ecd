import TorchCore
import TorchHardware

/// One timing run for `torch bench timing`: plays a timeline on an output with a fresh
/// `PatternScheduler` for a fixed time and measures every output change.
///
/// The calling thread drains the scheduler's trace ring every `drainInterval` into an
/// array reserved up front (so the run itself grows no memory on the reader side after
/// the start), reports progress, and at the end reads the process CPU time and the
/// scheduler's wake-up count. The program starts `leadIn` after the scheduler thread,
/// so the first edge has a real deadline instead of "as soon as the hand-off lands".
public struct BenchRun {
    /// 100 Hz blink: 5 ms on, 5 ms off, forever (200 output changes per second).
    public static let defaultTimeline = Timeline(steps: [.hold(1, .milliseconds(5)), .hold(0, .milliseconds(5))])

    public var output: any LightOutput
    public var timeline: Timeline
    /// How long to play and measure.
    public var duration: Duration
    public var settings: SchedulerSettings
    /// What the run is called in the report, e.g. "100 Hz blink".
    public var label: String
    /// Perceived lightness 0…1 that timeline level 1 stands for.
    public var lightness: Double
    public var mapping: OutputMapping
    /// How often the trace ring is drained (and progress reported).
    public var drainInterval: Duration
    /// Time between starting the scheduler and the program's time zero.
    public var leadIn: Duration
    /// Brightness hand-offs per second during the run (a storm of changes reaching the
    /// scheduler while it plays); 0 = none.
    public var stormRate: Double = 0

    public init(output: any LightOutput, timeline: Timeline = BenchRun.defaultTimeline,
                duration: Duration = .seconds(10), settings: SchedulerSettings = SchedulerSettings(),
                label: String = "100 Hz blink", lightness: Double = 1,
                mapping: OutputMapping = OutputMapping(curve: .linear),
                drainInterval: Duration = .milliseconds(50), leadIn: Duration = .milliseconds(20)) {
        self.output = output
        self.timeline = timeline
        self.duration = duration
        self.settings = settings
        self.label = label
        self.lightness = lightness
        self.mapping = mapping
        self.drainInterval = drainInterval
        self.leadIn = leadIn
    }

    /// Output changes the run is expected to make, with room to spare: the timeline's
    /// steps per period, or two per software-PWM period on a binary output.
    public var expectedChanges: Int {
        let seconds = max(0, duration.seconds)
        var perSecond = 0.0
        if !timeline.isSteady {
            let period = max(1e-9, timeline.period.seconds)
            perSecond += Double(timeline.steps.count) / period
            let partial = timeline.steps.contains { $0.level > 0 && $0.level < 1 } || (lightness > 0 && lightness < 1)
            if output.isBinary && partial { perSecond += 2 * settings.softPWMFrequency }
            if timeline.steps.contains(where: \.ramp) { perSecond += settings.rampUpdateRate }
        } else if output.isBinary {
            perSecond += 2 * settings.softPWMFrequency
        }
        let estimate = perSecond * seconds * 1.25 + 1024
        return Int(min(estimate, 50_000_000))
    }

    /// Plays and measures; `progress` gets the fraction done (0…1) after every drain
    /// and 1 at the end. The scheduler is stopped (output dark) before this returns.
    public func run(progress: (Double) -> Void = { _ in }) throws(HardwareError) -> BenchReport {
        let scheduler = PatternScheduler(output: output, settings: settings)
        var stamps: [OutputStamp] = []
        stamps.reserveCapacity(expectedChanges)

        try scheduler.start()
        // Locking memory faults pages in, a stall the figures would show as lateness: lock
        // before the timed span, not in it.
        scheduler.lockMemory()
        let clock = MonotonicClock()
        let startNs = clock.now().nanoseconds + max(0, leadIn.nanoseconds)
        let durationNs = max(0, duration.nanoseconds)
        let endNs = startNs + durationNs
        scheduler.play(ScheduledProgram(timeline: timeline, lightness: lightness,
                                        startedAt: Instant(nanoseconds: startNs), mapping: mapping))

        // The storm: the same timeline (same start, so the blink keeps its phase) at
        // alternating brightness, handed over `stormRate` times a second.
        var storm: BackgroundThread? = nil
        if stormRate > 0 {
            let period = Int64(1e9 / stormRate)
            let (timeline, mapping, lightness) = (self.timeline, self.mapping, self.lightness)
            storm = BackgroundThread {
                var t = startNs
                var flip = false
                while t < endNs {
                    clock.sleep(until: Instant(nanoseconds: t))
                    flip.toggle()
                    scheduler.play(ScheduledProgram(timeline: timeline, lightness: flip ? lightness * 0.99 : lightness,
                                                    startedAt: Instant(nanoseconds: startNs), mapping: mapping))
                    t += period
                }
            }
            _ = storm?.start()
        }
        clock.sleep(until: Instant(nanoseconds: startNs))
        let cpuStart = processCPUTimeNanoseconds()
        let wakeStart = scheduler.wakeups
        let tick = max(1_000_000, drainInterval.nanoseconds)
        // The changes before time zero (going dark while waiting) are not part of the run.
        let keep: (OutputStamp) -> Void = { s in
            if s.intended >= startNs && s.intended < endNs { stamps.append(s) }
        }
        var next = startNs
        while true {
            next = min(endNs, next + tick)
            clock.sleep(until: Instant(nanoseconds: next))
            scheduler.trace.drain(keep)
            if next >= endNs { break }
            progress(durationNs > 0 ? Double(next - startNs) / Double(durationNs) : 1)
        }
        storm?.join()
        let cpuEnd = processCPUTimeNanoseconds()
        let wakeEnd = scheduler.wakeups
        let measuredNs = max(1, clock.now().nanoseconds - startNs)
        scheduler.trace.drain(keep)
        let dropped = scheduler.trace.dropped
        let failed = scheduler.failures.count
        let rests = scheduler.rests
        scheduler.stop()
        progress(1)

        let seconds = Double(measuredNs) / 1e9
        return BenchReport(label: label, backend: output.summary, realtime: scheduler.realtimeSummary,
                           statistics: LatenessStatistics(stamps: stamps),
                           cpuPercent: Double(cpuEnd - cpuStart) / Double(measuredNs) * 100,
                           wakeupsPerSecond: Double(wakeEnd - wakeStart) / seconds,
                           duration: .nanoseconds(durationNs),
                           droppedStamps: dropped, failedWrites: failed, budgetRests: rests, stamps: stamps)
    }
}
