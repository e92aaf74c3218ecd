import CTorchSys
import TorchCore
import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// The torch while it runs: one event loop (this thread) feeding button edges, keys,
/// signals and timers through the gesture recognizers into the state machine, and one
/// real-time thread (`PatternScheduler`) playing whatever the state machine asks for.
///
/// On every way out (q, Ctrl-C, SIGTERM, `--for`), the light goes dark, the output is
/// released and the terminal is put back.
public final class TorchService {
    public let output: any LightOutput
    public let options: ServiceOptions
    let clock: any TorchClock
    public let scheduler: PatternScheduler
    var machine: TorchStateMachine
    var recognizers: [ButtonRole: GestureRecognizer] = [:]
    private var keyboard = KeyboardButton()
    private var terminal: RawTerminal?
    private let display = LiveDisplay()
    private var trace: TraceWriter?
    var publishedGeneration: UInt64 = .max
    private var note = ""
    private var quit = false
    var mapping: OutputMapping
    var library: PatternLibrary
    private var control: ControlServer?
    private let journal = JournalLog()
    private let notify = SystemdNotify()
    private var readySent = false
    private var failuresSeen = 0
    /// A pattern change being acknowledged: the pattern's program and when it starts.
    private var pendingProgram: (program: ScheduledProgram, at: Instant)?
    private var publishedTimeline: Timeline?
    private var reportedFirstLight = false
    /// The instant the run started: 0 in trace files.
    public private(set) var origin: Instant

    public init(output: any LightOutput, options: ServiceOptions, clock: any TorchClock = MonotonicClock()) {
        self.output = output
        self.options = options
        self.clock = clock
        // 16384 stamps ≈ 8 s of 1 kHz software PWM: the loop drains it at least every 100 ms.
        scheduler = PatternScheduler(output: output, settings: options.scheduler, trace: TraceRing(capacity: 1 << 14))
        mapping = options.mapping
        library = options.library
        origin = clock.now()
        machine = TorchStateMachine(settings: options.settings, restoring: options.restoring, now: origin)
    }

