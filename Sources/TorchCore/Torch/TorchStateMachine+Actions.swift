/// The light's state changes shared by gestures and commands, and the program they produce.
extension TorchStateMachine {
    /// Runs a configured gesture action.
    mutating func apply(_ action: GestureAction, at t: Instant) {
        switch action {
        case .toggle:
            toggle(at: t)
        case .on:
            turnOn(at: t)
            refreshProgram(at: t)
        case .off:
            stopEverything(at: t)
            refreshProgram(at: t)
        case .nextPattern:
            advancePattern()
            turnOn(at: t)
            refreshProgram(at: t, restart: true)
        case .sos:
            // A second SOS request while one runs goes back to the chosen pattern.
            sosActive = !(sosActive && lit)
            turnOn(at: t)
            refreshProgram(at: t, restart: true)
        case .stealth:
            setStealth(!stealth)
            // The light is unchanged, but it is the state before the gesture's press: a
            // double tap's provisional light is handed back to the scheduler as dark.
            refreshProgram(at: t)
        case .lockout:
            stopEverything(at: t)
            enter(LockoutMode(), at: t)
            refreshProgram(at: t)
        case .momentary:
            stopEverything(at: t)
            enter(MomentaryMode(), at: t)
            refreshProgram(at: t)
        case .ceiling, .floor:
            changeBrightness(to: action == .ceiling ? ceiling : settings.floor)
            turnOn(at: t, recall: false)
            refreshProgram(at: t)
        case .memory:
            manualLevel = brightness
            events.append(.notice("memory \(brightness) saved"))
            refreshProgram(at: t)
        case .simpleUI:
            if simpleUI { leave(SimpleUIMode.self, at: t) } else { enter(SimpleUIMode(), at: t) }
            refreshProgram(at: t)
        case .sunsetTimer:
            // From a click (not a hold): one step, straight away.
            startSunset(at: t)
            endSunsetSetup(at: t)
        case .readout:
            // The number is read outside the core (a syscall); until it comes the light
            // shows the state the action applied to.
            wantsReadout = true
            refreshProgram(at: t)
        case .ramp, .none:
            // The light shows the state the action applied to (a press's provisional
            // light may have been reverted).
            refreshProgram(at: t)
        }
    }

    /// The highest level now: the ceiling, or the Simple UI's cap in the Simple UI.
    var ceiling: Brightness { min(settings.ceiling, ceilingCap) }

    /// Dark when lit, else lit and latched (the memory rule picks the level), played.
    mutating func toggle(at t: Instant) {
        if lit { stopEverything(at: t) } else { turnOn(at: t) }
        refreshProgram(at: t)
    }

    /// Lit and latched; the sleep timer (re)starts; a fade in progress is abandoned.
    /// From dark with `recall`, the memory rule picks the level.
    mutating func turnOn(at t: Instant, recall: Bool = true) {
        if !lit && recall { recallMemory(at: t) }
        enterBase(SteadyMode.self, at: t)
        leave(SleepFade.self, at: t)
        restartSleepTimer(at: t)
    }

    /// Dark, with everything that runs while lit stopped: SOS, ramp, sleep timer, fade.
    mutating func stopEverything(at t: Instant) {
        turnOff(at: t)
        ramp = nil
        clicks.press?.cancelled = true
    }

    /// Dark; SOS ends (the next light shows the chosen pattern).
    mutating func turnOff(at t: Instant) {
        enterBase(OffMode.self, at: t)
        sosActive = false
        sleepDeadline = nil
        leave(SleepFade.self, at: t)
    }

    /// The pattern after the current one in the list; the first when the current one is
    /// not in it; unchanged when the list is empty. Ends an SOS.
    mutating func advancePattern() {
        let list = settings.patterns
        if sosActive {
            sosActive = false
        }
        guard !list.isEmpty else { return }
        if let i = list.firstIndex(of: pattern) {
            pattern = list[(i + 1) % list.count]
        } else {
            pattern = list[0]
        }
    }

