/// The timed parts: brightness ramps, the sleep timer and its fade-out.
extension TorchStateMachine {
    /// Runs due timers in time order, each at its own deadline, then moves `now` to `time`.
    mutating func runTimers(upTo time: Instant) {
        let target = max(time, now)
        while let d = nextDeadline, d <= target {
            now = max(now, d)
            if let tick = ramp?.nextTick, tick == d {
                rampTick(at: d)
            } else if sleepDeadline == d {
                sleepTimerExpired(at: d)
            } else if fadeEnd == d {
                fadeEnd = nil
                turnOff()
                refreshProgram(at: d)
            } else if heartbeatRetune == d {
                retuneHeartbeat(at: d)
            }
        }
        now = target
    }

    // MARK: Ramp

    mutating func startRamp(at t: Instant) {
        var up = rampUpNext
        // At a bound the only way is away from it.
        if brightness >= .full { up = false }
        if brightness.fraction <= Brightness.minimum { up = true }
        rampUpNext = !up
        ramp = Ramp(start: t, from: brightness, up: up, nextTick: t + Self.rampTickInterval)
    }

    /// The ramp's brightness at `t`: the full range (1 %…100 %) per `rampTime`, computed
    /// from the ramp's start so ticks never accumulate rounding.
    func rampBrightness(_ r: Ramp, at t: Instant) -> Brightness {
        let span = 1 - Brightness.minimum
        let delta = span * (t - r.start).seconds / settings.rampTime.seconds
        return Brightness(clamping: r.from.fraction + (r.up ? delta : -delta))
    }

    mutating func rampTick(at t: Instant) {
        guard var r = ramp else { return }
        let b = rampBrightness(r, at: t)
        brightness = b
        let atBound = r.up ? b >= .full : b.fraction <= Brightness.minimum
        r.nextTick = atBound ? nil : t + Self.rampTickInterval
        ramp = r
        restartSleepTimer(at: t)
        refreshProgram(at: t)
    }

    /// The hold ended: brightness exactly as at `t`, and the ramp's result is saved.
    mutating func endRamp(at t: Instant) {
        guard let r = ramp else { return }
        ramp = nil
        brightness = rampBrightness(r, at: t)
        restartSleepTimer(at: t)
        refreshProgram(at: t)
    }

    // MARK: Sleep timer

    mutating func sleepTimerExpired(at t: Instant) {
        sleepDeadline = nil
        ramp = nil
        events.append(.sleepTimerExpired)
        guard lit else { return }
        guard settings.sleepFade > .zero else {
            turnOff()
            refreshProgram(at: t)
            return
        }
        // Fade from the level the output shows now (a blink may be in its dark half).
        var cursor = TimelineCursor(program.timeline)
        let level = cursor.sample(at: (t - program.startedAt).nanoseconds).level
        let fade = Timeline(steps: [.hold(level, .zero), .ramp(to: 0, settings.sleepFade)], repeatCount: 1, endLevel: 0)
        program = LightProgram(timeline: fade, brightness: brightness, startedAt: t)
        programGeneration &+= 1
        fadeEnd = t + settings.sleepFade
    }
}
