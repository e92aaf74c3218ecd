/// A running estimate of a high quantile of timer wake-up lateness, for software PWM to
/// wake that much before an edge and busy-wait the rest (`PatternScheduler`).
///
/// Frugal streaming quantile estimation: each observation above the estimate raises it
/// by `step`, each one at or below lowers it by `step / belowPerAbove`, so it settles
/// where one wake-up in belowPerAbove + 1 is later (99: p99, the default; 9: p90).
/// Constant memory, integer arithmetic only: it runs in the real-time loop, which
/// allocates nothing. It starts at `cap` (the cautious side: spin
/// the most until the machine has shown how late it wakes) and never leaves 0…`cap`.
///
/// Why adaptive: how late a timer wakes is the machine's, not torch's. A CPU that halts
/// when idle and waits for a hypervisor to run it again wakes late; one that idles by
/// polling, or bare metal without deep idle states, barely late. A fixed margin would
/// either miss edges on the first or burn a core's percentages spinning on the second.
/// (What the estimate settles at on the project's machine: docs/results.md.)
public struct WakeLatencyEstimate: Equatable, Sendable {
    /// The estimate, nanoseconds (0…`cap`).
    public private(set) var nanoseconds: Int64
    /// The largest estimate, nanoseconds.
    public let cap: Int64
    /// How far one late observation raises the estimate, nanoseconds.
    public let step: Int64
    /// Observations at or below the estimate per one above where it settles (99: p99).
    public let belowPerAbove: Int64

    /// - Parameters:
    ///   - cap: the largest estimate (and the first), nanoseconds, within 0…1 s.
    ///   - step: the rise per late observation, nanoseconds, within belowPerAbove…1 s
    ///     (so the fall is ≥ 1 ns, and no sum can overflow).
    ///   - belowPerAbove: which quantile, within 1…999 (1: the median).
    public init(cap: Int64, step: Int64 = 2_000, belowPerAbove: Int64 = 99) {
        self.cap = min(max(0, cap), 1_000_000_000)
        self.belowPerAbove = min(max(1, belowPerAbove), 999)
        self.step = min(max(self.belowPerAbove, step), 1_000_000_000)
        nanoseconds = self.cap
    }

    /// Takes one wake-up's lateness (actual − asked, nanoseconds; negative: early).
    public mutating func observe(lateness: Int64) {
        if lateness > nanoseconds {
            nanoseconds = min(cap, nanoseconds + step)     // both ≤ 1 s: no overflow
        } else {
            nanoseconds = max(0, nanoseconds - step / belowPerAbove)
        }
    }

    /// The margin to wake before an edge: the estimate, at most `limit` nanoseconds.
    public func margin(limit: Int64) -> Int64 { min(nanoseconds, max(0, limit)) }
}
