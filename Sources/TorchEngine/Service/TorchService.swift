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
    private let clock: any TorchClock
    public let scheduler: PatternScheduler
    private var machine: TorchStateMachine
    private var recognizers: [ButtonRole: GestureRecognizer] = [:]
    private var keyboard = KeyboardButton()
    private var terminal: RawTerminal?
    private let display = LiveDisplay()
    private var trace: TraceWriter?
    private var publishedGeneration: UInt64 = .max
    private var note = ""
    private var quit = false
    private var reportedFirstLight = false
    /// The instant the run started: 0 in trace files.
    public private(set) var origin: Instant

    public init(output: any LightOutput, options: ServiceOptions, clock: any TorchClock = MonotonicClock()) {
        self.output = output
        self.options = options
        self.clock = clock
        scheduler = PatternScheduler(output: output, settings: options.scheduler)
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

        while !quit {
            var deadline = [machine.nextDeadline, keyboard.nextDeadline, runUntil].compactMap { $0 }.min()
            for r in recognizers.values { if let d = r.nextDeadline { deadline = min(deadline ?? d, d) } }
            if display.active {
                let frame = clock.now() + .milliseconds(1000 / LiveDisplay.framesPerSecond)
                deadline = min(deadline ?? frame, frame)
            }
            var fds = [signals.fd] + options.buttons.map(\.pollDescriptor)
            if let t = terminal { fds.append(t.fd) }
            let ready = PollSet.wait(fds, until: deadline, clock: clock)

            if ready.contains(signals.fd) {
                for s in signals.read() {
                    if s == SIGHUP { log("SIGHUP: reload is not supported in this mode; ignored") }
                    else { quit = true }
                }
            }
            for b in options.buttons where ready.contains(b.pollDescriptor) {
                do {
                    for e in try b.readEdges() { feed(e) }
                } catch {
                    log("button: \(error)")
                }
            }
            let now = clock.now()
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

    private func publishIfChanged() {
        guard machine.programGeneration != publishedGeneration else { return }
        publishedGeneration = machine.programGeneration
        let p = machine.program
        scheduler.play(ScheduledProgram(timeline: p.timeline, lightness: p.brightness.fraction,
                                        startedAt: p.startedAt, mapping: options.mapping))
    }

    private func handleEvents() {
        for event in machine.takeEvents() {
            switch event {
            case .stateChanged: saveState()
            case .gestureRecognized(let kind): note = kind.rawValue
            default: log(event.description)
            }
        }
    }

    private func saveState() {
        guard let path = options.stateFilePath else { return }
        let s = machine.persistentState
        let record = StateRecord(brightness: s.brightness, pattern: s.pattern.canonicalText,
                                 buttonMode: s.buttonMode.rawValue, lit: s.lit)
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

    private func log(_ line: String) {
        guard options.verbose else { return }
        display.log(line)
    }

    /// Dark, released, terminal restored; returns the exit code.
    private func shutDown() -> Int32 {
        scheduler.stop()          // writes dark from the RT thread, then joins it
        drainTrace()
        trace?.flush()
        output.close()
        for b in options.buttons { b.close() }
        if display.active {
            display.draw(duty: scheduler.currentDuty, status: machine.statusSummary(at: clock.now()), note: "dark")
            display.end()
        }
        terminal?.restore()
        let dropped = scheduler.trace.dropped
        if dropped > 0 { writeAll(STDERR_FILENO, "torch: trace: \(dropped) output changes were not recorded (ring full)\n") }
        return 0
    }
}