    /// Runs until asked to stop. Returns the exit code (0: a normal stop).
    public func run() -> Int32 {
        let signals: SignalDescriptor
        do {
            signals = try SignalDescriptor(signals: [SIGINT, SIGTERM, SIGHUP, SIGQUIT])
        } catch {
            writeAll(STDERR_FILENO, "torch: \(error)\n")
            return 1
        }
        defer { signals.close() }
        if let path = options.tracePath {
            do { trace = try TraceWriter(path: path, origin: clock.now()) } catch {
                writeAll(STDERR_FILENO, "torch: \(error)\n")
                return 1
            }
        }
        do { try scheduler.start() } catch {
            writeAll(STDERR_FILENO, "torch: \(error)\n")
            return 1
        }
        // The event loop turns a button edge into a hand-off: one step below the
        // scheduler, so a busy machine cannot delay the light's reaction to a press.
        // (It sleeps in ppoll between events; it never spins.) Best effort.
        if let p = options.scheduler.realtimePriority, p > 1 { _ = ctorch_set_fifo(Int32(p - 1)) }
        if let cs = options.control {
            do {
                control = try ControlServer(settings: cs, log: { [journal, options] priority, line in
                    if options.verbose { journal.log(priority, line) }
                })
            } catch {
                scheduler.stop()
                writeAll(STDERR_FILENO, "torch: \(error)\n")
                return 1
            }
        }
        if let leds = options.statusLEDs, let path = options.statusLEDSavePath {
            do { for w in try leds.restoreSaved(from: path) { log(w, .warning) } } catch { log("status LEDs: \(error)", .error) }
        }
        let now = clock.now()
        origin = now
        trace?.rebase(origin: now)
        for role in [ButtonRole.on, .off] {
            recognizers[role] = GestureRecognizer(timing: options.settings.gestureTiming, pressed: false, at: now)
        }
        machine.advance(to: now)
        for c in options.initialCommands { machine.handle(c, at: now) }
        publishIfChanged()
        scheduler.lockMemory()

        let banner = options.banner + ["scheduler: \(scheduler.realtimeSummary)"]
        if options.interactive {
            terminal = RawTerminal()
            display.begin(header: banner + [KeyboardButton.help])
        } else if options.verbose {
            for line in banner { writeAll(STDERR_FILENO, line + "\n") }
        }
        let runUntil = options.runFor.map { origin + $0 }
        let watchdogEvery = SystemdNotify.watchdogInterval()
        var nextWatchdog = watchdogEvery.map { clock.now() + $0 }

        while !quit {
            var deadline = [machine.nextDeadline, keyboard.nextDeadline, runUntil, control?.nextDeadline, nextWatchdog,
                            options.feedback?.nextDeadline, pendingProgram?.at]
                .compactMap { $0 }.min()
            // A trace is drained at least every 100 ms so the ring never fills.
            if trace != nil { deadline = min(deadline ?? clock.now() + .milliseconds(100), clock.now() + .milliseconds(100)) }
            // Until the first write is confirmed (READY=1), look again soon.
            if !readySent { deadline = min(deadline ?? clock.now() + .milliseconds(1), clock.now() + .milliseconds(1)) }
            for r in recognizers.values { if let d = r.nextDeadline { deadline = min(deadline ?? d, d) } }
            if display.active {
                let frame = clock.now() + .milliseconds(1000 / LiveDisplay.framesPerSecond)
                deadline = min(deadline ?? frame, frame)
            }
            var fds = [signals.fd] + options.buttons.map(\.pollDescriptor) + (control?.pollDescriptors ?? [])
            if let t = terminal { fds.append(t.fd) }
            let ready = PollSet.wait(fds, until: deadline, clock: clock)

            if ready.contains(signals.fd) {
                for s in signals.read() {
                    if s == SIGHUP { reload(at: clock.now()) } else { quit = true }
                }
            }
            for b in options.buttons where ready.contains(b.pollDescriptor) {
                do {
                    for e in try b.readEdges() { feed(e) }
                    let lost = b.takeLostEventCount()
                    if lost > 0 { resynchronize(b, lost: lost) }
                } catch {
                    log("button: \(error)", .error)
                }
            }
            let now = clock.now()
            control?.handleReady(ready, now: now) { respond($0, at: now) }
            control?.expire(now: now)
            if !readySent && scheduler.writes > 0 {
                readySent = true
                try? notify.ready(status: machine.lit ? "lit" : "dark")
            }
            if let w = nextWatchdog, let every = watchdogEvery, now >= w {
                // Healthy: the scheduler's writes are not failing.
                let failures = scheduler.failures.count
                if failures == failuresSeen { try? notify.watchdog() }
                else { log("output writes failing (errno \(scheduler.failures.lastErrno)); watchdog not fed", .error) }
                failuresSeen = failures
                nextWatchdog = now + every
            }
            if let t = terminal, ready.contains(t.fd) {
                for action in keyboard.handle(t.readKeys(), at: now) { perform(action, at: now) }
            }
            for e in keyboard.advance(to: now) { feed(e) }
            for role in [ButtonRole.on, .off] {
                if var r = recognizers[role] {
                    let gestures = r.advance(to: now)
                    recognizers[role] = r
                    for g in gestures { machine.handle(g, from: role == .on ? .on : .off) }
                }
            }
            machine.advance(to: now)
            options.feedback?.advance(to: now)
            if let pending = pendingProgram, now >= pending.at {
                pendingProgram = nil
                scheduler.play(pending.program)
            }
            publishIfChanged()
            handleEvents()
            drainTrace()
            if let runUntil, now >= runUntil {
                // `--for` is a sleep timer: the light is off afterwards, and remembered so.
                machine.handle(.off, at: now)
                handleEvents()
                quit = true
            }
            if display.active {
                display.draw(duty: scheduler.currentDuty, status: machine.statusSummary(at: now), note: note)
            }
        }
        return shutDown()
    }

    /// The state machine's status now (for `status` and the control socket).
    public var status: TorchStatus { machine.statusSummary(at: clock.now()) }

    // MARK: - Inputs

    private func feed(_ e: ButtonEdge) {
        guard var r = recognizers[e.role] else { return }
        let gestures = r.handle(RawEdge(pressed: e.pressed, at: e.at))
        recognizers[e.role] = r
        for g in gestures {
            machine.handle(g, from: e.role == .on ? .on : .off)
        }
        publishIfChanged()
    }

