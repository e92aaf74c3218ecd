import TorchCore

/// After every input: the state machine's events become effects, a new program goes to
/// the scheduler (with the pattern-change acknowledgement), and status changes are told.
extension TorchController {
    /// Status fields that change only through an event: the sleep timer is kept as its
    /// deadline, not as the time left, so a running timer is not a change every moment.
    struct StatusSnapshot: Equatable {
        var status: TorchStatus
        var sleepDeadline: Instant?
    }

    func settle() {
        publishIfChanged()
        settleRest()
    }

    /// After a button edge: the program now, the rest when the effects are taken
    /// (`takeEffects`, `nextDeadline`), so the shell hands a press's program to the
    /// scheduler (`takePrograms`) before the status, the save and the events are worked
    /// out. Nothing the rest does changes the program.
    func settleProgramFirst() {
        publishIfChanged()
        restPending = true
    }

    /// The events, the save, the readings asked for and the status change of `settle`.
    func settleRest() {
        restPending = false
        for event in machine.takeEvents() {
            switch event {
            case .stateChanged:
                save()
            case let .gestureRecognized(kind, count):
                if kind.pulsesFeedback { lastGesture = kind }
                effects.append(.gesture(kind, count: count))
            case .stealthChanged(let on):
                if settings.hasStatusLEDs {
                    log("stealth \(on ? "on" : "off")")
                    effects.append(.statusLEDs(on ? .dark : .restore))
                } else {
                    log("stealth \(on ? "on" : "off"): \(Self.noStatusLEDs)", on ? .warning : .info)
                }
            case .sleepTimerExpired, .notice:
                log(event.description)
            }
        }
        saveIfReleased()
        askForReadings()
        let status = self.status(at: now)
        var key = status
        key.sleepRemaining = nil
        let snapshot = StatusSnapshot(status: key, sleepDeadline: machine.sleepDeadline)
        if snapshot != lastStatus {
            lastStatus = snapshot
            effects.append(.statusChanged(status))
        }
    }

    /// What stealth says when there are no status LEDs to darken.
    public static let noStatusLEDs = "no status LEDs were found to darken ([board] stealth-leds names them)"

    /// Hands the state machine's program to the scheduler when it changed. A new
    /// pattern while lit is acknowledged by the light itself first (when configured):
    /// one timeline when the pattern can follow the blink in one, else the blink now and
    /// the pattern when it ends.
    func publishIfChanged(force: Bool = false) {
        guard force || machine.programGeneration != publishedGeneration else { return }
        publishedGeneration = machine.programGeneration
        let p = machine.program
        // A run with `--for` ends at its end in the timeline itself: the scheduler writes
        // dark there, before a step that would begin at that instant (a blink's 51st
        // flash of `--rate 10Hz --for 5s`), not the flash and then the stop's dark.
        let timeline = runUntil.map { p.timeline.endingDark(at: $0 - p.startedAt) } ?? p.timeline
        let program = ScheduledProgram(timeline: timeline, lightness: p.brightness.fraction,
                                       startedAt: p.startedAt, mapping: settings.mapping)
        // The heartbeat taking a new load's period is the same pattern: not acknowledged.
        let retuned = machine.playsHeartbeat && publishedTimeline.map(Heartbeat.isHeartbeat) == true
        let patternChanged = !retuned && publishedTimeline != nil && publishedTimeline != p.timeline && !p.isDark && machine.lit
        publishedTimeline = p.timeline
        pendingProgram = nil
        guard settings.blinkOnPatternChange, patternChanged, !force else {
            play(program)
            return
        }
        if let t = FeedbackBlink.timeline(of: p.timeline) {
            play(ScheduledProgram(timeline: t, lightness: p.brightness.fraction, startedAt: now, mapping: settings.mapping))
        } else {
            play(ScheduledProgram(timeline: FeedbackBlink.acknowledgement(before: p.timeline),
                                  lightness: p.brightness.fraction, startedAt: now, mapping: settings.mapping))
            var later = program
            later.startedAt = now + FeedbackBlink.length
            if let end = runUntil { later.timeline = p.timeline.endingDark(at: end - later.startedAt) }
            pendingProgram = later
        }
    }

    /// READY=1 after the first confirmed write; WATCHDOG=1 while writes do not fail;
    /// one error line when writes start failing (the scheduler went dark and retries)
    /// and one notice when they succeed again: one pair per burst, however long.
    func checkHealth(_ output: OutputHealth) {
        if output.failures > failuresReported {
            if !outputFailing {
                let reason = output.lastError.isEmpty ? "errno \(output.lastErrno)" : output.lastError
                log("output: write failed (\(reason)); light dark, retrying every "
                    + "\(PatternScheduler.retryInterval / 1_000_000) ms", .error)
                outputFailing = true
            }
            failuresReported = output.failures
        }
        if outputFailing && !output.failing {
            log("output: writes succeed again; pattern resumed", .notice)
            outputFailing = false
        }
        checkBudget(output.rests)
        if !readySent && output.writes > 0 {
            readySent = true
            effects.append(.notice(.ready(status: machine.lit ? "lit" : "dark")))
        }
        if let due = nextWatchdog, let every = settings.watchdogInterval, now >= due {
            if output.failures == failuresSeen {
                effects.append(.notice(.watchdog))
            } else {
                log("output writes failing (errno \(output.lastErrno)); watchdog not fed", .error)
            }
            failuresSeen = output.failures
            nextWatchdog = now + every
        }
    }

    /// How long without a budget rest ends a stretch of them (the next gets a new line).
    static let restQuiet: Duration = .seconds(10)

    /// One warning when the real-time thread starts resting for its CPU budget (this
    /// machine cannot keep up with the program: software PWM too fast for its writes),
    /// one notice when it has not rested for `restQuiet`: one pair per stretch.
    func checkBudget(_ rests: Int) {
        if rests > restsSeen {
            if restingSince == nil {
                log("real-time thread: the program took over half of a CPU, so it now rests half "
                    + "the time (dark on a software-PWM line) to keep the service answering; "
                    + "a lower [output] soft-pwm-frequency avoids this", .warning)
                restingSince = now
            }
            restsSeen = rests
            lastRestSeen = now
        } else if let since = restingSince, let last = lastRestSeen, now - last >= Self.restQuiet {
            log("real-time thread: within its CPU budget again after \(DurationSyntax.format(now - since))", .notice)
            restingSince = nil
        }
    }
}
