import Synchronization
import TorchCore
import TorchHardware

/// Reads a light sensor on a thread of its own (`LoopWorker`), at most one reading per
/// integration time, while it is asked to (`active`), and hands each reading to the event
/// loop through an eventfd (`descriptor`). A read can block for the integration time (a
/// bh1750 measures on demand): here it delays neither the pattern thread nor the event
/// loop, which sees the press of a button while a reading is under way.
final class LightSensorReader: @unchecked Sendable {
    /// One reading: the value or why it failed, and when the read returned.
    struct Taken {
        var result: Result<Double, HardwareError>
        var at: Instant
    }

    let read: () -> Result<Double, HardwareError>
    let integration: Duration
    private let clock: any TorchClock
    private let wanted = Atomic<Bool>(false)
    /// The thread; the newest `keep` readings wait for the loop.
    private let worker: LoopWorker<Taken>
    static let keep = 16

    init(read: @escaping () -> Result<Double, HardwareError>, integration: Duration, clock: any TorchClock) throws(HardwareError) {
        self.read = read
        self.integration = integration
        self.clock = clock
        worker = try LoopWorker(name: "torch-sensor", what: "light sensor", keep: Self.keep)
    }

    /// Readable when a reading waits (poll it, then `take`).
    var descriptor: Int32 { worker.descriptor }

    /// Starts the thread (idle until `active`).
    func start() throws(HardwareError) {
        try worker.start { [self] in turn() }
    }

    /// Whether readings are wanted now; waking the thread when they become so.
    var active: Bool {
        get { wanted.load(ordering: .relaxed) }
        set {
            let was = wanted.exchange(newValue, ordering: .acquiringAndReleasing)
            if newValue && !was { worker.wake() }
        }
    }

    /// The readings since the last call, oldest first.
    func take() -> [Taken] { worker.take() }

    /// Stops and joins the thread (a read under way is finished first).
    func stop() { worker.stop() }

    /// The sensor's thread: one reading while they are wanted.
    private func turn() -> LoopWorker<Taken>.Next {
        guard wanted.load(ordering: .acquiring) else { return .idle }
        let started = clock.now()
        let result = read()
        worker.hand(Taken(result: result, at: clock.now()))
        // One reading per integration time: a sensor that returns its last conversion at
        // once (opt3001, veml6030) is not read faster than it converts.
        let next = started + integration
        return clock.now() < next ? .rest(until: next) : .again
    }
}