    /// The level a light from dark comes on at (`memory`): the last (automatic), the
    /// manual level (manual), or the manual level after `hybrid-after` dark (hybrid).
    mutating func recallMemory(at t: Instant) {
        switch settings.memory {
        case .automatic:
            break
        case .manual:
            brightness = min(manualLevel, settings.maxBrightness)
        case .hybrid:
            if let since = darkSince, t - since >= settings.hybridAfter { brightness = min(manualLevel, settings.maxBrightness) }
        }
    }

    mutating func changeBrightness(to b: Brightness) {
        // An explicit brightness ends a ramp in progress: the user's number wins.
        ramp = nil
        // `max-brightness` is a cap: above it, the level is the cap (and that is said).
        if b > settings.maxBrightness {
            events.append(.notice("brightness \(b) capped at max-brightness \(settings.maxBrightness)"))
        }
        brightness = min(b, settings.maxBrightness)
    }

    mutating func setStealth(_ on: Bool) {
        guard on != stealth else { return }
        stealth = on
        events.append(.stealthChanged(on))
    }

    /// Sleep deadline = now + sleep timer while lit; cleared when dark.
    mutating func restartSleepTimer(at t: Instant) {
        sleepDeadline = lit ? settings.sleepTimer.map { t + $0 } : nil
    }

    /// Brings `program` in line with the state: the light's own state plays its mode's
    /// timeline (`BaseMode.timeline`). A new timeline (or `restart`) starts at
    /// `t` with a new generation; a brightness change alone keeps the timeline's phase.
    /// An overlay that holds the light (a fade, the sunset set-up, a flash or readout)
    /// keeps it while it runs.
    mutating func refreshProgram(at t: Instant, restart: Bool = false) {
        if lit { darkSince = nil } else if darkSince == nil { darkSince = t }
        guard !modes.holdsTheLight else { return }
        let timeline = modes.ownMode.timeline(in: self)
        let level = shownBrightness
        // During a transition the program is the fade; what it leads to is the light's own.
        let shown = modes.ownProgram
        if timeline != shown.timeline || (restart && lit) {
            play(LightProgram(timeline: timeline, brightness: level, startedAt: t), at: t)
        } else if lit, shown.brightness != level {
            var p = shown
            p.brightness = level
            // A pattern keeps its phase: only a steady light fades to a new level.
            if timeline.isSteady { play(p, at: t) } else { modes.play(p) }
        }
    }

    /// Plays `target` from `t`, fading to it from the level shown now over the
    /// transition (`[light] transition`, or the command's own); at once when it is 0,
    /// during a brightness ramp (itself gradual), or when the level does not change.
    mutating func play(_ target: LightProgram, at t: Instant) {
        let d = transitionOverride ?? settings.transition
        var cursor = TimelineCursor(program.timeline)
        let from = cursor.sample(at: (t - program.startedAt).nanoseconds).level * program.brightness.fraction
        var first = TimelineCursor(target.timeline)
        let to = first.sample(at: 0).level * target.brightness.fraction
        guard d > .zero, ramp == nil, abs(from - to) > 1e-9 else {
            modes.play(target)
            return
        }
        // Levels relative to the brighter end, so both fit in 0…1.
        let top = max(from, to)
        let fade = Timeline(steps: [.hold(from / top, .zero), .ramp(to: to / top, d)], repeatCount: 1, endLevel: to / top)
        var later = target
        // Its start is the transition's end (`transitionEnd`).
        later.startedAt = t + d
        modes.play(later, after: LevelTransition(program: LightProgram(timeline: fade, brightness: Brightness(clamping: top), startedAt: t),
                                                 end: t + d))
    }

    /// The level the light shows (and status reports): lockout's glow at the floor, else
    /// the brightness under the Simple UI's cap.
    var shownBrightness: Brightness { min(lockout == .glowing ? settings.floor : brightness, ceilingCap) }

    /// The cap on the level shown: `max-brightness`, and the Simple UI's under it.
    var ceilingCap: Brightness { simpleUI ? min(settings.simpleUICeiling, settings.maxBrightness) : settings.maxBrightness }
}
