import Synchronization
import TorchCore
import TorchHardware

/// Plays programs on one output from a dedicated real-time thread at exact instants.
///
/// Every decision — the level at an instant, the software-PWM grid, failing bursts, CPU
/// budget rests, early-wake margins — is `PlaybackStep`'s (TorchCore, tested on a manual
/// clock); this is the loop around it: ask the step, write the output, wait as told.
/// The thread is TorchHardware's `BackgroundThread` at SCHED_FIFO; it sleeps on a
/// `WakeWord` (a futex wait with an absolute CLOCK_MONOTONIC timeout, which also wakes at
/// once on a hand-off), so the schedule never drifts. The loop allocates nothing, takes no
/// lock and logs nothing: programs arrive through `ProgramHandoff`, stamps leave through
/// `TraceRing`, counters are atomics; only the output's own write reaches the kernel. A
/// steady level or dark has no next deadline: the thread sleeps until the next hand-off.
///
/// The service reads `isFailing` and the counters and reports each failing burst once.
public final class PatternScheduler: @unchecked Sendable {
    public let output: any LightOutput
    public let settings: SchedulerSettings
    /// Where every output change is stamped (intended and actual instants).
    public let trace: TraceRing

    /// Raised by the pattern thread when the event loop must look without a timer of
    /// its own: the output started or stopped failing, or the stamp ring is half full.
    /// Nil when the kernel gave no eventfd: the loop then looks every second.
    public let attention: EventSignal? = try? EventSignal()

    private let handoff = ProgramHandoff()
    /// Bumped on every hand-off, rewrite and stop: the thread sleeps on it.
    private let wakeWord = WakeWord()
    private let stopFlag = Atomic<Bool>(false)
    /// With `stopFlag`: stop without going dark (a hand-over to the next process).
    private let handOverFlag = Atomic<Bool>(false)
    private let started = Atomic<Int>(0)   // 0 not started, 1 running, 2 stopped
    private let dutyBits = Atomic<UInt64>(0)
    private let writeCount = Atomic<Int>(0)
    private let failureCount = Atomic<Int>(0)
    private let lastFailure = Atomic<Int32>(0)
    private let failing = Atomic<Bool>(false)
    private let rewriteFlag = Atomic<Bool>(false)
    private let wakeCount = Atomic<Int>(0)
    private let restCount = Atomic<Int>(0)
    /// Set by `start`, cleared by `stop` (the caller's thread only).
    private var thread: BackgroundThread?
    private var memoryLocked = false
    /// The CPU wake-up latency request, held while a program with deadlines plays;
    /// touched only by `play` and `stop` (the caller's thread, never the real-time one).
    private let cpuLatency = CPULatencyRequest()

    /// One line saying how the scheduler runs, e.g. "SCHED_FIFO priority 50, memory locked"
    /// or "normal priority (SCHED_FIFO not permitted: Operation not permitted), timer slack 1ns".
    public var realtimeSummary: String { priorityNote + lockNote }
    private var priorityNote = ""
    private var lockNote = ""

    public init(output: any LightOutput, settings: SchedulerSettings = SchedulerSettings(), trace: TraceRing = TraceRing()) {
        self.output = output
        self.settings = settings
        self.trace = trace
    }

    deinit {
        stop()
        handoff.drainAll()
    }

    /// Starts the thread. Never fails for lack of privilege: without SCHED_FIFO or
    /// mlockall it runs at normal priority with 1 ns timer slack and says so in
    /// `realtimeSummary`.
    public func start() throws(HardwareError) {
        guard started.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged else { return }
        // The thread holds the scheduler until `run` returns (at stop).
        let t = BackgroundThread(name: Self.threadName, realtime: true, priority: settings.realtimePriority) { self.run() }
        do throws(HardwareError) {
            priorityNote = try t.startReporting("scheduler").summary
            thread = t
        } catch {
            started.store(0, ordering: .releasing)
            throw error
        }
    }

