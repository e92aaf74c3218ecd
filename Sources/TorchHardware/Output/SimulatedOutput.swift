import Synchronization
import TorchCore

/// A simulated LED: keeps the current duty for the terminal display and records every
/// change with its instant into a preallocated buffer, so the real-time writer never
/// allocates. Used by the tests and whenever there is no GPIO chip.
public final class SimulatedOutput: LightOutput, @unchecked Sendable {
    /// One recorded output change.
    public struct Change: Equatable, Sendable {
        public var at: Instant
        /// Duty cycle 0…1.
        public var duty: Double
    }

    public let kind = Backend.sim
    public let isBinary: Bool
    public var summary: String { isBinary ? "simulated LED (on/off line)" : "simulated LED (dimmable)" }

    private let clock: any TorchClock
    private let dutyBits = Atomic<UInt64>(0)
    private let recorded = Atomic<Int>(0)
    private let dropped = Atomic<Int>(0)
    private let capacity: Int
    private let buffer: UnsafeMutableBufferPointer<Change>
    private let closedFlag = Atomic<Bool>(false)

    /// - Parameters:
    ///   - isBinary: behave like a GPIO line (only 0 or 1), so the scheduler does software PWM.
    ///   - capacity: how many changes to keep; later changes are counted in `droppedCount`.
    public init(clock: any TorchClock, isBinary: Bool = false, capacity: Int = 1 << 16) {
        self.clock = clock
        self.isBinary = isBinary
        self.capacity = max(1, capacity)
        buffer = .allocate(capacity: self.capacity)
        // Touch every page now: a page fault in the real-time writer could stall it.
        buffer.initialize(repeating: Change(at: .zero, duty: 0))
    }

    deinit { buffer.deallocate() }

    public func write(duty: Double) -> Int32 {
        dutyBits.store(duty.bitPattern, ordering: .relaxed)
        let n = recorded.load(ordering: .relaxed)
        if n < capacity {
            (buffer.baseAddress! + n).initialize(to: Change(at: clock.now(), duty: duty))
            recorded.store(n + 1, ordering: .releasing)
        } else {
            dropped.add(1, ordering: .relaxed)
        }
        return 0
    }

    public func close() {
        if closedFlag.exchange(true, ordering: .acquiringAndReleasing) { return }
        if duty != 0 { _ = write(duty: 0) }
    }

    /// Keeps its level, as a PWM channel does with no holder.
    public func handOver() {
        closedFlag.store(true, ordering: .releasing)
    }

    /// The duty cycle last written, 0…1.
    public var duty: Double { Double(bitPattern: dutyBits.load(ordering: .relaxed)) }

    /// Every change so far, oldest first.
    public var changes: [Change] {
        let n = recorded.load(ordering: .acquiring)
        return Array(buffer[0..<n])
    }

    /// Changes that did not fit in the buffer.
    public var droppedCount: Int { dropped.load(ordering: .relaxed) }
}
