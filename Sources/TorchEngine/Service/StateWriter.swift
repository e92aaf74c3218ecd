import Synchronization
import TorchCore
import TorchHardware

/// Writes the state file on a thread of its own (`torch-save`) and hands each write's end
/// to the event loop through an eventfd (`descriptor`). A save is an atomic write with
/// two fsyncs, and an fsync waits for the disk: seconds on a slow SD card, or while
/// something else fills the page cache. On the loop that wait would hold the button,
/// the control socket and every front end; here it holds only this thread.
///
/// One write at a time: `WriteCoalescer` hands out the next value only once the last has
/// ended. Without a thread of its own (`onItsOwnThread: false`, the embedded service on
/// its manual clock), and after `finish()` (the stop), a save is written in the caller
/// and `save` returns its end at once.
public final class StateWriter: @unchecked Sendable {
    /// How a save ended: `error` nil when the state is on disk.
    public struct Ended: Sendable {
        public var state: PersistentState
        public var error: HardwareError?
    }

    private let write: @Sendable (PersistentState) -> HardwareError?
    private let signal: EventSignal?
    private let wake = WakeWord()
    /// The value the thread is to write next; taken by the thread.
    private let job = Mutex<PersistentState?>(nil)
    /// Writes that ended, not yet taken by the loop.
    private let ended = Mutex<[Ended]>([])
    private let stopping = Atomic<Bool>(false)
    private var thread: BackgroundThread?

    /// - Parameters:
    ///   - write: writes a state, returning why it failed (nil: on disk). Runs on the
    ///     writer's thread once `start()`ed, else in the caller.
    ///   - onItsOwnThread: false: every save is written in the caller.
    public init(onItsOwnThread: Bool = true, write: @escaping @Sendable (PersistentState) -> HardwareError?) throws(HardwareError) {
        self.write = write
        signal = onItsOwnThread ? try EventSignal() : nil
    }

    /// Saves through `file` (which only the writer touches from here on).
    public convenience init(file: StateFile, onItsOwnThread: Bool = true) throws(HardwareError) {
        let owned = OwnedStateFile(file)
        try self.init(onItsOwnThread: onItsOwnThread) { state in
            do throws(HardwareError) { try owned.file.save(state) } catch { return error }
            return nil
        }
    }

    /// Readable when a write has ended (poll it, then `takeEnded`); nil while writes end
    /// in the caller.
    public var descriptor: Int32? { thread == nil ? nil : signal?.fd }

    /// Starts the thread (when there is to be one); on failure saves are written in the
    /// caller, and the error says why.
    public func start() throws(HardwareError) {
        guard signal != nil, thread == nil else { return }
        let t = BackgroundThread(name: "torch-save") { [self] in loop() }
        _ = try t.startReporting("state file")
        thread = t
    }

    /// Begins writing `state`: its end at once when written in the caller, else nil (it
    /// comes through `descriptor` and `takeEnded`).
    public func save(_ state: PersistentState) -> Ended? {
        guard thread != nil else { return Ended(state: state, error: write(state)) }
        job.withLock { $0 = state }
        wake.wake()
        return nil
    }

    /// The writes that ended since the last call, oldest first.
    public func takeEnded() -> [Ended] {
        signal?.drain()
        return ended.withLock { e in
            defer { e.removeAll() }
            return e
        }
    }

    /// The stop: waits for a write under way (and one handed over but not begun), joins
    /// the thread and returns what ended; saves from here on are written in the caller.
    public func finish() -> [Ended] {
        guard let thread else { return takeEnded() }
        stopping.store(true, ordering: .releasing)
        wake.wake()
        thread.join()
        self.thread = nil
        return takeEnded()
    }

    private func loop() {
        while true {
            let seen = wake.value
            if let state = job.withLock({ j in defer { j = nil }; return j }) {
                let error = write(state)
                ended.withLock { $0.append(Ended(state: state, error: error)) }
                signal?.raise()
                continue
            }
            if stopping.load(ordering: .acquiring) { return }
            _ = wake.wait(unchanged: seen, until: nil)
        }
    }
}

/// The state file handed to the writer's thread: the loop reads it at the start, before
/// the thread exists, and never touches it after.
private final class OwnedStateFile: @unchecked Sendable {
    let file: StateFile
    init(_ file: StateFile) { self.file = file }
}
