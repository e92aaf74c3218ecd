/// At most one state-file write per `interval`, the last state always written.
///
/// Every change the owner makes is saved, and each save is an atomic write with two
/// fsyncs: a storm of commands (a script, a flood from the network) would otherwise be a
/// storm of writes that wears an SD card. The first change after a quiet interval is
/// written at once (a single tap is on disk before the finger leaves the button); changes
/// within `interval` of the last write wait, and only the latest of them is written when
/// the interval ends, or at the stop. So the state on disk is never more than `interval`
/// behind, and a power cut loses at most that last stretch, never a whole file (the write
/// itself is atomic).
public struct WriteCoalescer<Value: Equatable>: Sendable where Value: Sendable {
    /// The shortest time between two writes (default 1 s).
    public let interval: Duration
    /// When the last write happened; nil before the first.
    public private(set) var lastWrite: Instant?
    /// A value waiting for the interval to end.
    public private(set) var pending: Value?

    public init(interval: Duration = .seconds(1)) {
        self.interval = interval
    }

    /// When the pending value is due; nil when nothing waits.
    public var nextDeadline: Instant? {
        guard pending != nil, let last = lastWrite else { return nil }
        return last + interval
    }

    /// A new value at `now`: returned when it is to be written now, else kept (replacing
    /// any value still waiting) until `due(at:)` or `flush()`.
    public mutating func offer(_ value: Value, at now: Instant) -> Value? {
        if let last = lastWrite, now < last + interval {
            pending = value
            return nil
        }
        pending = nil
        lastWrite = now
        return value
    }

    /// The waiting value, when its interval has ended by `now`.
    public mutating func due(at now: Instant) -> Value? {
        guard let value = pending, let deadline = nextDeadline, now >= deadline else { return nil }
        pending = nil
        lastWrite = now
        return value
    }

    /// The waiting value whatever the time: what a stop writes.
    public mutating func flush() -> Value? {
        defer { pending = nil }
        return pending
    }
}
