/// The real-time thread's CPU budget: how much it may run between sleeps, so that a
/// machine too slow for what a pattern asks never loses its other work to it.
///
/// The pattern thread runs at SCHED_FIFO above the service's event loop. When each of its
/// periods takes longer than the period (software PWM at 10 kHz on an emulated CPU, where
/// one GPIO write takes longer than that), its waits find their deadlines already past
/// and it never sleeps: the event loop, the one thread that could end the pattern (a
/// button's release, `torch off`), never runs again. The kernel's real-time throttling
/// does not help: it stops every real-time thread, the event loop too.
///
/// A leaky bucket: running time fills it, sleeping time empties it `ratio` times as fast,
/// so the thread may run at most ratio / (ratio + 1) of a CPU (half with 1) over any
/// stretch longer than `burst`. Once `burst` is banked the thread must rest until the
/// bucket is empty (`debt / ratio`: 2–4 ms with the defaults, short enough to read as
/// flicker rather than as the light going out) before running again. On a machine that
/// keeps up, a software-PWM period's work is a small part of the period and the thread
/// sleeps the rest: the bucket stays empty. Integer only, no allocation: it runs in the real-time loop.
public struct CPUBudget: Equatable, Sendable {
    /// Running time the thread may bank before it must rest, nanoseconds.
    public let burst: Int64
    /// How many nanoseconds of running one nanosecond of sleep pays for.
    public let ratio: Int64
    /// Running time not yet paid for by sleep, nanoseconds (0…2 × `burst`: the turn that
    /// fills the bucket may overshoot it, and is paid for too).
    public private(set) var debt: Int64 = 0

    /// - Parameters:
    ///   - burst: within 1 µs…1 s, nanoseconds (default 2 ms: two 1 kHz periods).
    ///   - ratio: within 1…100 (default 1: at most half of a CPU).
    public init(burst: Int64 = 2_000_000, ratio: Int64 = 1) {
        self.burst = min(max(1_000, burst), 1_000_000_000)
        self.ratio = min(max(1, ratio), 100)
    }

    /// The thread ran this long (nanoseconds; negative counts as 0).
    public mutating func ran(_ nanoseconds: Int64) {
        debt = min(2 * burst, debt + min(max(0, nanoseconds), burst))      // all ≤ 2 s
    }

    /// The thread slept this long (nanoseconds; negative counts as 0).
    public mutating func slept(_ nanoseconds: Int64) {
        debt = max(0, debt - min(max(0, nanoseconds), 2 * burst) * ratio)   // ≤ 2 s × 100
    }

    /// How long the thread must sleep before it runs again, nanoseconds: 0 while less
    /// than `burst` is banked, then what empties the bucket.
    public var restNeeded: Int64 { debt >= burst ? debt / ratio : 0 }
}
