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
///
/// A write that failed (a full or read-only file system) keeps its value waiting: it is
/// tried again when the next write is due, one interval after the attempt, then two,
/// four… at most `maxRetryInterval` apart while the failures go on, and at the stop. A
/// newer change replaces it, as it would any waiting value. So once the disk has room
/// again the owner's last choice reaches it without another change.
///
/// A value equal to what is on disk (the last written, or what the start read) is never
/// written: a change undone within the interval, or a command repeating the state
/// (an automation re-sending it), costs no write. The interval runs from the end of the
/// last write (`written(_:at:)`), so two writes are `interval` apart however long the
/// storage took.
///
/// A value returned by `offer`, `due` or `flush` is a write begun: it ends with
/// `written` or `failed`, which may come turns later (the state file is written on a
/// thread of its own, so a slow disk never holds the event loop). While it is under way
/// nothing else is handed out and nothing is due: newer changes wait, and the latest of
/// them is written `interval` after it ends.
public struct WriteCoalescer<Value: Equatable>: Sendable where Value: Sendable {
    /// The shortest time between two writes (default 1 s).
    public let interval: Duration
    /// When the last write began or ended; nil before the first.
    public private(set) var lastWrite: Instant?
    /// A value waiting for the interval, or the write under way, to end.
    public private(set) var pending: Value?
    /// The value being written: handed out, neither `written` nor `failed` yet.
    public private(set) var writing: Value?
    /// What is on disk: the last value written, or what the start read; nil when unknown.
    public private(set) var onDisk: Value?
    /// Writes that failed in a row (0 once one works).
    public private(set) var failures = 0
    /// The longest wait before a failed write is tried again (default 1 min): a state
    /// directory that stays read-only costs one attempt a minute, not one a second.
    public let maxRetryInterval: Duration

    public init(interval: Duration = .seconds(1), maxRetryInterval: Duration = .seconds(60), onDisk: Value? = nil) {
        self.interval = interval
        self.maxRetryInterval = max(interval, maxRetryInterval)
        self.onDisk = onDisk
    }

    /// When the pending value is due; nil when nothing waits, or while a write is under
    /// way (its end comes first).
    public var nextDeadline: Instant? {
        guard pending != nil, writing == nil, let last = lastWrite else { return nil }
        return last + retryInterval
    }

    /// The wait after the last attempt: `interval`, doubled for each failure after the
    /// first, at most `maxRetryInterval`.
    var retryInterval: Duration {
        var wait = interval
        var n = failures
        while n > 1 && wait < maxRetryInterval {
            wait = wait * 2
            n -= 1
        }
        return min(wait, maxRetryInterval)
    }

    /// A new value at `now`: returned when its write is to begin now, else kept
    /// (replacing any value still waiting) until `due(at:)` or `flush()`.
    public mutating func offer(_ value: Value, at now: Instant) -> Value? {
        if let writing {
            // The disk will hold `writing`: the same value needs nothing more; any other,
            // even the one on disk now, waits for that write to end.
            pending = value == writing ? nil : value
            return nil
        }
        // Back to what is on disk: nothing to write, and nothing waiting either (a failed
        // write left the disk as it was: that is what it holds).
        if value == onDisk {
            pending = nil
            return nil
        }
        if let last = lastWrite, now < last + interval {
            pending = value
            return nil
        }
        return begin(value, at: now)
    }

    /// The waiting value, when its interval has ended by `now` and no write is under way.
    public mutating func due(at now: Instant) -> Value? {
        guard let value = pending, let deadline = nextDeadline, now >= deadline else { return nil }
        return begin(value, at: now)
    }

    /// `value` is on disk, its write ended at `now`: the next write waits `interval` from
    /// here.
    public mutating func written(_ value: Value, at now: Instant) {
        writing = nil
        onDisk = value
        failures = 0
        lastWrite = now
        if pending == onDisk { pending = nil }
    }

    /// The write of `value` (returned by `offer`, `due` or `flush`) failed at `now`: it
    /// waits to be tried again, unless a newer value already waits.
    public mutating func failed(_ value: Value, at now: Instant) {
        writing = nil
        if pending == nil { pending = value }
        // The owner went back to what the disk still holds while it was being written.
        if pending == onDisk { pending = nil }
        failures += 1
        lastWrite = now
    }

    /// The waiting value whatever the time: what a stop writes (once the write under way
    /// has ended).
    public mutating func flush() -> Value? {
        guard let value = pending, value != onDisk else {
            pending = nil
            return nil
        }
        writing = value
        pending = nil
        return value
    }

    private mutating func begin(_ value: Value, at now: Instant) -> Value {
        writing = value
        pending = nil
        lastWrite = now
        return value
    }
}
