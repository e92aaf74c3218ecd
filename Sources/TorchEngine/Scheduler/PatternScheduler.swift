import CTorchSys
import Synchronization
import TorchCore
import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// Plays programs on one output from a dedicated thread at exact instants.
///
/// Deadlines are absolute CLOCK_MONOTONIC instants (futex wait with an absolute
/// timeout, which also wakes at once on a hand-off), so the schedule never drifts.
/// The loop allocates nothing, takes no lock and logs nothing: programs arrive through
/// `ProgramHandoff`, stamps leave through `TraceRing`, counters are atomics. A steady
/// level or dark has no next deadline: the thread sleeps until the next hand-off.
///
/// A refused write (a PWM block behind a failing bus: EIO) starts a failing burst: the
/// thread writes dark once, then tries the pattern's level again only every
/// `retryInterval` (no busy loop), and the burst ends at the first write that succeeds.
/// The service reads `isFailing` and the counters and reports each burst once.
///
/// The thread keeps to a CPU budget (`CPUBudget`: at most half of a CPU over any few ms):
/// on a machine too slow for what the program asks (each software-PWM period's writes
/// taking longer than the period) it would otherwise never sleep, and the event loop
/// below it, which is what ends the program, would never run. Once the budget is spent
/// it rests half the time (dark, for software PWM) and counts it in `rests`.
public final class PatternScheduler: @unchecked Sendable {
    public let output: any LightOutput
    public let settings: SchedulerSettings
    /// Where every output change is stamped (intended and actual instants).
    public let trace: TraceRing

