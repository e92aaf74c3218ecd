import CTorchSys
#if canImport(Glibc)
import Glibc
#endif

/// A futex word one thread sleeps on and others bump to wake it (futex(2),
/// FUTEX_WAIT_BITSET with an absolute CLOCK_MONOTONIC timeout): the waiter reads the
/// value, decides, and sleeps only while the value is still what it read, so a wake
/// between its read and its sleep is never lost. Waiting and spinning allocate nothing
/// and take no lock: the real-time pattern thread sleeps here.
public final class WakeWord: @unchecked Sendable {
    private let word: UnsafeMutablePointer<UInt32>

    public init() {
        word = .allocate(capacity: 1)
        word.initialize(to: 0)
    }

    deinit { word.deallocate() }

    /// The value now (acquire): pass it to `wait` or `spin`.
    @inline(__always)
    public var value: UInt32 { ctorch_atomic_load_u32(word) }

    /// Bumps the value (release) and wakes every waiter.
    public func wake() {
        ctorch_atomic_increment_u32(word)
        ctorch_futex_wake_all(word)
    }

    /// Sleeps while the value is `seen`, until `deadline` (CLOCK_MONOTONIC nanoseconds;
    /// nil or negative: no deadline). True when the deadline passed; false on a wake, a
    /// changed value or a signal.
    public func wait(unchanged seen: UInt32, until deadline: Int64?) -> Bool {
        ctorch_futex_wait_until(word, seen, deadline ?? -1) == ETIMEDOUT
    }

    /// Busy-waits until `deadline` (CLOCK_MONOTONIC nanoseconds) unless the value leaves
    /// `seen` first; true when the deadline was reached. Reads the vDSO clock and the
    /// word: no system call.
    public func spin(unchanged seen: UInt32, until deadline: Int64) -> Bool {
        while ctorch_monotonic_ns() < deadline {
            if ctorch_atomic_load_u32(word) != seen { return false }
        }
        return true
    }
}
