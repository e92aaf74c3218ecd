import Synchronization
import TorchCore
import TorchHardware

/// Reads a light sensor on a thread of its own, at most one reading per integration
/// time, while it is asked to (`active`), and hands each reading to the event loop
/// through an eventfd (`signal`). A read can block for the integration time (a bh1750
/// measures on demand): here it delays neither the pattern thread nor the event loop,
/// which sees the press of a button while a reading is under way.
final class LightSensorReader: @unchecked Sendable {
    /// One reading: the value or why it failed, and when the read returned.
    struct Taken {
        var result: Result<Double, HardwareError>
        var at: Instant
    }

    let read: () -> Result<Double, HardwareError>
    let integration: Duration
    let signal: EventSignal
    private let clock: any TorchClock
    private let wake = WakeWord()
    private let wanted = Atomic<Bool>(false)
    private let stopping = Atomic<Bool>(false)
    /// Readings not yet taken by the loop; the oldest are dropped past `keep`.
    private let taken = Mutex<[Taken]>([])
    private var thread: BackgroundThread?
    static let keep = 16

    init(read: @escaping () -> Result<Double, HardwareError>, integration: Duration, clock: any TorchClock) throws(HardwareError) {
        self.read = read
        self.integration = integration
        self.clock = clock
        signal = try EventSignal()
    }

    /// Starts the thread (idle until `active`).
    func start() throws(HardwareError) {
        let t = BackgroundThread(name: "torch-sensor") { [self] in loop() }
        _ = try t.startReporting("light sensor")
        thread = t
    }

    /// Whether readings are wanted now; waking the thread when they become so.
    var active: Bool {
        get { wanted.load(ordering: .relaxed) }
        set {
            let was = wanted.exchange(newValue, ordering: .acquiringAndReleasing)
            if newValue && !was { wake.wake() }
        }
    }

    /// The readings since the last call, oldest first.
    func take() -> [Taken] {
        signal.drain()
        return taken.withLock { r in
            defer { r.removeAll(keepingCapacity: true) }
            return r
        }
    }

    /// Stops and joins the thread (a read under way is finished first).
    func stop() {
        stopping.store(true, ordering: .releasing)
        wake.wake()
        thread?.join()
        thread = nil
    }

    private func loop() {
        while !stopping.load(ordering: .acquiring) {
            let seen = wake.value
            guard wanted.load(ordering: .acquiring) else {
                _ = wake.wait(unchanged: seen, until: nil)
                continue
            }
            let started = clock.now()
            let result = read()
            let at = clock.now()
            taken.withLock { r in
                if r.count >= Self.keep { r.removeFirst() }
                r.append(Taken(result: result, at: at))
            }
            signal.raise()
            // One reading per integration time: a sensor that returns its last
            // conversion at once (opt3001, veml6030) is not read faster than it converts.
            let next = started + integration
            if clock.now() < next { _ = wake.wait(unchanged: wake.value, until: next.nanoseconds) }
        }
    }
}
