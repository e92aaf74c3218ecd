import TorchCore

/// The torch's one deterministic core: every input is a `ControllerInput` value with its
/// instant (a button edge, a command and its origin, a control request, a reading, a
/// timer instant, a reload, a stop) given to `handle(_:)`, every output a
/// `ControllerEffect` taken with `takeEffects()`. No descriptors, no threads, no clock:
/// the I/O shell (`TorchService`) and the tests drive it alike. The methods below
/// `handle` are its steps, one per input.
///
/// It owns the gesture recognizers (one per button role) and the state machine, so the
/// edge → gesture → state → program glue exists here once.
public final class TorchController {
    /// The torch's state.
    public internal(set) var machine: TorchStateMachine
    /// The settings in force (a reload replaces the torch part, mapping and library).
    public internal(set) var settings: ControllerSettings
    /// The instant of `.start`: uptime counts from it, and `--for` too.
    public internal(set) var origin: Instant
    /// Everything up to this instant has been processed.
    public internal(set) var now: Instant
    /// True once `.stop` was handled (or `--for` ran out): the shell leaves its loop.
    public internal(set) var isStopped = false
    /// The last gesture recognised (the live display's note).
    public internal(set) var lastGesture: GestureKind?
    /// Who sent the last command that changed anything.
    public internal(set) var lastCommandOrigin: CommandOrigin?

    var recognizers: [ButtonRole: GestureRecognizer] = [:]
    /// Who holds each virtual button down (see `virtualEdge`).
    var virtualHolds: [ButtonRole: Set<VirtualHolder>] = [:]
    /// When each remote holder's press is released unless renewed (the dead-man rule).
    var virtualLeases: [VirtualHolder: Instant] = [:]
    /// The physical buttons down, as their last raw edges say.
    var physicalDown: Set<ButtonRole> = []
    /// The buttons held past `stuck-after`, until their line reads released
    /// (`noteStuckButtons`).
    var stuckButtons: Set<ButtonRole> = []
    /// The remote front end whose virtual presses drive each button's current gesture
    /// (nil: a finger or the owner's own front ends); its gestures are judged by the
    /// remote rule (`applyGestures`).
    var remoteDriver: [ButtonRole: CommandOrigin] = [:]
    var effects: [ControllerEffect] = []
    var publishedGeneration: UInt64 = .max
    var publishedTimeline: Timeline?
    /// A pattern waiting for its change acknowledgement to finish: it starts at its `startedAt`.
    var pendingProgram: ScheduledProgram?
    var readySent = false
    var nextWatchdog: Instant?
    var failuresSeen = 0
    /// Failed writes already reported, and whether a failing burst is being reported.
    var failuresReported = 0
    var outputFailing = false
    /// Budget rests already seen, and the last time their count grew while a stretch of
    /// them is being reported (nil: none is).
    var restsSeen = 0
    var restingSince: Instant?
    var lastRestSeen: Instant?
    var lastStatus: StatusSnapshot?
    /// The readout's number was asked for (`.read(.readout)`) and not yet handed back.
    var readoutAsked = false
    /// When the load average was last asked for while the heartbeat played.
    var lastLoadRead: Instant?
    /// The last load read failed (said once until one works).
    var loadFailing = false
    /// A state change seen during a temporary state, saved once it ends (`save()`).
    var saveHeld = false
    /// `settleProgramFirst` left the rest of `settle` for when the effects are taken.
    var restPending = false
    /// The dark-LED watch on the light sensor's readings (nil: no sensor, or no calibration).
    var lightWatch: DarkLEDWatch?

    public init(settings: ControllerSettings, at start: Instant) {
        self.settings = settings
        origin = start
        now = start
        machine = TorchStateMachine(settings: settings.torch, restoring: settings.resuming?.state ?? settings.restoring,
                                    resuming: settings.resuming != nil, now: start)
        resetRecognizers(at: start)
        lightWatch = Self.lightWatch(settings)
    }

    /// Starts at `time`: the light as the saved state or the command line asks.
    func start(at time: Instant) {
        origin = time
        now = time
        resetRecognizers(at: time)
        nextWatchdog = settings.watchdogInterval.map { time + $0 }
        machine.advance(to: time)
        // Taken over from the last process: the pattern goes on from its time zero.
        if let resuming = settings.resuming { machine.anchorProgram(at: resuming.origin) }
        for c in settings.initialCommands {
            do {
                if let t = try c.torchCommand(library: settings.library) { machine.handle(t, at: time) }
            } catch {
                log("start: \(c.name): \(error)", .error)
            }
        }
        if !settings.initialCommands.isEmpty { lastCommandOrigin = .cli }
        if settings.watchesLight && lightWatch == nil {
            log("light sensor: this LED has no calibration (torch calibrate measures it): the LED is not watched", .warning)
        }
        settle()
    }