    private let handoff = ProgramHandoff()
    /// The futex word: bumped on every hand-off and on stop.
    private let wakeWord: UnsafeMutablePointer<UInt32>
    private let stopFlag = Atomic<Bool>(false)
    private let started = Atomic<Int>(0)   // 0 not started, 1 running, 2 stopped
    private let dutyBits = Atomic<UInt64>(0)
    private let writeCount = Atomic<Int>(0)
    private let failureCount = Atomic<Int>(0)
    private let lastFailure = Atomic<Int32>(0)
    private let failing = Atomic<Bool>(false)
    private let rewriteFlag = Atomic<Bool>(false)
    private let wakeCount = Atomic<Int>(0)
    private let restCount = Atomic<Int>(0)
    private let threadReady = Atomic<Int32>(0)  // 0 waiting, 1 realtime, 2 normal priority
    private let fifoErrno = Atomic<Int32>(0)
    private var thread: pthread_t = 0
    /// The CPU the thread was last moved to (`SchedulerSettings.shareCPU`); -1: none.
    /// Touched only by the caller's thread (`play`, `rewrite`).
    private var followedCPU: Int32 = -1
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
        wakeWord = .allocate(capacity: 1)
        wakeWord.initialize(to: 0)
    }

    deinit {
        stop()
        handoff.drainAll()
        wakeWord.deallocate()
    }

    /// Starts the thread. Never fails for lack of privilege: without SCHED_FIFO or
    /// mlockall it runs at normal priority with 1 ns timer slack and says so in
    /// `realtimeSummary`.
    public func start() throws(HardwareError) {
        guard started.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged else { return }
        var attr = pthread_attr_t()
        pthread_attr_init(&attr)
        defer { pthread_attr_destroy(&attr) }
        let context = Unmanaged.passRetained(self).toOpaque()
        let rc = pthread_create(&thread, &attr, { raw in
            guard let raw else { return nil }
            let s = Unmanaged<PatternScheduler>.fromOpaque(raw).takeRetainedValue()
            s.threadMain()
            return nil
        }, context)
        if rc != 0 {
            Unmanaged<PatternScheduler>.fromOpaque(context).release()
            started.store(0, ordering: .releasing)
            throw HardwareError("scheduler: cannot start its thread: \(errnoText(rc))", errno: rc)
        }
        // Start-up only: wait for the thread to report its priority.
        while threadReady.load(ordering: .acquiring) == 0 { usleep(100) }
        if threadReady.load(ordering: .acquiring) == 1, let p = settings.realtimePriority {
            priorityNote = "SCHED_FIFO priority \(p)"
        } else if settings.realtimePriority == nil {
            priorityNote = "normal priority (real-time not requested), timer slack 1ns"
        } else {
            let e = fifoErrno.load(ordering: .relaxed)
            priorityNote = "normal priority (SCHED_FIFO not permitted: \(errnoText(e))), timer slack 1ns"
        }
    }

    /// Locks the process's memory (mlockall) if the settings ask for it. Called after
    /// the first program is playing: faulting every page in takes tens of milliseconds,
    /// which must not delay the first light (the boot-time light).
    public func lockMemory() {
        guard settings.lockMemory, !memoryLocked, lockNote.isEmpty else { return }
        let e = ctorch_lock_memory()
        memoryLocked = e == 0
        lockNote = e == 0 ? ", memory locked" : ", memory not locked (\(errnoText(e)))"
    }

    /// Hands a new program to the thread; it takes effect at the thread's next wake-up,
    /// which this call causes at once.
    public func play(_ program: ScheduledProgram) {
        if settings.holdCPULatency && needsWakeups(program) { cpuLatency.hold() } else { cpuLatency.release() }
        let box = ProgramBox(program)
        box.publishedNs = ctorch_monotonic_ns()
        handoff.publish(box)
        followCaller()
        ctorch_atomic_increment_u32(wakeWord)
        ctorch_futex_wake_all(wakeWord)
    }

    /// Makes the thread write the current level again at once (the output was replaced:
    /// a GPIO line taken again after its chip came back).
    public func rewrite() {
        rewriteFlag.store(true, ordering: .releasing)
        followCaller()
        ctorch_atomic_increment_u32(wakeWord)
        ctorch_futex_wake_all(wakeWord)
    }

    /// Stops the thread after it has written dark (duty 0). Idempotent.
    public func stop() {
        guard started.compareExchange(expected: 1, desired: 2, ordering: .acquiringAndReleasing).exchanged else { return }
        stopFlag.store(true, ordering: .releasing)
        ctorch_atomic_increment_u32(wakeWord)
        ctorch_futex_wake_all(wakeWord)
        pthread_join(thread, nil)
        cpuLatency.release()
        handoff.drainAll()
        if memoryLocked { ctorch_unlock_memory(); memoryLocked = false }
    }

    /// Moves the thread to the caller's CPU before waking it (`SchedulerSettings.shareCPU`):
    /// the wake-up then preempts the caller on a running CPU instead of waking the
    /// thread's previous CPU from idle. Only the real-time thread is pinned, never the
    /// caller, so the event loop still moves away from a CPU other work keeps busy; one
    /// sched_setaffinity call when the caller's CPU changed, none otherwise.
    private func followCaller() {
        guard settings.shareCPU, started.load(ordering: .acquiring) == 1 else { return }
        let cpu = ctorch_current_cpu()
        guard cpu >= 0, cpu != followedCPU else { return }
        if ctorch_pin_thread_to_cpu(thread, cpu) == 0 { followedCPU = cpu }
    }

    /// Busy-waits until `deadline` (CLOCK_MONOTONIC ns) unless a hand-off or stop bumps
    /// the wake word first; true when the deadline was reached. Software PWM's short
    /// gaps (a 5 % pulse at 1 kHz is 50 µs) are shorter than what waking an idle CPU
    /// costs (on a VM whose idle is HLT, hundreds of µs at p99), so sleeping through
    /// them makes the edge as late as the wake-up; spinning costs at most `spinLimit`
    /// per period, 5 % of a core. Reads the clock and an atomic: no syscall beyond the
    /// vDSO clock, no lock, no allocation.
    private func spin(until deadline: Int64, seq: UInt32) -> Bool {
        while ctorch_monotonic_ns() < deadline {
            if ctorch_atomic_load_u32(wakeWord) != seq { return false }
        }
        return true
    }

    /// True when `program` makes the thread wake on deadlines: a timeline with steps,
    /// or a level between off and full on a binary output (software PWM).
    func needsWakeups(_ program: ScheduledProgram) -> Bool {
        if !program.timeline.isSteady { return true }
        guard output.isBinary else { return false }
        let duty = program.mapping.duty(forLightness: program.lightness * program.timeline.endLevel)
        return duty > 0 && duty < 1
    }

    /// The one CPU the thread may run on (the kernel's affinity), or -1 when it may run on
    /// several or has not started.
    public var pinnedCPU: Int32 {
        started.load(ordering: .acquiring) == 1 ? ctorch_thread_only_cpu(thread) : -1
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
    /// True from a refused write until the next write that succeeds (see the type's notes).
    public var isFailing: Bool { failing.load(ordering: .relaxed) }
    /// How long a failing output is left alone before the pattern's level is tried again.
    public static let retryInterval: Int64 = 100_000_000

    /// Times the thread woke up (deadlines and hand-offs).
    public var wakeups: Int { wakeCount.load(ordering: .relaxed) }
    /// Times the thread had spent its CPU budget and rested (see the type's notes).
    public var rests: Int { restCount.load(ordering: .relaxed) }

    // MARK: - The real-time thread

    /// The thread's name (`ps -L`, `top -H`, /proc/PID/task/TID/comm): an operator can
    /// tell it from the event loop, and the VM test finds it by name.
    public static let threadName = "torch-pattern"

    private func threadMain() {
        _ = ctorch_name_this_thread(Self.threadName)
        ctorch_prefault_stack()
        if let p = settings.realtimePriority {
            let e = ctorch_set_fifo(Int32(p))
            fifoErrno.store(e, ordering: .relaxed)
            if e != 0 { _ = ctorch_set_timer_slack(1) }
            threadReady.store(e == 0 ? 1 : 2, ordering: .releasing)
        } else {
            _ = ctorch_set_timer_slack(1)
            threadReady.store(2, ordering: .releasing)
        }
        run()
    }

    private func run() {
        var current: Unmanaged<ProgramBox>? = nil
        var lastDuty = -1.0
        let pwmPeriod = settings.pwmPeriodNanoseconds
        let rampTick = settings.rampTickNanoseconds
        // The instant the current wake-up was scheduled for (stamped as "intended").
        var intended: Int64 = ctorch_monotonic_ns()
        // Software PWM: the last grid period that got its pulse, and when that pulse ends.
        var pulsedPeriod: Int64 = -1
        var pulseEnd: Int64 = 0
        // Software PWM busy-waits a deadline closer than this instead of sleeping (see
        // `spin`): at most 5 % of the period, and never more than 50 µs.
        let spinLimit = Swift.min(50_000, pwmPeriod / 20)
        // Longer gaps are slept through, but the thread wakes early by the machine's p99
        // wake-up lateness (learnt as it runs) and busy-waits to the edge: at most 3.5 %
        // of the period (35 µs at 1 kHz) before a falling edge, whose lateness is all
        // duty error, and at most 2.5 % × 2 × duty before a rising edge, whose lateness
        // moves the period's start and so costs duty × lateness. Measured on the 2-core
        // VM (`make bench` figure 5): 50 % duty error p99 4.8 → 1.4–1.8 points at 4.2–4.4 %
        // of a core.
        var wakeLateness = WakeLatencyEstimate(cap: Swift.min(35_000, pwmPeriod * 7 / 200))
        let riseLimit = Swift.min(25_000, pwmPeriod / 40)
        var pwmDuty = 0.0
        // A failing burst: no write before retryAt (see the type's notes).
        var inBurst = false
        var retryAt: Int64 = 0
        // Running time against sleep (see the type's notes); runFrom: the last wake-up.
        var budget = CPUBudget()
        var runFrom = ctorch_monotonic_ns()

        while true {
            let seq = ctorch_atomic_load_u32(wakeWord)
            if stopFlag.load(ordering: .acquiring) { break }
            if let next = handoff.take() {
                if let old = current { handoff.retire(old) }
                current = next
                intended = next._withUnsafeGuaranteedRef { Swift.max($0.startNs, $0.publishedNs) }
                pulsedPeriod = -1
            }
            wakeCount.add(1, ordering: .relaxed)
            if rewriteFlag.exchange(false, ordering: .acquiring) { lastDuty = -1 }
            let now = ctorch_monotonic_ns()
            if intended > now { intended = now }

            guard let box = current else {
                budget.ran(now.saturatingSubtracting(runFrom))
                _ = ctorch_futex_wait_until(wakeWord, seq, -1)
                intended = ctorch_monotonic_ns()
                budget.slept(intended.saturatingSubtracting(now))
                runFrom = intended
                continue
            }
            // Deadlines are sums of a start instant and timeline offsets, either of which
            // may be near Int64's ends (a hand-built step of 292 years, a start at
            // Int64.min): all of it saturates, and a deadline at Int64.max means never.
            var deadline: Int64 = -1
            var softPWM = false
            let desired: Double = box._withUnsafeGuaranteedRef { b in
                let elapsed = now.saturatingSubtracting(b.startNs)
                if elapsed < 0 {
                    deadline = b.startNs
                    return lastDuty < 0 ? 0 : lastDuty
                }
                let s = b.cursor.sample(at: elapsed)
                let duty = b.mapping.duty(forLightness: b.lightness * s.level)
                let boundary = s.nextBoundary.map { b.startNs.saturatingAdding($0) } ?? -1
                if output.isBinary && duty > 0 && duty < 1 {
                    softPWM = true
                    pwmDuty = duty
                    // Software PWM on a period grid anchored at the program start. Every
                    // period gets exactly one pulse: a wake-up later than a short on-time
                    // (50 µs at 5 % of 1 kHz) still emits the pulse, keeping its width,
                    // rather than skipping the period and losing a whole pulse of light.
                    let k = elapsed / pwmPeriod
                    let periodStart = b.startNs.saturatingAdding(k.saturatingMultiplied(by: pwmPeriod))
                    let nextStart = periodStart.saturatingAdding(pwmPeriod)
                    // duty is in (0, 1) here, so the product is within 0…pwmPeriod.
                    let onLength = Int64(exactly: (Double(pwmPeriod) * duty).rounded()) ?? pwmPeriod
                    if lastDuty == 1 {
                        if now < pulseEnd {
                            deadline = pulseEnd
                            return 1
                        }
                        deadline = pulsedPeriod < k ? now : nextStart
                        return 0
                    }
                    if pulsedPeriod < k {
                        pulsedPeriod = k
                        // The pulse keeps its width from the instant it actually rose:
                        // ending it on the grid instead shortens every pulse by the
                        // wake-up's lateness, a bias (5 % at 1 kHz measured 3.1 % once
                        // the falling edge was exact).
                        pulseEnd = min(now.saturatingAdding(onLength), nextStart)
                        deadline = pulseEnd
                        return 1
                    }
                    deadline = nextStart
                    return 0
                }
                if s.ramping {
                    let tick = b.startNs.saturatingAdding((elapsed / rampTick + 1).saturatingMultiplied(by: rampTick))
                    deadline = boundary >= 0 ? min(boundary, tick) : tick
                } else {
                    deadline = boundary
                }
                return output.isBinary ? (duty > 0 ? 1 : 0) : duty
            }
            if desired != lastDuty && (!inBurst || now >= retryAt) {
                let rc = output.write(duty: desired)
                if rc == 0 {
                    lastDuty = desired
                    dutyBits.store(desired.bitPattern, ordering: .relaxed)
                    writeCount.add(1, ordering: .relaxed)
                    trace.push(OutputStamp(intended: intended, actual: now, duty: desired))
                    if inBurst {
                        inBurst = false
                        failing.store(false, ordering: .relaxed)
                    }
                } else {
                    failureCount.add(1, ordering: .relaxed)
                    lastFailure.store(rc, ordering: .relaxed)
                    failing.store(true, ordering: .relaxed)
                    // Dark once per burst, then leave the output alone until retryAt.
                    if !inBurst && lastDuty != 0 {
                        if output.write(duty: 0) == 0 {
                            lastDuty = 0
                            dutyBits.store(Double(0).bitPattern, ordering: .relaxed)
                            writeCount.add(1, ordering: .relaxed)
                            trace.push(OutputStamp(intended: now, actual: now, duty: 0))
                        } else {
                            failureCount.add(1, ordering: .relaxed)
                        }
                    }
                    inBurst = true
                    retryAt = now.saturatingAdding(Self.retryInterval)
                }
            }
            if inBurst && desired != lastDuty {
                deadline = deadline < 0 ? retryAt : min(deadline, retryAt)
            }
            if deadline == Int64.max { deadline = -1 }
            let waitFrom = ctorch_monotonic_ns()
            budget.ran(waitFrom.saturatingSubtracting(runFrom))
            let rest = budget.restNeeded
            var r: Int32 = 0
            // When the thread stopped sleeping: the spin-only path never sleeps, and the
            // early wake's spin is running time.
            var woke = waitFrom
            if rest > 0 && deadline >= 0 && deadline.saturatingSubtracting(waitFrom) < rest && !(softPWM && lastDuty == 1) {
                // Budget spent and the next deadline too close to pay for it: sleep `rest`
                // (software PWM: after its fall, so dark), past the deadline; a hand-off
                // still wakes the thread at once. A farther deadline pays by itself.
                restCount.add(1, ordering: .relaxed)
                r = ctorch_futex_wait_until(wakeWord, seq, waitFrom.saturatingAdding(rest))
                woke = ctorch_monotonic_ns()
            } else if softPWM && deadline >= 0 && deadline.saturatingSubtracting(waitFrom) <= spinLimit
                && spin(until: deadline, seq: seq) {
                r = ETIMEDOUT
            } else if softPWM && deadline >= 0 {
                // Lit: the next edge falls, and the whole estimate is the margin. Dark: it
                // rises; pwmDuty is in (0, 1), so the limit is within 0…riseLimit.
                let margin = lastDuty == 1 ? wakeLateness.nanoseconds
                    : wakeLateness.margin(limit: Int64(Double(riseLimit) * Swift.min(1, 2 * pwmDuty)))
                let wake = deadline.saturatingSubtracting(margin)
                r = ctorch_futex_wait_until(wakeWord, seq, wake)
                woke = ctorch_monotonic_ns()
                if r == ETIMEDOUT {
                    wakeLateness.observe(lateness: woke.saturatingSubtracting(wake))
                    if !spin(until: deadline, seq: seq) { r = 0 }
                }
            } else {
                r = ctorch_futex_wait_until(wakeWord, seq, deadline)
                woke = ctorch_monotonic_ns()
            }
            budget.slept(woke.saturatingSubtracting(waitFrom))
            runFrom = woke
            intended = (r == ETIMEDOUT && deadline >= 0) ? deadline : ctorch_monotonic_ns()
        }

        // Stop: go dark while still the only writer, then hand the last program back.
        let now = ctorch_monotonic_ns()
        if lastDuty != 0 {
            if output.write(duty: 0) == 0 {
                dutyBits.store(Double(0).bitPattern, ordering: .relaxed)
                trace.push(OutputStamp(intended: now, actual: now, duty: 0))
            }
        }
        if let old = current { handoff.retire(old) }
    }
}
