import TorchCore
import TorchHardware

/// The I/O shell around `TorchController`: descriptors, signals and timers in, the
/// controller's effects carried out, nothing else. One event loop (this thread) serves
/// the front ends; one real-time thread (`PatternScheduler`) plays the programs.
///
/// On every way out (q, Ctrl-C, SIGTERM, `--for`), the light goes dark, the output and
/// every line are released, the status LEDs and the terminal are put back.
///
/// The loop waits through `ServiceWaits` and plays through `ProgramPlayer`, so the same
/// turn runs embedded in the tests (`TorchTesting.EmbeddedService`: scripted readiness
/// and signals, a manual clock, programs sampled instead of played).
public final class TorchService {
    public let output: any LightOutput
    public let options: ServiceOptions
    let clock: any TorchClock
    public let scheduler: any ProgramPlayer
    public let controller: TorchController
    private let waits: any ServiceWaits
    private var trace: TraceWriter?
    /// What `GET /metrics` reports beyond the scheduler's own counters.
    let metrics: ServiceMetrics
    /// A web page serves `GET /metrics`: the stamps are drained at least every 100 ms.
    private let servesMetrics: Bool
    private let journal = JournalLog()
    private let notify = SystemdNotify()
    private var reportedFirstLight = false
    private var stateFileFailing = false
    /// The owner's changes reach the state file at most once a second (`WriteCoalescer`),
    /// written on the writer's thread (`StateWriter`) unless `saveThread` is false.
    private var saves = WriteCoalescer<PersistentState>()
    private var writer: StateWriter?
    private let saveThread: Bool
    /// The last program's time zero, and whether the light changed since the handover
    /// record was last written (`ServiceHandover.lightChanged`, once per turn).
    private var playingSince: Instant?
    private var handoverChanged = false
    /// The instant the run started: 0 in trace files.
    public private(set) var origin: Instant
    /// When the output was last looked after (health reported, a lost line taken again).
    private var lastHealthCheck: Instant
    /// How often output health is looked at while `outputNeedsATimer`.
    static let healthInterval = Duration.seconds(1)

    /// The pattern thread's signal to look (failing starts or ends, the stamp ring half
    /// full); nil without an eventfd.
    private var attention: EventSignal? { scheduler.attention }

    /// Whether output health needs a timer: while the output is failing or gone (to
    /// retry it and report), without the pattern thread's signal, or for a GPIO line of a
    /// service, which is taken again when its chip comes back: a steady line makes no
    /// write that could fail when its chip goes, and Linux 6.1 wakes no poller of a line
    /// request when its chip is removed (6.12 does); so it is probed once a second.
    private var outputNeedsATimer: Bool {
        attention == nil || scheduler.isFailing || output.needsMaintenanceTimer
    }

    /// `waits` nil: ppoll and a signalfd on `clock`; `player` nil: the real-time
    /// `PatternScheduler` on `output`; `wallClock`: the front ends' (`FrontEndContext`);
    /// `saveThread` false: the state file is written in the turn that saves it.
    public init(output: any LightOutput, options: ServiceOptions, clock: any TorchClock = MonotonicClock(),
                wallClock: any WallClock = SystemWallClock(), waits: (any ServiceWaits)? = nil,
                player: (any ProgramPlayer)? = nil, saveThread: Bool = true) {
        self.output = output
        self.saveThread = saveThread
        self.options = options
        self.clock = clock
        // 16384 stamps ≈ 8 s of 1 kHz software PWM: the loop drains it at least every 100 ms.
        scheduler = player ?? PatternScheduler(output: output, settings: options.scheduler, trace: TraceRing(capacity: 1 << 14))
        self.waits = waits ?? PollWaits(clock: clock)
        origin = clock.now()
        lastHealthCheck = origin
        metrics = ServiceMetrics(binaryOutput: output.isBinary)
        servesMetrics = options.frontEnds.contains { $0.servesMetrics }
        var settings = options.controller
        if settings.watchdogInterval == nil { settings.watchdogInterval = SystemdNotify.watchdogInterval() }
        if settings.processID == nil { settings.processID = ProcessEnvironment.processID }
        controller = TorchController(settings: settings, at: origin)
        let context = FrontEndContext(
            clock: clock,
            wallClock: wallClock,
            performEffects: { [unowned self] in perform(controller.takeEffects(), at: self.clock.now()) },
            metricsText: { [unowned self] in metricsExposition() })
        for f in options.frontEnds { f.attach(context) }
    }

