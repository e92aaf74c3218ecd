/// The light's state changes shared by gestures and commands, and the program they produce.
extension TorchStateMachine {
    /// Runs a configured gesture action.
    mutating func apply(_ action: GestureAction, at t: Instant) {
        switch action {
        case .toggle:
            if lit { stopEverything() } else { turnOn(at: t) }
            refreshProgram(at: t)
        case .on:
            turnOn(at: t)
            refreshProgram(at: t)
        case .off:
            stopEverything()
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
        case .none:
            // The light shows the state the action applied to (a press's provisional
            // light may have been reverted).
            refreshProgram(at: t)
        }
    }

    /// Lit and latched; the sleep timer (re)starts; a fade in progress is abandoned.
    mutating func turnOn(at t: Instant) {
        lit = true
        momentary = false
        fadeEnd = nil
        restartSleepTimer(at: t)
    }

    /// Dark, with everything that runs while lit stopped: SOS, ramp, sleep timer, fade.
    mutating func stopEverything() {
        turnOff()
        ramp = nil
        press?.cancelled = true
    }

    /// Dark; SOS ends (the next light shows the chosen pattern).
    mutating func turnOff() {
        lit = false
        momentary = false
        sosActive = false
        sleepDeadline = nil
        fadeEnd = nil
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

    mutating func changeBrightness(to b: Brightness) {
        // An explicit brightness ends a ramp in progress: the user's number wins.
        ramp = nil
        brightness = b
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

    /// Brings `program` in line with the state. A new timeline (or `restart`) starts at
    /// `t` with a new generation; a brightness change alone keeps the timeline's phase.
    /// The fade owns the program while it runs.
    mutating func refreshProgram(at t: Instant, restart: Bool = false) {
        guard fadeEnd == nil else { return }
        let timeline = lit ? playedTimeline(currentPattern) : Timeline.dark
        if timeline != program.timeline || (restart && lit) {
            program = LightProgram(timeline: timeline, brightness: brightness, startedAt: t)
            programGeneration &+= 1
        } else if lit, program.brightness != brightness {
            program.brightness = brightness
            programGeneration &+= 1
        }
    }
}
