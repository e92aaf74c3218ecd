import TorchCore
/// What one `torch bench timing` run found, with its text and JSON renderings.
public struct BenchReport: Equatable, Sendable {
    /// What was played, e.g. "100 Hz blink".
    public var label: String
    /// The output it was played on (`LightOutput.summary`).
    public var backend: String
    /// How the scheduler thread ran (`PatternScheduler.realtimeSummary`).
    public var realtime: String
    /// Edge lateness and drift over the changes in the span.
    public var statistics: LatenessStatistics
    /// Process CPU time (user + system) over the run, as a percentage of one core.
    public var cpuPercent: Double
    /// Scheduler thread wake-ups per second over the run.
    public var wakeupsPerSecond: Double
    /// The span timed (from the program's start to the end of the run).
    public var duration: Duration
    /// Stamps lost because the trace ring overflowed (0 expected; non-zero makes the
    /// statistics incomplete).
    public var droppedStamps: Int
    /// Writes the output refused.
    public var failedWrites: Int
    /// Times the scheduler thread spent its CPU budget and rested (`PatternScheduler.rests`):
    /// this machine could not keep up, and the statistics include the skipped periods.
    public var budgetRests: Int
    /// Every change in the span, in the order written (for `SVGPlot`); not in `text`/`json`.
    public var stamps: [OutputStamp]

    public init(label: String, backend: String, realtime: String, statistics: LatenessStatistics,
                cpuPercent: Double, wakeupsPerSecond: Double, duration: Duration,
                droppedStamps: Int = 0, failedWrites: Int = 0, budgetRests: Int = 0, stamps: [OutputStamp] = []) {
        self.label = label
        self.backend = backend
        self.realtime = realtime
        self.statistics = statistics
        self.cpuPercent = cpuPercent
        self.wakeupsPerSecond = wakeupsPerSecond
        self.duration = duration
        self.droppedStamps = droppedStamps
        self.failedWrites = failedWrites
        self.budgetRests = budgetRests
        self.stamps = stamps
    }

    /// Human-readable lines (µs with one decimal), each ending in a newline.
    public var text: String {
        let s = statistics
        let us = DecimalSyntax.microseconds as (Int64) -> String
        var out = "\(label) on \(backend) for \(DecimalSyntax.fixed(duration.seconds, decimals: 1)) s\n"
        out += "scheduler  \(realtime)\n"
        out += "changes    \(s.count)\n"
        out += "lateness   p50 \(us(s.p50)) µs  p99 \(us(s.p99)) µs  p99.9 \(us(s.p999)) µs  max \(us(s.max)) µs  mean \(DecimalSyntax.microseconds(s.mean)) µs\n"
        out += "drift      \(us(s.drift)) µs\n"
        out += "cpu        \(DecimalSyntax.fixed(cpuPercent, decimals: 2)) % of one core\n"
        out += "wake-ups   \(DecimalSyntax.fixed(wakeupsPerSecond, decimals: 1)) /s\n"
        if droppedStamps > 0 { out += "warning    \(droppedStamps) stamps dropped (trace ring full): statistics incomplete\n" }
        if failedWrites > 0 { out += "warning    \(failedWrites) output writes failed\n" }
        if budgetRests > 0 {
            out += "warning    \(budgetRests) CPU-budget rests: the machine could not keep up (skipped periods counted)\n"
        }
        return out
    }

    /// One JSON object on one line (no trailing newline). Times are integer nanoseconds
    /// (`*_ns`); keys are snake_case and stable for scripts.
    public var json: String { jsonValue.jsonText }

    /// The report as a JSON object (members in the order `json` prints them).
    public var jsonValue: JSONValue {
        let s = statistics
        return .object([
            JSONMember("label", .string(label)),
            JSONMember("backend", .string(backend)),
            JSONMember("realtime", .string(realtime)),
            JSONMember("duration_ns", .number(Double(duration.nanoseconds))),
            JSONMember("changes", .number(Double(s.count))),
            JSONMember("lateness_p50_ns", .number(Double(s.p50))),
            JSONMember("lateness_p99_ns", .number(Double(s.p99))),
            JSONMember("lateness_p999_ns", .number(Double(s.p999))),
            JSONMember("lateness_max_ns", .number(Double(s.max))),
            JSONMember("lateness_mean_ns", .decimal(s.mean, fractionDigits: 1)),
            JSONMember("drift_ns", .number(Double(s.drift))),
            JSONMember("cpu_percent", .decimal(cpuPercent, fractionDigits: 3)),
            JSONMember("wakeups_per_second", .decimal(wakeupsPerSecond, fractionDigits: 1)),
            JSONMember("dropped_stamps", .number(Double(droppedStamps))),
            JSONMember("failed_writes", .number(Double(failedWrites))),
            JSONMember("budget_rests", .number(Double(budgetRests))),
        ])
    }
}