    /// The signals the event loop reads (SIGHUP reloads, the others stop). Block them
    /// (`SignalDescriptor.block`) before setting up what the service will put back.
    public static let stopSignals: [ProcessSignal] = [.interrupt, .terminate, .hangup, .quit]

    /// Runs until asked to stop. Returns the exit code (0: a normal stop).
    public func run() -> Int32 {
        if let failed = begin() { return failed }
        while !controller.isStopped { turn() }
        return shutDown()
    }

    /// Everything before the first turn: the waits (the signals blocked from here until
    /// the process exits: a second signal during shutdown cannot change the exit status
    /// or kill the cleanup), the trace, the player, the controller's start. nil when the
    /// loop may run; else the exit code, everything opened closed again. For `run` and
    /// an embedded service.
    public func begin() -> Int32? {
        do { try waits.open() } catch {
            StandardError.write("torch: \(error)\n")
            return 1
        }
        if let path = options.tracePath {
            do { trace = try TraceWriter(path: path, origin: clock.now()) } catch {
                StandardError.write("torch: \(error)\n")
                waits.close()
                return 1
            }
        }
        do { try scheduler.start() } catch {
            StandardError.write("torch: \(error)\n")
            waits.close()
            return 1
        }
        options.handover?.keep(output)
        if let leds = options.statusLEDs, let path = options.statusLEDSavePath {
            // A restart in stealth takes the dark LEDs over; any other start puts back
            // what a crashed run left dark.
            do {
                if options.controller.resuming?.state.stealth == true {
                    try leds.takeOverSaved(from: path)
                } else {
                    for w in try leds.restoreSaved(from: path) { log(w, .warning) }
                }
            } catch { log("status LEDs: \(error)", .error) }
        }
        let now = clock.now()
        origin = now
        trace?.rebase(origin: now)
        // What the state file holds is not written again: a start that changes nothing
        // saves nothing.
        saves = WriteCoalescer(onDisk: options.stateFile?.load())
        if let file = options.stateFile {
            sayWhetherChoicesAreKept(file)
            writer = openWriter(file)
        }
        controller.handle(.start(at: now))
        perform(controller.takeEffects(), at: now)
        recordHandover()
        scheduler.lockMemory()
        // The event loop turns a button edge into a hand-off: one step below the
        // scheduler, so a busy machine cannot delay the light's reaction to a press.
        // (It sleeps in ppoll between events; it never spins.) Best effort, and only
        // once the start's own work is done: faulting every page in for the memory lock
        // at real-time priority would hold a one-CPU board (and everything on it, the
        // button's own presses too) for as long as that takes.
        if let p = options.scheduler.realtimePriority, p > 1 { ThreadPriority.setFIFO(Int32(p - 1)) }

        let banner = options.banner + ["scheduler: \(scheduler.realtimeSummary)"]
        let shown = options.frontEnds.contains { $0.begin(banner: banner) }
        if !shown && options.verbose {
            for line in banner { StandardError.write(line + "\n") }
        }
        return nil
    }

    /// When the next turn is due without input (nil: only on input or a signal).
    public var nextDeadline: Instant? {
        var deadlines = [controller.nextDeadline, options.feedback?.nextDeadline]
        deadlines += options.frontEnds.map(\.nextDeadline)
        // A --trace file is written every 100 ms while it is asked for, so a reader
        // (`tail -f`) sees the light as it plays. The metrics need no clock: the ring
        // is drained at every turn, at a scrape, and when the pattern thread says it
        // is half full.
        if trace != nil || (servesMetrics && attention == nil) { deadlines.append(clock.now() + .milliseconds(100)) }
        deadlines.append(saves.nextDeadline)
        // Output health: failing writes start and end in the pattern thread, which
        // says so (`attention`); a timer runs only while there is a reason for one.
        if outputNeedsATimer { deadlines.append(lastHealthCheck + Self.healthInterval) }
        return deadlines.compactMap { $0 }.min()
    }

