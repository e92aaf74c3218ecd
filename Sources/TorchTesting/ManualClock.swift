import TorchCore

/// A clock that only moves when told to: the tests' monotonic clock (the product reads
/// CLOCK_MONOTONIC through TorchHardware's `MonotonicClock`).
public final class ManualClock: TorchClock, @unchecked Sendable {
    // Only touched from the test's own thread; @unchecked because tests hand it to
    // code that stores `any TorchClock`.
    private var current: Instant

    public init(_ start: Instant = .zero) { current = start }

    public func now() -> Instant { current }

    /// Moves the clock forward by `d`.
    public func advance(by d: Duration) { current = current + d }

    /// Sets the clock to `t`; time never goes backwards.
    public func advance(to t: Instant) {
        precondition(t >= current, "ManualClock cannot go backwards")
        current = t
    }
}