    // MARK: Inputs

    /// A raw edge of one physical button, at its kernel timestamp. While a virtual press
    /// holds the same button down it only records the finger (the button is down either
    /// way); the release that follows the virtual one's end goes through then.
    func edge(_ e: ButtonEdge) {
        if e.pressed { physicalDown.insert(e.role) } else { physicalDown.remove(e.role) }
        guard !isVirtuallyPressed(e.role) else { return }
        remoteDriver[e.role] = nil
        recognize(e)
    }

    /// An edge of the button as the recognizer sees it (physical or virtual).
    func recognize(_ e: ButtonEdge) {
        guard !isStopped, var r = recognizers[e.role] else { return }
        let gestures = r.handle(e.raw)
        recognizers[e.role] = r
        // The edge's kernel timestamp moves the recognizer, not the controller's clock:
        // only the shell's clock does that.
        applyGestures(gestures, from: e.role)
        settleProgramFirst()
    }

    /// The kernel dropped `count` edges of a button: resynchronise its recognizer with
    /// the line's level read at `time` (nil when the read failed: only reported).
    func edgesLost(_ role: ButtonRole, count: Int, pressedNow: Bool?, at time: Instant) {
        log("button: \(count) edge event(s) lost; resynchronised with the line", .warning)
        guard !isStopped, let line = pressedNow, var r = recognizers[role] else { return }
        if line { physicalDown.insert(role) } else { physicalDown.remove(role) }
        let pressed = line || isVirtuallyPressed(role)
        let gestures = r.resynchronize(pressed: pressed, at: time)
        recognizers[role] = r
        applyGestures(gestures, from: role)
        now = max(now, time)
        settle()
    }

    /// True when the recognizer of `role` has no debounce window open.
    public func edgesSettled(_ role: ButtonRole) -> Bool {
        recognizers[role]?.isSettled ?? true
    }

    /// A button's line reads `pressed` at `time`, after its edges settled. When the
    /// recognizer disagrees (edges merged or misread by the chip), it is resynchronised
    /// with the line, and that is logged.
    func lineSettled(_ role: ButtonRole, pressed line: Bool, at time: Instant) {
        // A virtual press holds the recognizer down whatever the physical line reads.
        if line { physicalDown.insert(role) } else { physicalDown.remove(role) }
        let pressed = line || isVirtuallyPressed(role)
        guard !isStopped, var r = recognizers[role], r.isSettled, r.isPressed != pressed else { return }
        log("button (\(role)): the line reads \(pressed ? "pressed" : "released") once its edges settled; resynchronised", .warning)
        let gestures = r.resynchronize(pressed: pressed, at: max(time, now))
        recognizers[role] = r
        applyGestures(gestures, from: role)
        now = max(now, time)
        settle()
    }

    /// A front end's request: its reply. `client` tells the front end's clients apart
    /// (who holds a virtual button down).
    func respond(to request: ControlRequest, from origin: CommandOrigin, client: Int = 0,
                 at time: Instant) -> ControlReply {
        // A client that gave up (its "no reply within 5s" already said) is not surprised
        // later by its command: one read past its deadline, the service frozen or swamped
        // meanwhile, is dropped and logged.
        if let deadline = request.deadline, time > deadline {
            let late = DurationSyntax.format(time - deadline)
            log("\(origin.rawValue): \"\(request.name)\" dropped: read \(late) after its deadline (its client had given up)",
                .warning)
            return .failure("\"\(request.name)\" not carried out: read \(late) after its deadline (the client had given up)")
        }
        // A gesture due before this request (a click sequence's end) acts first, even
        // when the shell serves input before it runs the turn's timers.
        if !isStopped {
            runGestureTimers(upTo: time)
            machine.advance(to: time)
            settle()
        }
        switch request.command {
        case let .press(role)?:
            virtualEdge(role: role, pressed: true, holder: VirtualHolder(origin: origin, client: client), at: time)
            return .success()
        case let .release(role)?:
            virtualEdge(role: role, pressed: false, holder: VirtualHolder(origin: origin, client: client), at: time)
            return .success()
        case .status?:
            return .status(StatusReport(status(at: time), backend: settings.backend, uptime: time - self.origin,
                                        pid: settings.processID))
        case .reload?:
            return reload(at: time) ? .success() : .failure(Self.reloadRefused)
        default:
            var torchCommands: [TorchCommand] = []
            do {
                for c in request.commands {
                    if let t = try c.torchCommand(library: settings.library) { torchCommands.append(t) }
                }
            } catch {
                return .failure(error)
            }
            // A flash shows over the light's state: of the rest only a level applies first.
            if !(request.flash != nil && torchCommands.isEmpty),
               let refusal = commands(torchCommands, from: origin, at: time, patternStart: request.patternStart,
                                      transition: request.transition) {
                return .failure(refusal)
            }
            if let length = request.flash,
               let refusal = flash(request.flashPattern ?? flashPattern(for: origin), for: length, from: origin, at: time) {
                return .failure(refusal)
            }
            // Stealth on with nothing to darken is carried out (the state, the web page's
            // black screen) but not reported as a darkened board, nor saved (`savedState`).
            if case .stealth(true)? = request.command, !settings.hasStatusLEDs {
                return .success([JSONMember("warning", .string("stealth on, but \(Self.noStatusLEDs)"))])
            }
            return .success()
        }
    }