    /// One turn of the loop: wait (`ServiceWaits`) until a descriptor, a signal or
    /// `nextDeadline`, then serve the front ends in order, advance the controller and
    /// carry out its effects, look after the output, save, drain the trace.
    public func turn() {
        let fds = [waits.signalDescriptor] + (attention.map { [$0.fd] } ?? []) + (writer?.descriptor.map { [$0] } ?? [])
            + options.frontEnds.flatMap(\.pollDescriptors)
        let ready = waits.wait(readable: fds, writable: options.frontEnds.flatMap(\.pollWriteDescriptors), until: nextDeadline)

        var outputSaidSomething = false
        if let attention, ready.contains(attention.fd) { outputSaidSomething = attention.drain() }
        if ready.contains(waits.signalDescriptor) {
            for s in waits.takeSignals() {
                controller.handle(s == .hangup ? .reload(at: clock.now()) : .stop(at: clock.now()))
            }
        }
        if let writer, let fd = writer.descriptor, ready.contains(fd) {
            for ended in writer.takeEnded() { saveEnded(ended) }
        }
        let now = clock.now()
        for f in options.frontEnds {
            f.serve(ready: ready, at: now, controller: controller)
            // A press's program goes to the scheduler before the rest of the turn (its
            // status and save, the other front ends, the timers, the trace): the button
            // path's latency is this loop's work from ppoll to here (`make bench` figure 4).
            let programs = controller.takePrograms()
            for p in programs { play(p) }
            if let edge = f.takeHandOffEdge(), !programs.isEmpty {
                metrics.buttonHandedOff(edge: edge, at: clock.now())
            }
            perform(controller.takeEffects(), at: now)
        }
        let failures = scheduler.failures
        controller.handle(.advance(to: now, output: OutputHealth(
            writes: scheduler.writes, failures: failures.count, lastErrno: failures.lastErrno,
            failing: scheduler.isFailing, lastError: failures.count > 0 ? errnoText(failures.lastErrno) : "",
            rests: scheduler.rests)))
        if outputSaidSomething || (outputNeedsATimer && now >= lastHealthCheck + Self.healthInterval) {
            lastHealthCheck = now
            maintainOutput(lastErrno: failures.lastErrno)
        }
        perform(controller.takeEffects(), at: now)
        if let state = saves.due(at: now) { saveState(state) }
        if let feedback = options.feedback, feedback.isOn {
            feedback.advance(to: now)
            if !feedback.isOn { feedbackChanged(on: false, at: now) }
        }
        drainTrace()
        for f in options.frontEnds { f.refresh(at: now, controller: controller, duty: scheduler.currentDuty) }
        // What a refresh handed in plays in this turn, not at the next wake-up.
        perform(controller.takeEffects(), at: now)
        recordHandover()
    }

    /// Hands `program` to the scheduler; the next process would resume it.
    private func play(_ program: ScheduledProgram) {
        scheduler.play(program)
        playingSince = program.startedAt
        handoverChanged = true
    }

    /// Tells the hand-over what the next process would resume, once per turn and only
    /// when the light changed.
    private func recordHandover() {
        guard handoverChanged, let handover = options.handover else { return }
        handoverChanged = false
        handover.lightChanged(Resumption(state: controller.machine.persistentState, origin: playingSince ?? origin))
    }

    /// The controller's status now (for tests and benches).
    public var status: TorchStatus { controller.status(at: clock.now()) }

    // MARK: - Effects