    /// Locks the process's memory (mlockall) if the settings ask for it. Called after
    /// the first program is playing: faulting every page in takes a while (long under emulation),
    /// which must not delay the first light (the boot-time light).
    public func lockMemory() {
        guard settings.lockMemory, !memoryLocked, lockNote.isEmpty else { return }
        let e = MemoryLock.lockAll()
        memoryLocked = e == 0
        lockNote = e == 0 ? ", memory locked" : ", memory not locked (\(errnoText(e)))"
    }

    /// Hands a new program to the thread; it takes effect at the thread's next wake-up,
    /// which this call causes at once.
    public func play(_ program: ScheduledProgram) {
        if settings.holdCPULatency && needsWakeups(program) { cpuLatency.hold() } else { cpuLatency.release() }
        let box = ProgramBox(program)
        box.program.handedOverAt = MonotonicClock().now().nanoseconds
        handoff.publish(box)
        followCaller()
        wakeWord.wake()
    }

    /// Makes the thread write the current level again at once (the output was replaced:
    /// a GPIO line taken again after its chip came back).
    public func rewrite() {
        rewriteFlag.store(true, ordering: .releasing)
        followCaller()
        wakeWord.wake()
    }

    /// Stops the thread after it has written dark (duty 0). Idempotent.
    public func stop() { stop(handingOver: false) }

    /// Stops the thread leaving the output as it shows (`PlaybackStep.handingOver`),
    /// for the service's next process to take over. Idempotent.
    public func handOver() { stop(handingOver: true) }

    private func stop(handingOver: Bool) {
        guard started.compareExchange(expected: 1, desired: 2, ordering: .acquiringAndReleasing).exchanged else { return }
        handOverFlag.store(handingOver, ordering: .releasing)
        stopFlag.store(true, ordering: .releasing)
        wakeWord.wake()
        thread?.join()
        cpuLatency.release()
        handoff.drainAll()
        if memoryLocked { MemoryLock.unlockAll(); memoryLocked = false }
    }

    /// `SchedulerSettings.shareCPU`: moves the thread to the caller's CPU before waking it.
    private func followCaller() {
        guard settings.shareCPU, started.load(ordering: .acquiring) == 1 else { return }
        thread?.moveToCallersCPU()
    }

    /// True when `program` makes the thread wake on deadlines (`PlaybackProgram.needsWakeups`).
    func needsWakeups(_ program: ScheduledProgram) -> Bool {
        PlaybackProgram.needsWakeups(program.timeline, lightness: program.lightness, mapping: program.mapping,
                                     binaryOutput: output.isBinary)
    }

    /// The one CPU the thread may run on (the kernel's affinity), or -1 when it may run on
    /// several or has not started.
    public var pinnedCPU: Int32 {
        started.load(ordering: .acquiring) == 1 ? thread?.onlyCPU ?? -1 : -1
    }

    /// True while the CPU wake-up latency request is held.
    public var holdsCPULatency: Bool { cpuLatency.isHeld }

    /// The duty cycle last written, 0…1 (for displays).
    public var currentDuty: Double { Double(bitPattern: dutyBits.load(ordering: .relaxed)) }
    /// Output writes so far.
    public var writes: Int { writeCount.load(ordering: .relaxed) }
    /// Writes the output refused, and the last errno it gave.
    public var failures: (count: Int, lastErrno: Int32) {
        (failureCount.load(ordering: .relaxed), lastFailure.load(ordering: .relaxed))
    }
    /// True from a refused write until the next write that succeeds (`PlaybackStep`).
    public var isFailing: Bool { failing.load(ordering: .relaxed) }
    /// How long a failing output is left alone before the pattern's level is tried again.
    public static let retryInterval: Int64 = 100_000_000

    /// Times the thread woke up (deadlines and hand-offs).
    public var wakeups: Int { wakeCount.load(ordering: .relaxed) }
    /// Times the thread had spent its CPU budget and rested (`CPUBudget`).
    public var rests: Int { restCount.load(ordering: .relaxed) }

    // MARK: - The real-time thread

    /// The thread's name (`ps -L`, `top -H`, /proc/PID/task/TID/comm): an operator can
    /// tell it from the event loop, and the VM test finds it by name.
    public static let threadName = "torch-pattern"

