import CTorchSys
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs a closure on its own pthread: benches run the whole service on one while they
/// inject input from another, host lookups block on one, and the pattern scheduler plays
/// on one at real-time priority. `join()` waits for it.
///
/// A named thread names itself (`ps -L`, `top -H`, /proc/PID/task/TID/comm show it). A
/// real-time one (`realtime: true`) touches its stack first, so its loop never faults on
/// it, then asks for SCHED_FIFO at `priority` and reports what it got (`scheduling`);
/// without the privilege it runs at normal priority with 1 ns timer slack. Its CPU can
/// follow the thread that wakes it (`moveToCallersCPU()`). The body is released when it
/// returns, so what it captures (its owner, usually) lives exactly as long as it runs.
public final class BackgroundThread: @unchecked Sendable {
    private var thread: pthread_t = 0
    /// Set before start; taken by the thread itself, which releases it when it returns.
    private var body: (() -> Void)?
    private let name: String?
    private let realtime: Bool
    private let priority: Int?
    /// 0 while the thread has not reported, then 1; `granted` is written before.
    private let reported = Atomic<Int>(0)
    private var granted = ThreadPriority.Granted.normal(refused: nil)
    private let running = Atomic<Bool>(false)
    /// The CPU the thread was last moved to; -1: none. Touched only by callers of
    /// `moveToCallersCPU()` (one thread at a time: the event loop).
    private var followedCPU: Int32 = -1

    /// - Parameters:
    ///   - name: the thread's name, at most 15 bytes kept (the kernel's comm); nil: the
    ///     process's.
    ///   - realtime: prefault the stack and take `priority`'s scheduling.
    ///   - priority: SCHED_FIFO priority 1…99 for a real-time thread; nil: stay at normal
    ///     priority (with 1 ns timer slack).
    public init(name: String? = nil, realtime: Bool = false, priority: Int? = nil, _ body: @escaping () -> Void) {
        self.body = body
        self.name = name
        self.realtime = realtime
        self.priority = priority
    }

    /// Starts the thread; false if the system refused.
    public func start() -> Bool { create() == 0 }

    /// Like `start()`, but throws the errno as a `HardwareError` naming `what`, and waits
    /// (start-up only) for the thread to report its scheduling.
    public func startReporting(_ what: String) throws(HardwareError) -> ThreadPriority.Granted {
        let rc = create()
        if rc != 0 { throw HardwareError("\(what): cannot start its thread: \(errnoText(rc))", errno: rc) }
        return scheduling
    }

    /// pthread_create: 0 or the errno. The thread holds this object until its body returns.
    private func create() -> Int32 {
        let context = Unmanaged.passRetained(self).toOpaque()
        let rc = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            Unmanaged<BackgroundThread>.fromOpaque(raw).takeRetainedValue().main()
            return nil
        }, context)
        if rc != 0 {
            Unmanaged<BackgroundThread>.fromOpaque(context).release()
            return rc
        }
        running.store(true, ordering: .releasing)
        return 0
    }

    /// How the thread runs, once it has said (waits for that at start-up).
    public var scheduling: ThreadPriority.Granted {
        guard running.load(ordering: .acquiring) else { return .normal(refused: nil) }
        while reported.load(ordering: .acquiring) == 0 { usleep(100) }
        return granted
    }

    public func join() {
        guard running.exchange(false, ordering: .acquiringAndReleasing) else { return }
        pthread_join(thread, nil)
    }

    /// The one CPU the thread may run on (the kernel's affinity), or -1 when it may run on
    /// several or is not running.
    public var onlyCPU: Int32 {
        running.load(ordering: .acquiring) ? ctorch_thread_only_cpu(thread) : -1
    }

    /// Lets the thread run only on the caller's current CPU: a wake-up from the caller
    /// then preempts it on a running CPU instead of waking the thread's previous CPU from
    /// idle. One sched_setaffinity call when the caller's CPU changed since the last move,
    /// none otherwise; only this thread is pinned, never the caller.
    public func moveToCallersCPU() {
        guard running.load(ordering: .acquiring) else { return }
        let cpu = ctorch_current_cpu()
        guard cpu >= 0, cpu != followedCPU else { return }
        if ctorch_pin_thread_to_cpu(thread, cpu) == 0 { followedCPU = cpu }
    }

    private func main() {
        if let name { _ = ctorch_name_this_thread(name) }
        if realtime {
            ctorch_prefault_stack()
            granted = ThreadPriority.apply(priority)
        }
        reported.store(1, ordering: .releasing)
        let run = body
        body = nil
        run?()
    }
}
