/// Every decision of the real-time pattern thread, as a value: given the instant, the
/// program and this state, what to write and how to wait. The thread (`PatternScheduler`)
/// only reads the clock, writes the output and waits as told, so each rule here runs on a
/// manual clock in the tests. All instants are CLOCK_MONOTONIC nanoseconds.
///
/// One turn, in order:
/// 1. `handOff(_:)` when a new program arrived, `outputReplaced()` when the output was
///    taken again;
/// 2. `play(at:program:)` (or `idle(at:)` with no program): the level to write, if it
///    differs from what the output shows;
/// 3. `wrote(_:result:at:)` with the output's answer: a refusal may ask for one more
///    write (dark);
/// 4. `wait(from:)`: the next deadline and how to wait for it;
/// 5. `woke(_:)`: how the wait ended.
///
/// Failing output: a refused write (a PWM block behind a failing bus: EIO) starts a
/// failing burst. The step asks for dark once, then for the pattern's level again only
/// every `retryInterval` (no busy loop); the burst ends at the first level write that
/// succeeds.
///
/// CPU budget: on a machine too slow for what the program asks (each software-PWM
/// period's writes taking longer than the period) the thread would never sleep, and the
/// event loop below it, which is what ends the program, would never run. Once the budget
/// is spent the step asks for a rest (dark, for software PWM) past a deadline too close
/// to pay for it (`CPUBudget`).
///
/// Arithmetic on instants saturates at Int64's ends (a hand-built step of 292 years, a
/// start at Int64.min): a deadline that saturates, at either end, is never reached, and
/// the thread sleeps until woken. Nothing here allocates, locks or logs: it runs in the
/// real-time loop (the program's cursor moves without allocating).
public struct PlaybackStep: Sendable {
    /// The software-PWM period, nanoseconds (1 ns…1 s).
    public let pwmPeriod: Int64
    /// The time between level updates during a ramp, nanoseconds (1 ns…1 s).
    public let rampTick: Int64
    /// True when the output is only on or off (a GPIO line): levels between are made by
    /// software PWM.
    public let binaryOutput: Bool
    /// How long a failing output is left alone before the level is tried again,
    /// nanoseconds (≥ 0).
    public let retryInterval: Int64
    /// The most a rising software-PWM edge wakes early: 2.5 % of the period (at most
    /// 25 µs), scaled by 2 × duty, because a late rise moves the period's start and so
    /// costs only duty × lateness. A falling edge's lateness is all duty error: it wakes
    /// early by the whole estimate (capped at 3.5 % of the period, at most 35 µs). An edge
    /// closer than its margin is busy-waited whole; a farther one is slept for up to the
    /// margin and busy-waited from there, so a short pulse (50 µs at 5 % of 1 kHz) costs
    /// the margin's spin, not the whole pulse's.
    public let riseLimit: Int64
    /// The quantile of wake-up lateness the margins follow, as the estimator's
    /// observations at or below it per one above (9: p90). Not p99: on a machine whose
    /// idle CPU wakes slowly the p99 margin spins most of a short pulse, and the tenth
    /// of edges between p90 and p99 cost less duty error than that spin costs CPU.
    public static let marginQuantile: Int64 = 9

    /// The duty the output last accepted, 0…1; nil when unknown (nothing written yet, or
    /// the output was replaced).
    public internal(set) var writtenDuty: Double?
    /// True from a refused level write until the next level write that succeeds.
    public internal(set) var isFailing = false
    /// Running time against sleep: once spent, the thread rests (`CPUBudget`).
    public internal(set) var budget: CPUBudget
    /// The machine's p90 wake-up lateness (`marginQuantile`), learnt from early wakes.
    public internal(set) var wakeLateness: WakeLatencyEstimate

    /// The instant this turn's change is intended for; nil: the turn's own instant.
    var intended: Int64?
    /// The level this turn wants; nil: no program.
    var desired: Double?
    /// The turn's next deadline before failures and saturation are applied; nil: none.
    var deadline: Int64?
    /// True when this turn plays software PWM, and the duty it plays (0 < duty < 1).
    var softPWM = false
    var pwmDuty = 0.0
    /// The last software-PWM grid period that got its pulse (-1: none since the
    /// hand-off), and when that pulse ends.
    var pulsedPeriod: Int64 = -1
    var pulseEnd: Int64 = 0
    /// A failing burst writes nothing before this instant.
    var retryAt: Int64 = 0
    /// The last wake-up (running since), the current wait's start, what it was and the
    /// deadline it waits for.
    var runFrom: Int64
    var waitFrom: Int64 = 0
    var pendingWait = PlaybackWait.sleep(until: nil)
    var waitDeadline: Int64?