    private func perform(_ effects: [ControllerEffect], at now: Instant) {
        // The state file is saved after the batch's other effects, once with its last
        // state: status changes go out first (MQTT's state echo after a button press).
        var lastSave: PersistentState? = nil
        var reads: [SensorRead] = []
        defer {
            if let lastSave, let state = saves.offer(lastSave, at: now) { saveState(state) }
            // What the readings lead to (a readout's blinks, the heartbeat's new rate)
            // plays in this turn.
            if !reads.isEmpty {
                for r in reads { read(r, at: now) }
                perform(controller.takeEffects(), at: now)
            }
        }
        // Programs first, in their order: the light reacts before anything is told.
        for case let .play(program) in effects { play(program) }
        for effect in effects {
            switch effect {
            case .play: break
            case let .save(state):
                lastSave = state
                handoverChanged = true
            case let .statusLEDs(change): setStatusLEDs(change)
            case let .gesture(kind, count):
                if kind.pulsesFeedback, let feedback = options.feedback {
                    let wasOn = feedback.isOn
                    let at = clock.now()
                    feedback.pulse(at: at)
                    if !wasOn && feedback.isOn { feedbackChanged(on: true, at: at) }
                }
                for f in options.frontEnds { f.gestureRecognized(kind, count: count, at: now) }
            case let .notice(n):
                switch n {
                case let .ready(status): try? notify.ready(status: status)
                case .watchdog: try? notify.watchdog()
                case .stopping: try? notify.stopping()
                }
            case let .log(priority, line): log(line, priority)
            case let .statusChanged(s):
                for f in options.frontEnds { f.statusChanged(s, at: now) }
            case let .read(what):
                reads.append(what)
            }
        }
    }

    /// Reads what the controller asked for and hands it back.
    private func read(_ what: SensorRead, at now: Instant) {
        switch what {
        case .readout: controller.handle(.reading(.readout(options.sensors.readout()), at: now))
        case .loadAverage: controller.handle(.reading(.loadAverage(options.sensors.loadAverage()), at: now))
        }
    }

    private func setStatusLEDs(_ change: StatusLEDChange) {
        guard let leds = options.statusLEDs else { return }
        do {
            switch change {
            case .dark:
                for w in try leds.goDark(savingTo: options.statusLEDSavePath) { log(w, .warning) }
            case .restore:
                try leds.restore()
                if let path = options.statusLEDSavePath { try leds.save(to: path) }
            }
        } catch {
            log("stealth: \(error)", .error)
        }
    }

    /// A GPIO line whose chip went away: said once, taken again when the chip is back.
    private func maintainOutput(lastErrno: Int32) {
        switch output.maintain(lastErrno: lastErrno) {
        case let .gone(code)?:
            log("output: \(output.summary) gone (\(errnoText(code))); waiting for it to come back", .error)
        case .reacquired?:
            log("output: \(output.summary) taken again", .notice)
            scheduler.rewrite()
            options.handover?.keep(output)
        case nil:
            break
        }
    }

    /// A state directory gone read-only or full is said once, not at every change; the
    /// light goes on as it was (the atomic write leaves the previous file whole), the
    /// failed state waits to be tried again (`WriteCoalescer.failed`), and a later save
    /// that works again says so.
    /// One line at the start when the choices saved will not outlive the service (a
    /// read-only state directory: its saves' failures are then not said again) or only
    /// as long as an overlay's upper layer.
    private func sayWhetherChoicesAreKept(_ file: StateFile) {
        switch StatePersistence.of(statePath: file.path) {
        case .kept:
            break
        case let .notKept(line):
            log(line, .warning)
            stateFileFailing = true
        case let .overlay(line):
            log(line, .notice)
        }
    }

    /// The state file's writer: on its own thread unless `saveThread` is false or the
    /// thread cannot start (then in the turn that saves, said once).
    private func openWriter(_ file: StateFile) -> StateWriter? {
        do {
            let w = try StateWriter(file: file, onItsOwnThread: saveThread)
            try w.start()
            return w
        } catch {
            log("state file: \(error); saves are written on the event loop", .warning)
            return try? StateWriter(file: file, onItsOwnThread: false)
        }
    }

