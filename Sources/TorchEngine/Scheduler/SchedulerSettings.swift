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
    /// Run the scheduler thread on the CPU of the thread that starts it, and keep that
    /// thread (the service's event loop) there too: a button edge's hand-off then
    /// preempts the running event loop on its own CPU instead of waking another CPU
    /// from idle (`make bench` figure 9c). Off by default: pinned, the event loop cannot
    /// move away from a CPU that other work keeps busy (measured under a load of ~12 on
    /// 2 cores: button p99 5 ms in 2 of 3 rounds), though idle it halves the button's
    /// p99 (168 against 294 µs on the 2-core VM).
    public var shareCPU: Bool

    public init(realtimePriority: Int? = 50, lockMemory: Bool = true,
                softPWMFrequency: Double = 1000, rampUpdateRate: Double = 100,
                holdCPULatency: Bool = true, shareCPU: Bool = false) {
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
