import TorchCore
import TorchEngine
import TorchHardware

/// The embedded service's waits: readiness and signals scripted at instants of a manual
/// clock. A wait moves the clock to the first scripted event at or before its deadline
/// and returns it, or to the deadline with nothing ready; nothing sleeps.
public final class ScriptedWaits: ServiceWaits {
    public let clock: ManualClock
    /// A descriptor number no real one has: the signals' readiness.
    public let signalDescriptor: Int32 = .max
    private var events: [(at: Instant, ready: Set<Int32>, signals: [ProcessSignal])] = []
    private var pendingSignals: [ProcessSignal] = []
    /// Waits so far, and those that returned something ready.
    public private(set) var waitCount = 0
    public private(set) var wakeCount = 0

    public init(clock: ManualClock) { self.clock = clock }

    public func open() throws(HardwareError) {}
    public func close() {}

    /// `fds` are ready at `t` (for the one wait that reaches it).
    public func ready(_ fds: Set<Int32>, at t: Instant) { add(t, fds, []) }

    /// `signal` arrives at `t`.
    public func signal(_ signal: ProcessSignal, at t: Instant) { add(t, [signalDescriptor], [signal]) }

    /// The first scripted event still to come.
    public var nextEvent: Instant? { events.first?.at }

    public func wait(readable: [Int32], writable: [Int32], until deadline: Instant?) -> Set<Int32> {
        waitCount += 1
        if let e = events.first, deadline.map({ e.at <= $0 }) ?? true {
            events.removeFirst()
            if e.at > clock.now() { clock.advance(to: e.at) }
            pendingSignals += e.signals
            let ready = e.ready.intersection(Set(readable + writable))
            if !ready.isEmpty { wakeCount += 1 }
            return ready
        }
        if let deadline, deadline > clock.now() { clock.advance(to: deadline) }
        return []
    }

    public func takeSignals() -> [ProcessSignal] {
        defer { pendingSignals.removeAll() }
        return pendingSignals
    }

    private func add(_ t: Instant, _ fds: Set<Int32>, _ signals: [ProcessSignal]) {
        let i = events.firstIndex { $0.at > t } ?? events.endIndex
        events.insert((t, fds, signals), at: i)
    }
}
