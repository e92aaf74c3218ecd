import CTorchSys
import TorchCore

/// CLOCK_MONOTONIC: the clock of kernel GPIO edge timestamps and of every deadline.
public struct MonotonicClock: TorchClock {
    public init() {}
    public func now() -> Instant { Instant(nanoseconds: ctorch_monotonic_ns()) }

    /// Sleeps until `deadline` on CLOCK_MONOTONIC (absolute, so no drift; signals do
    /// not cut it short).
    public func sleep(until deadline: Instant) { ctorch_sleep_until(deadline.nanoseconds) }
}
