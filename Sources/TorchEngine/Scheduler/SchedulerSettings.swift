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

    public init(realtimePriority: Int? = 50, lockMemory: Bool = true,
                softPWMFrequency: Double = 1000, rampUpdateRate: Double = 100) {
        self.realtimePriority = realtimePriority
        self.lockMemory = lockMemory
        self.softPWMFrequency = softPWMFrequency
        self.rampUpdateRate = rampUpdateRate
    }
}
