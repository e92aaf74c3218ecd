import Synchronization
import TorchCore

/// One output change as the scheduler made it.
public struct OutputStamp: Equatable, Sendable {
    /// The instant the change was scheduled for (CLOCK_MONOTONIC ns).
    public var intended: Int64
    /// The instant the scheduler actually issued the write (CLOCK_MONOTONIC ns).
    public var actual: Int64
    /// Duty cycle written, 0…1.
    public var duty: Double

    public init(intended: Int64, actual: Int64, duty: Double) {
        self.intended = intended
        self.actual = actual
        self.duty = duty
    }

    /// How late the change was, in nanoseconds (negative would be early; never expected).
    public var lateness: Int64 { actual - intended }
}

/// A single-producer single-consumer ring of `OutputStamp`s, preallocated, lock-free.
/// The real-time scheduler pushes (never blocks, never allocates: when full it counts
/// the stamp as dropped); a reader thread drains it into `--trace` files and the bench.
public final class TraceRing: @unchecked Sendable {
    private let capacity: Int
    private let slots: UnsafeMutableBufferPointer<OutputStamp>
    /// Total stamps ever pushed (producer-owned) and ever popped (consumer-owned).
    private let head = Atomic<Int>(0)
    private let tail = Atomic<Int>(0)
    private let droppedCount = Atomic<Int>(0)

    /// - Parameter capacity: stamps held between drains (rounded up to a power of two).
    public init(capacity: Int = 1 << 16) {
        var c = 1
        while c < capacity { c <<= 1 }
        self.capacity = c
        slots = .allocate(capacity: c)
        slots.initialize(repeating: OutputStamp(intended: 0, actual: 0, duty: 0))
    }

    deinit { slots.deallocate() }

    /// Producer side (the scheduler thread only). Returns true for the push that fills
    /// the ring to half its capacity: the moment to ask the reader to drain it, once per
    /// filling, so a reader that wakes only when asked never loses a stamp.
    @inline(__always)
    @discardableResult
    public func push(_ s: OutputStamp) -> Bool {
        let h = head.load(ordering: .relaxed)
        let held = h - tail.load(ordering: .acquiring)
        if held >= capacity {
            droppedCount.add(1, ordering: .relaxed)
            return false
        }
        slots[h & (capacity - 1)] = s
        head.store(h + 1, ordering: .releasing)
        return held + 1 == capacity / 2
    }

    /// Consumer side (one reader thread only): hands every waiting stamp to `body`.
    /// Returns how many were drained.
    @discardableResult
    public func drain(_ body: (OutputStamp) -> Void) -> Int {
        let t = tail.load(ordering: .relaxed)
        let h = head.load(ordering: .acquiring)
        var i = t
        while i < h {
            body(slots[i & (capacity - 1)])
            i += 1
        }
        tail.store(h, ordering: .releasing)
        return h - t
    }

    /// Stamps lost because the reader fell behind.
    public var dropped: Int { droppedCount.load(ordering: .relaxed) }
}
