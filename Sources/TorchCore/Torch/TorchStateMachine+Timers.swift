/// The timed parts: brightness ramps, the sleep timer and its fade-out.
extension TorchStateMachine {
    /// Runs due timers in time order, each at its own deadline, then moves `now` to `time`.
    mutating func runTimers(upTo time: Instant) {
        let target = max(time, now)
        while let d = nextDeadline, d <= target {
            now = max(now, d)
            if let tick = ramp?.nextTick, tick == d {
                rampTick(at: d)
            } else if let overlay = modes.due(at: d) {
                overlay.timerDue(at: d, in: &self)
            } else if autoLockDeadline == d {
                enter(LockoutMode(byAutoLock: true), at: d)
            } else if sleepDeadline == d {
                sleepTimerExpired(at: d)
            } else if heartbeatRetune == d {
                retuneHeartbeat(at: d)
            }
        }
        now = target
    }

    // MARK: Ramp

    mutating func startRamp(at t: Instant) {
        // The ramp moves the level seen: one kept above the cap (`max-brightness` added
        // by a reload) starts from the cap, not from a level the eye cannot see.
        brightness = min(brightness, ceilingCap)
        var up = rampUpNext
        // At a bound the only way is away from it.
        if brightness >= ceiling { up = false }
        if brightness <= settings.floor { up = true }
        rampUpNext = !up
        ramp = Ramp(start: t, from: brightness, up: up, nextTick: t + Self.rampTickInterval)
    }

    /// The ramp's brightness at `t`: the full range (1 %…100 %) per `rampTime`, computed
    /// from the ramp's start so ticks never accumulate rounding.
    func rampBrightness(_ r: Ramp, at t: Instant) -> Brightness {
        let span = 1 - Brightness.minimum
        let delta = span * (t - r.start).seconds / settings.rampTime.seconds
        let b = Brightness(clamping: r.from.fraction + (r.up ? delta : -delta))
        // Within floor…ceiling (a level already outside stays where the ramp cannot push it).
        return r.up ? max(r.from, min(b, ceiling)) : min(r.from, max(b, settings.floor))
    }

    mutating func rampTick(at t: Instant) {
        guard var r = ramp else { return }
        let b = rampBrightness(r, at: t)
        brightness = b
        let atBound = r.up ? b >= ceiling : b <= settings.floor
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

    // MARK: Sunset timer

    /// The sunset hold started: lit, one step, an acknowledgement blink.
    mutating func startSunset(at t: Instant) {
        ramp = nil
        turnOn(at: t)
        sleepDeadline = nil
        enter(SunsetSetup(steps: 1, nextBlink: t + Self.sunsetBlinkInterval, program: ackBlink(at: t)), at: t)
    }

    /// Still held a blink interval later: one more step (up to 24 h in all).
    mutating func sunsetBlink(at t: Instant) {
        guard var s = sunset else { return }
        if settings.sunsetStep * (s.steps + 1) <= .seconds(86_400) { s.steps += 1 }
        s.nextBlink = t + Self.sunsetBlinkInterval
        s.program = ackBlink(at: t)
        // The same set-up goes on, its step and blink updated in place.
        modes.push(s)
    }

    /// A short dark blink, then the chosen brightness, steady.
    func ackBlink(at t: Instant) -> LightProgram {
        let blink = Timeline(steps: [.hold(0, Self.ackBlinkLength)], repeatCount: 1, endLevel: 1)
        return LightProgram(timeline: blink, brightness: min(brightness, ceilingCap), startedAt: t)
    }

    /// The hold ended: the light dims gradually to dark over steps × `sunset-step`.
    mutating func endSunsetSetup(at t: Instant) {
        guard let s = sunset else { return }
        leave(SunsetSetup.self, at: t)
        let total = settings.sunsetStep * s.steps
        events.append(.notice("sunset timer \(DurationSyntax.format(total))"))
        sleepDeadline = nil
        let fade = Timeline(steps: [.hold(1, .zero), .ramp(to: 0, total)], repeatCount: 1, endLevel: 0)
        enter(SleepFade(program: LightProgram(timeline: fade, brightness: min(brightness, ceilingCap), startedAt: t), end: t + total), at: t)
    }

    // MARK: Sleep timer

    mutating func sleepTimerExpired(at t: Instant) {
        sleepDeadline = nil
        ramp = nil
        events.append(.sleepTimerExpired)
        guard lit else { return }
        guard settings.sleepFade > .zero else {
            turnOff(at: t)
            refreshProgram(at: t)
            return
        }
        // Fade from the level the output shows now (a blink may be in its dark half).
        var cursor = TimelineCursor(program.timeline)
        let level = cursor.sample(at: (t - program.startedAt).nanoseconds).level
        let fade = Timeline(steps: [.hold(level, .zero), .ramp(to: 0, settings.sleepFade)], repeatCount: 1, endLevel: 0)
        enter(SleepFade(program: LightProgram(timeline: fade, brightness: min(brightness, ceilingCap), startedAt: t),
                        end: t + settings.sleepFade), at: t)
    }
}
