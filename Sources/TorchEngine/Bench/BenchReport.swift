import TorchCore
/// What one `torch bench timing` run measured, with its text and JSON renderings.
public struct BenchReport: Equatable, Sendable {
    /// What was played, e.g. "100 Hz blink".
    public var label: String
    /// The output it was played on (`LightOutput.summary`).
    public var backend: String
    /// How the scheduler thread ran (`PatternScheduler.realtimeSummary`).
    public var realtime: String
    /// Edge lateness and drift over the measured changes.
    public var statistics: LatenessStatistics
    /// Process CPU time (user + system) over the run, as a percentage of one core.
    public var cpuPercent: Double
    /// Scheduler thread wake-ups per second over the run.
    public var wakeupsPerSecond: Double
    /// The measured span (from the program's start to the end of the run).
    public var duration: Duration
    /// Stamps lost because the trace ring overflowed (0 expected; non-zero makes the
    /// statistics incomplete).
    public var droppedStamps: Int
    /// Writes the output refused.
    public var failedWrites: Int
    /// Every measured change in the order written (for `SVGPlot`); not in `text`/`json`.
    public var stamps: [OutputStamp]

    public init(label: String, backend: String, realtime: String, statistics: LatenessStatistics,
                cpuPercent: Double, wakeupsPerSecond: Double, duration: Duration,
                droppedStamps: Int = 0, failedWrites: Int = 0, stamps: [OutputStamp] = []) {
        self.label = label
        self.backend = backend
        self.realtime = realtime
        self.statistics = statistics
        self.cpuPercent = cpuPercent
        self.wakeupsPerSecond = wakeupsPerSecond
        self.duration = duration
        self.droppedStamps = droppedStamps
        self.failedWrites = failedWrites
        self.stamps = stamps
    }

    /// Human-readable lines (µs with one decimal), each ending in a newline.
    public var text: String {
        let s = statistics
        let us = BenchFormat.microseconds as (Int64) -> String
        var out = "\(label) on \(backend) for \(BenchFormat.fixed(duration.seconds, decimals: 1)) s\n"
        out += "scheduler  \(realtime)\n"
        out += "changes    \(s.count)\n"
        out += "lateness   p50 \(us(s.p50)) µs  p99 \(us(s.p99)) µs  p99.9 \(us(s.p999)) µs  max \(us(s.max)) µs  mean \(BenchFormat.microseconds(s.mean)) µs\n"
        out += "drift      \(us(s.drift)) µs\n"
        out += "cpu        \(BenchFormat.fixed(cpuPercent, decimals: 2)) % of one core\n"
        out += "wake-ups   \(BenchFormat.fixed(wakeupsPerSecond, decimals: 1)) /s\n"
        if droppedStamps > 0 { out += "warning    \(droppedStamps) stamps dropped (trace ring full): statistics incomplete\n" }
        if failedWrites > 0 { out += "warning    \(failedWrites) output writes failed\n" }
        return out
    }

    /// One JSON object on one line (no trailing newline). Times are integer nanoseconds
    /// (`*_ns`); keys are snake_case and stable for scripts.
    public var json: String {
        let s = statistics
        let fields: [(String, String)] = [
            ("label", JSONText.string(label)),
            ("backend", JSONText.string(backend)),
            ("realtime", JSONText.string(realtime)),
            ("duration_ns", "\(duration.nanoseconds)"),
            ("changes", "\(s.count)"),
            ("lateness_p50_ns", "\(s.p50)"),
            ("lateness_p99_ns", "\(s.p99)"),
            ("lateness_p999_ns", "\(s.p999)"),
            ("lateness_max_ns", "\(s.max)"),
            ("lateness_mean_ns", BenchFormat.jsonNumber(s.mean, decimals: 1)),
            ("drift_ns", "\(s.drift)"),
            ("cpu_percent", BenchFormat.jsonNumber(cpuPercent, decimals: 3)),
            ("wakeups_per_second", BenchFormat.jsonNumber(wakeupsPerSecond, decimals: 1)),
            ("dropped_stamps", "\(droppedStamps)"),
            ("failed_writes", "\(failedWrites)"),
        ]
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }
}
