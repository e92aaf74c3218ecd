import CTorchSys
import TorchCore

/// CLOCK_MONOTONIC: the clock of kernel GPIO edge timestamps and of every deadline.
public struct MonotonicClock: TorchClock {
    public init() {}
    public func now() -> Instant { Instant(nanoseconds: ctorch_monotonic_ns()) }
}