    /// Hands `s` (just returned by `saves`) to the writer.
    private func saveState(_ s: PersistentState) {
        guard let writer else { return }
        if let ended = writer.save(s) { saveEnded(ended) }
    }

    private func saveEnded(_ ended: StateWriter.Ended) {
        if let error = ended.error {
            saves.failed(ended.state, at: clock.now())
            metrics.stateSaved(false)
            guard !stateFileFailing else { return }
            stateFileFailing = true
            log("state file: \(error) (the light is unaffected; the save is tried again, said once until one works)", .error)
            return
        }
        saves.written(ended.state, at: clock.now())
        metrics.stateSaved(true)
        if stateFileFailing {
            stateFileFailing = false
            log("state file: saved again")
        }
    }

    func drainTrace() {
        var first: OutputStamp? = nil
        scheduler.trace.drain { stamp in
            if first == nil { first = stamp }
            trace?.append(stamp)
            metrics.observe(stamp)
        }
        // What this turn drained goes to the file now, so a reader (`tail -f`) sees the
        // light as it plays; the write is on this loop, never the real-time thread.
        trace?.flush()
        if let first, !reportedFirstLight, let start = options.processStart {
            reportedFirstLight = true
            let ms = Double(first.actual - start.nanoseconds) / 1e6
            log("first output change \(DecimalSyntax.format(ms, maxFractionDigits: 2)) ms after process start")
        }
    }

    /// The feedback line went on or off: in the trace, and on the simulated torch (where
    /// no buzzer sounds) as a line in the terminal too.
    private func feedbackChanged(on: Bool, at instant: Instant) {
        trace?.appendFeedback(on: on, at: instant)
        if on && options.feedbackSimulated { log("feedback: pulse (\(DurationSyntax.format(options.feedback?.pulseLength ?? .zero)))") }
    }

    func log(_ line: String, _ priority: LogPriority = .info) {
        guard options.verbose else { return }
        if !options.frontEnds.contains(where: { $0.show(log: line) }) { journal.log(priority, line) }
    }

    /// Dark, released, terminal restored, the waits closed; returns the exit code. For
    /// `run` and an embedded service, once the controller is stopped. Under systemd
    /// with a restart to follow (`ServiceHandover.decideAtStop`), the light and the
    /// status LEDs are left as they are for the next process instead.
    public func shutDown() -> Int32 {
        // The owner's last change, if it was still waiting for its second.
        // A save that failed is tried once more here.
        // A write under way ends first (the writer's thread is joined); the flush is
        // then written here.
        for ended in writer?.finish() ?? [] { saveEnded(ended) }
        if let state = saves.flush() { saveState(state) }
        let atStop = options.handover?.decideAtStop()
        if let atStop, atStop.keeps {
            options.handover?.handOver(Resumption(state: controller.machine.persistentState, origin: playingSince ?? origin))
            log("stopping: the light is left as it is for the next process (\(atStop.reason))")
            scheduler.handOver()  // the output keeps its level, then the thread is joined
            drainTrace()
            trace?.flush()
            options.feedback?.close()
            output.handOver()
            for f in options.frontEnds { f.close() }
            waits.close()
            return 0
        }
        if let atStop { log("stopping: the light goes dark and is released (\(atStop.reason))") }
        scheduler.stop()          // writes dark from the RT thread, then joins it
        drainTrace()
        trace?.flush()
        if let leds = options.statusLEDs {
            do { try leds.restore() } catch { StandardError.write("torch: status LEDs: \(error)\n") }
            if let path = options.statusLEDSavePath { try? leds.save(to: path) }
        }
        options.feedback?.close()
        output.close()
        options.handover?.putBack()
        for f in options.frontEnds { f.close() }
        waits.close()
        let dropped = scheduler.trace.dropped
        if dropped > 0, trace != nil { StandardError.write("torch: trace: \(dropped) output changes were not recorded (ring full)\n") }
        return 0
    }
}
