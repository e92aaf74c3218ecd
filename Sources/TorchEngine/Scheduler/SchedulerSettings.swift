/// How the pattern scheduler runs.
public struct SchedulerSettings: Equatable, Sendable {
    /// SCHED_FIFO priority 1…99 to ask for; `nil` = stay at normal priority.
    public var realtimePriority: Int?
    /// Lock the process's memory (mlockall) so a page fault never delays an edge.
    public var lockMemory: Bool
    /// Software-PWM frequency in hertz for binary outputs (GPIO lines). 1 kHz default:
    /// above IEEE 1789's 90 Hz flicker risk line at low cost; raise it for cameras.
    public var softPWMFrequency: Double
    /// Level updates per second during ramps on dimmable outputs (≥ 100: smooth fades).
    public var rampUpdateRate: Double
    /// Hold `/dev/cpu_dma_latency` at 0 µs while a program with deadlines plays (a
    /// pattern, a ramp, software PWM): no deep CPU idle state delays its wake-ups, as
    /// cyclictest holds it while it measures. Released for a steady level or dark, and
    /// on stop (`[service] cpu-latency`).
    public var holdCPULatency: Bool
    /// Move the scheduler thread to the CPU of the thread that hands it a program (the
    /// service's event loop) at each hand-off: a button edge's hand-off then preempts the
    /// event loop on its own, running CPU instead of waking the thread's previous CPU from
    /// idle (`make bench` figures 9c and 9d; docs/results.md). Only the real-time thread is pinned; the
    /// event loop still moves away from a CPU that other work keeps busy.
    public var shareCPU: Bool

    public init(realtimePriority: Int? = 50, lockMemory: Bool = true,
                softPWMFrequency: Double = 1000, rampUpdateRate: Double = 100,
                holdCPULatency: Bool = true, shareCPU: Bool = true) {
        self.shareCPU = shareCPU
        self.realtimePriority = realtimePriority
        self.lockMemory = lockMemory
        self.softPWMFrequency = softPWMFrequency
        self.rampUpdateRate = rampUpdateRate
        self.holdCPULatency = holdCPULatency
    }

    /// The software-PWM period in nanoseconds, 1 ns…1 s: frequencies below 1 Hz count as
    /// 1 Hz, and a value that is not a number as the 1 kHz default (the config checks
    /// its range; this only keeps a conversion from trapping).
    public var pwmPeriodNanoseconds: Int64 {
        SchedulerSettings.periodNanoseconds(hertz: softPWMFrequency, default: 1000)
    }

    /// The time between ramp updates in nanoseconds, 1 ns…1 s, as `pwmPeriodNanoseconds`.
    public var rampTickNanoseconds: Int64 {
        SchedulerSettings.periodNanoseconds(hertz: rampUpdateRate, default: 100)
    }

    static func periodNanoseconds(hertz: Double, default fallback: Double) -> Int64 {
        let hz = hertz.isNaN ? fallback : max(1, hertz)
        return max(1, Int64(exactly: (1e9 / hz).rounded()) ?? 1)
    }
}
