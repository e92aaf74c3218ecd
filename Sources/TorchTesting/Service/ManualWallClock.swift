import TorchCore

/// The embedded service's wall clock: it moves with its manual clock, from a Unix time at
/// the manual clock's zero, and steps when told (as NTP steps CLOCK_REALTIME).
public final class ManualWallClock: WallClock, @unchecked Sendable {
    // Only touched from the test's own thread, as `ManualClock`.
    private let clock: ManualClock
    /// The wall clock's reading at the manual clock's zero, in Unix nanoseconds.
    public private(set) var unixNanosecondsAtZero: Int64

    /// 2025-12-01 00:00 UTC at the manual clock's zero unless told otherwise.
    public init(following clock: ManualClock, unixNanosecondsAtZero: Int64 = 1_764_547_200_000_000_000) {
        self.clock = clock
        self.unixNanosecondsAtZero = unixNanosecondsAtZero
    }

    public func unixNanoseconds() -> Int64 { unixNanosecondsAtZero + clock.now().nanoseconds }

    /// Steps the wall clock by `offset` (the monotonic clock does not move).
    public func step(by offset: Duration) { unixNanosecondsAtZero += offset.nanoseconds }

    /// The wall clock's reading at the monotonic instant `t`, in Unix milliseconds.
    public func unixMilliseconds(at t: Instant) -> Int64 { (unixNanosecondsAtZero + t.nanoseconds) / 1_000_000 }
}
