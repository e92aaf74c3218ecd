import TorchCore

/// The pattern thread's loop around `PlaybackStep`, on a scripted clock and output: what
/// `PatternScheduler.run` does, with the instant, the output's answers and how each wait
/// ends chosen by the test. Instants are nanoseconds.
struct PlaybackRig {
    /// One output write as the rig made it.
    struct Written: Equatable {
        var at: Int64
        var duty: Double
        var intended: Int64
        var accepted: Bool
    }

    var step: PlaybackStep
    var program: PlaybackProgram?
    /// The scripted clock.
    var now: Int64
    var written: [Written] = []
    /// The output's answer to a write of a duty: 0 or an errno.
    var answer: (Double) -> Int32 = { _ in 0 }
    /// How long each write keeps the thread running.
    var writeCost: Int64 = 0

    init(binary: Bool = false, pwmPeriod: Int64 = 1_000_000, rampTick: Int64 = 10_000_000,
         retryInterval: Int64 = 100_000_000, budget: CPUBudget = CPUBudget(), now: Int64 = 1_000_000_000) {
        step = PlaybackStep(pwmPeriod: pwmPeriod, rampTick: rampTick, binaryOutput: binary,
                            retryInterval: retryInterval, budget: budget, now: now)
        self.now = now
    }

    /// Hands `timeline` over at the rig's instant, starting at `start` (default: now).
    mutating func hand(_ timeline: Timeline, lightness: Double = 1, start: Int64? = nil) {
        let p = PlaybackProgram(timeline: timeline, lightness: lightness, start: start ?? now,
                                mapping: OutputMapping(curve: .linear), handedOverAt: now)
        program = p
        step.handOff(p)
    }

    /// One turn at `now`: play, write (as the output answers), then the wait the step asks
    /// for. Returns the wait and the writes this turn made.
    @discardableResult
    mutating func turn() -> (wait: PlaybackWait, writes: [Written]) {
        let before = written.count
        let at = now
        var write: PlaybackWrite?
        if var p = program {
            write = step.play(at: at, program: &p)
            program = p
        } else {
            step.idle(at: at)
        }
        while let w = write {
            let rc = answer(w.duty)
            written.append(Written(at: at, duty: w.duty, intended: w.intended, accepted: rc == 0))
            now = now.saturatingAdding(writeCost)
            write = step.wrote(w, result: rc, at: at)
        }
        return (step.wait(from: now), Array(written[before...]))
    }

    /// Ends `wait` as the thread would when nothing wakes it: sleeps to its instant, `late`
    /// nanoseconds late, then spins to the edge (a wait without an instant never ends so:
    /// use `woken(after:)`).
    mutating func reach(_ wait: PlaybackWait, late: Int64 = 0) {
        let from = now
        switch wait {
        case .sleep(let until?), .rest(let until):
            now = max(now, until.saturatingAdding(late))
            step.woke(PlaybackWakeup(sleptUntil: now, sleepTimedOut: true, reachedDeadline: true))
        case .sleep(nil):
            preconditionFailure("a wait without an instant ends only when woken")
        case .spin(let until):
            now = max(now, until)
            step.woke(PlaybackWakeup(sleptUntil: from, sleepTimedOut: false, reachedDeadline: true))
        case .earlyWake(let wake, let edge):
            let slept = max(now, wake.saturatingAdding(late))
            now = max(slept, edge)
            step.woke(PlaybackWakeup(sleptUntil: slept, sleepTimedOut: true, reachedDeadline: true))
        }
    }

    /// Ends the current wait early: a hand-off (or rewrite) wakes the thread `d` ns in.
    mutating func woken(after d: Int64) {
        now = now.saturatingAdding(d)
        step.woke(PlaybackWakeup(sleptUntil: now, sleepTimedOut: false, reachedDeadline: false))
    }

    /// Runs turns, reaching every wait, until `end` or a wait without an instant; the
    /// last wait asked for.
    @discardableResult
    mutating func run(until end: Int64) -> PlaybackWait? {
        var last: PlaybackWait?
        while now < end {
            let (wait, _) = turn()
            last = wait
            guard wait.deadline != nil else { break }
            reach(wait)
        }
        return last
    }
}
