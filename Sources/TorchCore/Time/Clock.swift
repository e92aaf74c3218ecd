/// A source of monotonic time. The hardware layer provides `MonotonicClock`
/// (CLOCK_MONOTONIC); tests drive TorchTesting's `ManualClock` so every timing rule is checked
/// deterministically, to the nanosecond.
public protocol TorchClock: Sendable {
    /// The current instant on the monotonic clock.
    func now() -> Instant
}