    /// Runs every timer due by `time`: gesture thresholds, ramps, the sleep timer, a
    /// pattern waiting for its acknowledgement, readiness, the watchdog and `--for`.
    func advance(to time: Instant, output: OutputHealth) {
        guard !isStopped else { return }
        releaseExpiredPresses(upTo: time)
        now = max(now, time)
        for role in ButtonRole.allCases {
            guard var r = recognizers[role] else { continue }
            let gestures = r.advance(to: now)
            recognizers[role] = r
            applyGestures(gestures, from: role)
        }
        machine.advance(to: now)
        if let pending = pendingProgram, now >= pending.startedAt {
            pendingProgram = nil
            play(pending)
        }
        settle()
        checkHealth(output)
        if let end = runUntil, now >= end {
            // `--for` is a sleep timer: the light is off afterwards, and remembered so.
            machine.handle(.off, at: now)
            settle()
            stop(at: now)
        }
    }

    /// The service stops (a signal, `q`, `--for`): the shell then puts everything back.
    /// Not a user's "off": the remembered state is left as it is.
    func stop(at time: Instant) {
        guard !isStopped else { return }
        now = max(now, time)
        isStopped = true
        effects.append(.notice(.stopping))
    }

    // MARK: Outputs

    /// The effects since the last call, oldest first.
    public func takeEffects() -> [ControllerEffect] {
        if restPending { settleRest() }
        defer { effects.removeAll(keepingCapacity: true) }
        return effects
    }

    /// The programs among the effects since the last call, oldest first, taken out of
    /// them; the rest stays for `takeEffects`. The shell hands these to the scheduler
    /// before anything else in a turn: a press's light does not wait for its status.
    public func takePrograms() -> [ScheduledProgram] {
        guard effects.contains(where: \.isPlay) else { return [] }
        var programs: [ScheduledProgram] = []
        effects.removeAll { effect in
            guard case let .play(p) = effect else { return false }
            programs.append(p)
            return true
        }
        return programs
    }

    /// The next instant `.advance` has work; nil when only an input can
    /// change anything.
    public var nextDeadline: Instant? {
        guard !isStopped else { return nil }
        // Effects produced outside a turn (a front end's refresh) are carried out at once.
        if !effects.isEmpty || restPending { return now }
        var all = [machine.nextDeadline, pendingProgram?.startedAt, nextWatchdog, runUntil, virtualLeases.values.min(), nextLoadRead]
        for r in recognizers.values { all.append(r.nextDeadline) }
        // Until the first write is confirmed (READY=1), look again soon.
        if !readySent { all.append(now + .milliseconds(1)) }
        return all.compactMap { $0 }.min()
    }

    /// The brightness chosen (above the Simple UI's cap, which `status` shows applied):
    /// what a relative step, as the terminal's `+` and `-`, starts from.
    public var brightness: Brightness { machine.brightness }

    /// What `torch status` shows at `time`.
    public func status(at time: Instant) -> TorchStatus {
        var status = machine.statusSummary(at: time)
        status.buttonStuck = !stuckButtons.isEmpty
        status.ledDark = lightWatch?.isDark
        return status
    }

    var runUntil: Instant? { settings.runFor.map { origin + $0 } }

    func log(_ line: String, _ priority: LogPriority = .info) {
        effects.append(.log(priority, line))
    }

    /// Runs the recognizers' thresholds due by `time` into the state machine.
    func runGestureTimers(upTo time: Instant) {
        for role in ButtonRole.allCases {
            guard var r = recognizers[role] else { continue }
            let gestures = r.advance(to: time)
            recognizers[role] = r
            applyGestures(gestures, from: role)
        }
    }

    func resetRecognizers(at time: Instant) {
        for role in ButtonRole.allCases {
            let pressed = recognizers[role]?.isPressed ?? false
            let stuck = recognizers[role]?.isStuck ?? false
            recognizers[role] = GestureRecognizer(timing: settings.torch.gestureTiming, pressed: pressed, stuck: stuck, at: time)
        }
    }
}