    private func perform(_ action: KeyboardButton.Action, at now: Instant) {
        switch action {
        case let .edge(e): feed(e)
        case let .command(c): machine.handle(c, at: now)
        case let .brightnessStep(step):
            machine.handle(.setBrightness(Brightness(clamping: machine.brightness.fraction + step)), at: now)
        case .quit: quit = true
        }
        publishIfChanged()
    }

    // MARK: - Outputs

    func publishIfChanged() {
        guard machine.programGeneration != publishedGeneration else { return }
        publishedGeneration = machine.programGeneration
        let p = machine.program
        let program = ScheduledProgram(timeline: p.timeline, lightness: p.brightness.fraction,
                                       startedAt: p.startedAt, mapping: mapping)
        let patternChanged = publishedTimeline != nil && publishedTimeline != p.timeline && !p.isDark && machine.lit
        publishedTimeline = p.timeline
        pendingProgram = nil
        guard options.blinkOnPatternChange, patternChanged else {
            scheduler.play(program)
            return
        }
        // Acknowledge the change with a short blink of the light itself, then the pattern.
        let now = clock.now()
        if let t = FeedbackBlink.timeline(of: p.timeline) {
            scheduler.play(ScheduledProgram(timeline: t, lightness: p.brightness.fraction, startedAt: now, mapping: mapping))
        } else {
            scheduler.play(ScheduledProgram(timeline: FeedbackBlink.acknowledgement(before: p.timeline),
                                            lightness: p.brightness.fraction, startedAt: now, mapping: mapping))
            var later = program
            later.startedAt = now + FeedbackBlink.length
            pendingProgram = (later, later.startedAt)
        }
    }

    func handleEvents() {
        for event in machine.takeEvents() {
            switch event {
            case .stateChanged: saveState()
            case .gestureRecognized(let kind):
                note = kind.rawValue
                options.feedback?.pulse(at: clock.now())
            case .stealthChanged(let on):
                log("stealth \(on ? "on" : "off")")
                guard let leds = options.statusLEDs else { break }
                do {
                    if on {
                        for w in try leds.goDark(savingTo: options.statusLEDSavePath) { log(w, .warning) }
                    } else {
                        try leds.restore()
                        if let path = options.statusLEDSavePath { try leds.save(to: path) }
                    }
                } catch {
                    log("stealth: \(error)", .error)
                }
            default: log(event.description)
            }
        }
    }

    private func saveState() {
        guard let path = options.stateFilePath else { return }
        let s = machine.persistentState
        let record = StateRecord(brightness: s.brightness, pattern: s.pattern.canonicalText,
                                 buttonMode: s.buttonMode.rawValue, lit: s.lit)
        makeParentDirectories(of: path)
        do { try AtomicFile.write(StateFileFormat.encode(record), to: path) } catch {
            log("state file: \(error)")
        }
    }

    private func drainTrace() {
        var first: OutputStamp? = nil
        scheduler.trace.drain { stamp in
            if first == nil { first = stamp }
            trace?.append(stamp)
        }
        if let first, !reportedFirstLight, let start = options.processStart {
            reportedFirstLight = true
            let ms = Double(first.actual - start.nanoseconds) / 1e6
            log("first output change \(DecimalSyntax.format(ms, maxFractionDigits: 2)) ms after process start")
        }
    }

    func log(_ line: String, _ priority: LogPriority = .info) {
        guard options.verbose else { return }
        if display.active { display.log(line) } else { journal.log(priority, line) }
    }

    /// Dark, released, terminal restored; returns the exit code.
    private func shutDown() -> Int32 {
        try? notify.stopping()
        control?.close()
        scheduler.stop()          // writes dark from the RT thread, then joins it
        drainTrace()
        trace?.flush()
        if let leds = options.statusLEDs {
            do { try leds.restore() } catch { writeAll(STDERR_FILENO, "torch: status LEDs: \(error)\n") }
            if let path = options.statusLEDSavePath { try? leds.save(to: path) }
        }
        options.feedback?.close()
        output.close()
        for b in options.buttons { b.close() }
        if display.active {
            display.draw(duty: scheduler.currentDuty, status: machine.statusSummary(at: clock.now()), note: "dark")
            display.end()
        }
        terminal?.restore()
        let dropped = scheduler.trace.dropped
        if dropped > 0, trace != nil { writeAll(STDERR_FILENO, "torch: trace: \(dropped) output changes were not recorded (ring full)\n") }
        return 0
    }
}
