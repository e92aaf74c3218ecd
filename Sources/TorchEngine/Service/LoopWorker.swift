import Synchronization
import TorchCore
import TorchHardware

/// A thread of its own for work that may block — a state file's fsyncs, a light
/// sensor's conversion — which hands each result to the event loop through an eventfd
/// (`descriptor`): the loop polls it and takes what ended (`take()`), and never waits for
/// the work itself.
///
/// The thread runs its owner's `turn` over and over until `stop()`: a turn does one piece
/// of work (handing its result with `hand`) and says what to do next (`Next`). Results
/// wait for the loop in arrival order; past `keep` the oldest are dropped.
final class LoopWorker<Item: Sendable>: @unchecked Sendable {
    /// What the thread does after a turn.
    enum Next {
        /// Another turn at once.
        case again
        /// Sleep until `wake()`; a wake since the turn began counts, so none is lost
        /// between the turn looking for work and the sleep.
        case idle
        /// Sleep until `deadline` (CLOCK_MONOTONIC), or until a `wake()` after the turn.
        case rest(until: Instant)
    }

    private let name: String
    private let what: String
    private let keep: Int?
    private let signal: EventSignal
    private let wakeWord = WakeWord()
    private let stopping = Atomic<Bool>(false)
    /// Results not yet taken by the loop.
    private let items = Mutex<[Item]>([])
    private var thread: BackgroundThread?

    /// - Parameters:
    ///   - name: the thread's name (`ps -L`), at most 15 bytes.
    ///   - what: what it serves, for the line when its thread cannot start.
    ///   - keep: how many results wait for the loop at most; nil: all.
    init(name: String, what: String, keep: Int? = nil) throws(HardwareError) {
        self.name = name
        self.what = what
        self.keep = keep
        signal = try EventSignal()
    }

    /// Readable when a result waits (poll it, then `take`).
    var descriptor: Int32 { signal.fd }

    /// Whether the thread runs (started and not stopped).
    var running: Bool { thread != nil }

    /// Starts the thread running `turn`.
    func start(_ turn: @escaping () -> Next) throws(HardwareError) {
        guard thread == nil else { return }
        let t = BackgroundThread(name: name) { [self] in run(turn) }
        _ = try t.startReporting(what)
        thread = t
    }

    /// The thread: hands a result to the loop.
    func hand(_ item: Item) {
        items.withLock { i in
            if let keep, i.count >= keep { i.removeFirst() }
            i.append(item)
        }
        signal.raise()
    }

    /// The loop: the results since the last call, oldest first.
    func take() -> [Item] {
        signal.drain()
        return items.withLock { i in
            defer { i.removeAll(keepingCapacity: true) }
            return i
        }
    }

    /// Any thread: ends an `idle` or `rest` sleep.
    func wake() { wakeWord.wake() }

    /// Stops the thread after the turn under way and joins it.
    func stop() {
        stopping.store(true, ordering: .releasing)
        wakeWord.wake()
        thread?.join()
        thread = nil
    }

    /// The word is read before `stopping` every time: `stop()` sets `stopping` before it
    /// bumps the word, so a stop either is seen here or changes the word after the read,
    /// and the sleep on that value ends at once. Read the other way round, a stop between
    /// the two would be lost and the thread would sleep through it.
    private func run(_ turn: () -> Next) {
        while true {
            let seen = wakeWord.value
            if stopping.load(ordering: .acquiring) { return }
            switch turn() {
            case .again:
                continue
            case .idle:
                _ = wakeWord.wait(unchanged: seen, until: nil)
            case .rest(let deadline):
                let now = wakeWord.value
                if stopping.load(ordering: .acquiring) { return }
                _ = wakeWord.wait(unchanged: now, until: deadline.nanoseconds)
            }
        }
    }
}