    private func run() {
        let clock = MonotonicClock()
        var step = PlaybackStep(pwmPeriod: settings.pwmPeriodNanoseconds, rampTick: settings.rampTickNanoseconds,
                                binaryOutput: output.isBinary, retryInterval: Self.retryInterval,
                                now: clock.now().nanoseconds)
        var current: Unmanaged<ProgramBox>? = nil
        var wasFailing = false
        while true {
            let seen = wakeWord.value
            if stopFlag.load(ordering: .acquiring) { break }
            if let next = handoff.take() {
                if let old = current { handoff.retire(old) }
                current = next
                next._withUnsafeGuaranteedRef { step.handOff($0.program) }
            }
            wakeCount.add(1, ordering: .relaxed)
            if rewriteFlag.exchange(false, ordering: .acquiring) { step.outputReplaced() }
            let now = clock.now().nanoseconds
            var write: PlaybackWrite? = nil
            if let box = current {
                write = box._withUnsafeGuaranteedRef { step.play(at: now, program: &$0.program) }
            } else {
                step.idle(at: now)
            }
            while let w = write {   // the level, then dark once if the output refused it
                let rc = output.write(duty: w.duty)
                record(w, result: rc, at: now)
                write = step.wrote(w, result: rc, at: now)
            }
            failing.store(step.isFailing, ordering: .relaxed)
            if step.isFailing != wasFailing {
                wasFailing = step.isFailing
                attention?.raise()
            }
            let waitFrom = clock.now().nanoseconds
            let wait = step.wait(from: waitFrom)
            step.woke(perform(wait, from: waitFrom, unchanged: seen, clock: clock))
        }
        // Stop: go dark while still the only writer (or, handing over, leave the output
        // as it shows), then hand the last program back.
        let now = clock.now().nanoseconds
        let last = handOverFlag.load(ordering: .acquiring) ? step.handingOver(at: now) : step.stopping(at: now)
        if let last, output.write(duty: last.duty) == 0 {
            dutyBits.store(last.duty.bitPattern, ordering: .relaxed)
            trace.push(OutputStamp(intended: last.intended, actual: now, duty: last.duty))
        }
        if let old = current { handoff.retire(old) }
    }

    /// Counts and stamps one write the output answered with `rc` (0 or an errno).
    @inline(__always)
    private func record(_ w: PlaybackWrite, result rc: Int32, at now: Int64) {
        if rc == 0 {
            dutyBits.store(w.duty.bitPattern, ordering: .relaxed)
            writeCount.add(1, ordering: .relaxed)
            if trace.push(OutputStamp(intended: w.intended, actual: now, duty: w.duty)) { attention?.raise() }
        } else {
            failureCount.add(1, ordering: .relaxed)
            if w.reason == .level { lastFailure.store(rc, ordering: .relaxed) }
        }
    }

    /// Waits as the step said from `from`, unless a hand-off or stop bumps the word past
    /// `seen` first.
    @inline(__always)
    private func perform(_ wait: PlaybackWait, from: Int64, unchanged seen: UInt32, clock: MonotonicClock) -> PlaybackWakeup {
        switch wait {
        case .sleep(let until):
            let timedOut = wakeWord.wait(unchanged: seen, until: until)
            return PlaybackWakeup(sleptUntil: clock.now().nanoseconds, sleepTimedOut: timedOut, reachedDeadline: timedOut)
        case .rest(let until):
            restCount.add(1, ordering: .relaxed)
            let timedOut = wakeWord.wait(unchanged: seen, until: until)
            return PlaybackWakeup(sleptUntil: clock.now().nanoseconds, sleepTimedOut: timedOut, reachedDeadline: timedOut)
        case .spin(let until):
            let reached = wakeWord.spin(unchanged: seen, until: until)
            return PlaybackWakeup(sleptUntil: from, sleepTimedOut: false, reachedDeadline: reached)
        case .earlyWake(let wake, let edge):
            let timedOut = wakeWord.wait(unchanged: seen, until: wake)
            let woke = clock.now().nanoseconds
            let reached = timedOut && wakeWord.spin(unchanged: seen, until: edge)
            return PlaybackWakeup(sleptUntil: woke, sleepTimedOut: timedOut, reachedDeadline: reached)
        }
    }
}