    /// - Parameters:
    ///   - pwmPeriod: the software-PWM period, nanoseconds, kept within 1 ns…1 s.
    ///   - rampTick: the ramp update interval, nanoseconds, kept within 1 ns…1 s.
    ///   - binaryOutput: the output is only on or off.
    ///   - retryInterval: a failing output's retry interval, nanoseconds (negative: 0).
    ///   - budget: the CPU budget (default: half a CPU over any 2 ms).
    ///   - now: when the thread starts running.
    public init(pwmPeriod: Int64, rampTick: Int64, binaryOutput: Bool, retryInterval: Int64,
                budget: CPUBudget = CPUBudget(), now: Int64) {
        let period = min(max(1, pwmPeriod), 1_000_000_000)
        self.pwmPeriod = period
        self.rampTick = min(max(1, rampTick), 1_000_000_000)
        self.binaryOutput = binaryOutput
        self.retryInterval = max(0, retryInterval)
        riseLimit = min(25_000, period / 40)
        wakeLateness = WakeLatencyEstimate(cap: min(35_000, period * 7 / 200),   // ≤ 3.5e7: no overflow
                                           belowPerAbove: Self.marginQuantile)
        self.budget = budget
        runFrom = now
    }

    /// A new program was handed over: the change it causes is intended for the hand-off
    /// (or its start, if later), and its software-PWM grid starts afresh from its start.
    /// A pulse already lit keeps its width.
    public mutating func handOff(_ program: PlaybackProgram) {
        intended = max(program.start, program.handedOverAt)
        pulsedPeriod = -1
    }

    /// The output was replaced (a GPIO line taken again after its chip came back): the
    /// next turn writes its level whatever the old output showed.
    public mutating func outputReplaced() { writtenDuty = nil }

    /// The turn at `now` with `program`: the write to make, if the level differs from
    /// what the output shows and no failing burst holds writes back.
    public mutating func play(at now: Int64, program: inout PlaybackProgram) -> PlaybackWrite? {
        let intendedNow = min(intended ?? now, now)
        intended = intendedNow
        let level = level(at: now, program: &program)
        desired = level
        guard level != writtenDuty, !isFailing || now >= retryAt else { return nil }
        return PlaybackWrite(duty: level, intended: intendedNow)
    }

    /// The turn at `now` with no program yet: nothing to write, nothing to wait for.
    public mutating func idle(at now: Int64) {
        intended = now
        desired = nil
        deadline = nil
        softPWM = false
    }

    /// The output's answer to `write` at `now`: 0 or an errno. Returns the write that
    /// must follow: dark, once per burst, after a refused level (unless already dark).
    public mutating func wrote(_ write: PlaybackWrite, result: Int32, at now: Int64) -> PlaybackWrite? {
        if result == 0 {
            writtenDuty = write.duty
            if write.reason == .level { isFailing = false }
            return nil
        }
        // A refused dark write is counted by the thread; the burst is already on.
        guard write.reason == .level else { return nil }
        let starts = !isFailing
        isFailing = true
        retryAt = now.saturatingAdding(retryInterval)
        guard starts, writtenDuty != 0 else { return nil }
        return PlaybackWrite(duty: 0, intended: now, reason: .darkAfterRefusal)
    }

    /// The thread stops at `now`: dark, unless the output already shows dark.
    public func stopping(at now: Int64) -> PlaybackWrite? {
        writtenDuty == 0 ? nil : PlaybackWrite(duty: 0, intended: now)
    }

    /// The thread stops at `now` to hand the output over to the service's next process
    /// (a restart): the output keeps what it shows, so a steady level or a pattern's
    /// step holds until the next process writes. Only software PWM's in-between level
    /// cannot hold on a line that is on or off: it is left on, so the light is not dark
    /// while no process runs.
    public func handingOver(at now: Int64) -> PlaybackWrite? {
        guard softPWM, pwmDuty > 0, writtenDuty != 1 else { return nil }
        return PlaybackWrite(duty: 1, intended: now)
    }
}
