/// The level at an instant and the deadline after it: timeline steps, ramp ticks and the
/// software-PWM period grid.
extension PlaybackStep {
    /// The level to show at `now` (0 or 1 on a binary output); sets `deadline`.
    mutating func level(at now: Int64, program p: inout PlaybackProgram) -> Double {
        deadline = nil
        softPWM = false
        let elapsed = now.saturatingSubtracting(p.start)
        if elapsed < 0 {
            // Not started yet: keep what the output shows (dark if unknown) until then.
            deadline = p.start
            return writtenDuty ?? 0
        }
        let s = p.cursor.sample(at: elapsed)
        let duty = p.mapping.duty(forLightness: p.lightness * s.level)
        if binaryOutput && duty > 0 && duty < 1 {
            return pulse(duty: duty, elapsed: elapsed, at: now, start: p.start)
        }
        // A boundary that saturated below the clock's origin is never reached.
        let boundary = s.nextBoundary.map { p.start.saturatingAdding($0) }.flatMap { $0 >= 0 ? $0 : nil }
        if s.ramping {
            let ticks = (elapsed / rampTick).saturatingAdding(1)
            let tick = p.start.saturatingAdding(ticks.saturatingMultiplied(by: rampTick))
            deadline = boundary.map { min($0, tick) } ?? tick
        } else {
            deadline = boundary
        }
        return binaryOutput ? (duty > 0 ? 1 : 0) : duty
    }

    /// Software PWM on a period grid anchored at the program's start. Every period gets
    /// exactly one pulse: a wake-up later than a short on-time (50 µs at 5 % of 1 kHz)
    /// still emits the pulse, keeping its width, rather than skipping the period and
    /// losing a whole pulse of light. The timeline is sampled once a period, so a step
    /// boundary takes effect at the next period.
    mutating func pulse(duty: Double, elapsed: Int64, at now: Int64, start: Int64) -> Double {
        softPWM = true
        pwmDuty = duty
        let k = elapsed / pwmPeriod
        let periodStart = start.saturatingAdding(k.saturatingMultiplied(by: pwmPeriod))
        let nextStart = periodStart.saturatingAdding(pwmPeriod)
        // duty is in (0, 1) here and the period ≤ 1 s, so the product is within 0…period.
        let onLength = Int64(exactly: (Double(pwmPeriod) * duty).rounded()) ?? pwmPeriod
        if writtenDuty == 1 {
            // Lit: hold until the pulse ends, then fall; rise again at once when a new
            // period (or a new program's first) has begun meanwhile.
            if now < pulseEnd {
                deadline = pulseEnd
                return 1
            }
            deadline = pulsedPeriod < k ? now : nextStart
            return 0
        }
        if pulsedPeriod < k {
            pulsedPeriod = k
            // The pulse keeps its width from the instant it actually rose: ending it on
            // the grid instead would shorten every pulse by the wake-up's lateness.
            pulseEnd = min(now.saturatingAdding(onLength), nextStart)
            deadline = pulseEnd
            return 1
        }
        deadline = nextStart
        return 0
    }
}
