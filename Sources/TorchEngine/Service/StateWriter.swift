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
    /// The thread; nil when every save is written in the caller.
    private let worker: LoopWorker<Ended>?
    /// The value the thread is to write next; taken by the thread.
    private let job = Mutex<PersistentState?>(nil)

    /// - Parameters:
    ///   - write: writes a state, returning why it failed (nil: on disk). Runs on the
    ///     writer's thread once `start()`ed, else in the caller.
    ///   - onItsOwnThread: false: every save is written in the caller.
    public init(onItsOwnThread: Bool = true, write: @escaping @Sendable (PersistentState) -> HardwareError?) throws(HardwareError) {
        self.write = write
        worker = onItsOwnThread ? try LoopWorker(name: "torch-save", what: "state file") : nil
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
    public var descriptor: Int32? { worker?.running == true ? worker?.descriptor : nil }

    /// Starts the thread (when there is to be one); on failure saves are written in the
    /// caller, and the error says why.
    public func start() throws(HardwareError) {
        try worker?.start { [self] in turn() }
    }

    /// Begins writing `state`: its end at once when written in the caller, else nil (it
    /// comes through `descriptor` and `takeEnded`).
    public func save(_ state: PersistentState) -> Ended? {
        guard let worker, worker.running else { return Ended(state: state, error: write(state)) }
        job.withLock { $0 = state }
        worker.wake()
        return nil
    }

    /// The writes that ended since the last call, oldest first.
    public func takeEnded() -> [Ended] { worker?.take() ?? [] }

    /// The stop: waits for a write under way, joins the thread, writes in the caller one
    /// handed over but not begun, and returns what ended; saves from here on are written
    /// in the caller.
    public func finish() -> [Ended] {
        guard let worker, worker.running else { return takeEnded() }
        worker.stop()
        var ended = worker.take()
        if let state = takeJob() { ended.append(Ended(state: state, error: write(state))) }
        return ended
    }

    /// The writer's thread: writes the value handed over, if any.
    private func turn() -> LoopWorker<Ended>.Next {
        guard let state = takeJob() else { return .idle }
        worker?.hand(Ended(state: state, error: write(state)))
        return .again
    }

    private func takeJob() -> PersistentState? {
        job.withLock { j in defer { j = nil }; return j }
    }
}

/// The state file handed to the writer's thread: the loop reads it at the start, before
/// the thread exists, and never touches it after.
private final class OwnedStateFile: @unchecked Sendable {
    let file: StateFile
    init(_ file: StateFile) { self.file = file }
}
