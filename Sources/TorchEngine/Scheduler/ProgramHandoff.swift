import Synchronization

/// Lock-free hand-off of programs from the event loop to the real-time thread.
///
/// The event loop allocates a `ProgramBox` and publishes it; the scheduler thread takes
/// it with one atomic exchange. The box it replaces is *retired* into a slot rather than
/// freed, because freeing can take the allocator's lock; the event loop frees retired
/// boxes on its next publish (and at stop). At most one box is retired per publish, so
/// two slots always suffice.
final class ProgramHandoff: @unchecked Sendable {
    private let pending = Atomic<UInt>(0)
    private let retired0 = Atomic<UInt>(0)
    private let retired1 = Atomic<UInt>(0)

    /// Event-loop side: publishes a new program (replacing one not yet taken).
    func publish(_ box: ProgramBox) {
        reclaim()
        let bits = UInt(bitPattern: Unmanaged.passRetained(box).toOpaque())
        let old = pending.exchange(bits, ordering: .acquiringAndReleasing)
        if old != 0 { release(old) }
    }

    /// Scheduler side: the newest published program, if any. Never allocates or frees.
    @inline(__always)
    func take() -> Unmanaged<ProgramBox>? {
        let bits = pending.exchange(0, ordering: .acquiringAndReleasing)
        guard bits != 0, let raw = UnsafeRawPointer(bitPattern: bits) else { return nil }
        return Unmanaged<ProgramBox>.fromOpaque(raw)
    }

    /// Scheduler side: hands a replaced program back for the event loop to free.
    @inline(__always)
    func retire(_ box: Unmanaged<ProgramBox>) {
        let bits = UInt(bitPattern: box.toOpaque())
        if retired0.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing).exchanged { return }
        if retired1.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing).exchanged { return }
        // Unreachable by construction (see type comment); leaking beats freeing here.
    }

    /// Event-loop side: frees retired programs.
    func reclaim() {
        let a = retired0.exchange(0, ordering: .acquiringAndReleasing)
        if a != 0 { release(a) }
        let b = retired1.exchange(0, ordering: .acquiringAndReleasing)
        if b != 0 { release(b) }
    }

    /// Frees everything (after the scheduler thread has stopped).
    func drainAll() {
        reclaim()
        let bits = pending.exchange(0, ordering: .acquiringAndReleasing)
        if bits != 0 { release(bits) }
    }

    private func release(_ bits: UInt) {
        guard let raw = UnsafeRawPointer(bitPattern: bits) else { return }
        Unmanaged<ProgramBox>.fromOpaque(raw).release()
    }
}
