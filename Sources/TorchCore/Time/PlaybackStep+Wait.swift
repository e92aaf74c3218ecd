/// How the thread waits for the next deadline: a failing burst's retry, the CPU budget's
/// rest, and software PWM's spin and early wake.
extension PlaybackStep {
    /// The wait after this turn's writes, beginning at `now` (read after the writes: their
    /// time is running time).
    public mutating func wait(from now: Int64) -> PlaybackWait {
        var next = deadline
        if isFailing, let d = desired, d != writtenDuty {
            next = min(next ?? retryAt, retryAt)
        }
        // Saturated at either end: never reached.
        if let n = next, n == Int64.max || n < 0 { next = nil }
        budget.ran(now.saturatingSubtracting(runFrom))
        waitFrom = now
        waitDeadline = next
        pendingWait = plan(from: now, deadline: next)
        return pendingWait
    }

    /// How the wait for `deadline` ended (`sleptUntil`: when the thread stopped sleeping).
    public mutating func woke(_ w: PlaybackWakeup) {
        if case .earlyWake(let wake, _) = pendingWait, w.sleepTimedOut {
            wakeLateness.observe(lateness: w.sleptUntil.saturatingSubtracting(wake))
        }
        budget.slept(w.sleptUntil.saturatingSubtracting(waitFrom))
        runFrom = w.sleptUntil
        // Reached: the next change is intended for the deadline. Woken: for the next turn.
        intended = w.reachedDeadline ? waitDeadline : nil
    }

    private func plan(from now: Int64, deadline next: Int64?) -> PlaybackWait {
        guard let d = next else { return .sleep(until: nil) }
        let ahead = d.saturatingSubtracting(now)
        let rest = budget.restNeeded
        // Budget spent and the deadline too close to pay for it: rest past it (software
        // PWM: after its fall, so dark). A farther deadline pays by itself.
        if rest > 0 && ahead < rest && !(softPWM && writtenDuty == 1) {
            return .rest(until: now.saturatingAdding(rest))
        }
        guard softPWM else { return .sleep(until: d) }
        // Lit: the next edge falls, and the whole estimate is the margin. Dark: it rises;
        // pwmDuty is in (0, 1), so the limit is within 0…riseLimit.
        let margin = writtenDuty == 1 ? wakeLateness.nanoseconds
            : wakeLateness.margin(limit: Int64(exactly: (Double(riseLimit) * min(1, 2 * pwmDuty)).rounded(.towardZero)) ?? 0)
        // Closer than the margin: there is nothing to sleep for (and a wake instant
        // already past would teach the estimate a lateness that is not the machine's).
        if ahead <= margin { return .spin(until: d) }
        return .earlyWake(at: d.saturatingSubtracting(margin), edge: d)
    }
}
