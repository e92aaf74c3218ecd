import TorchCore
import TorchEngine

/// An instant `n` milliseconds after the origin.
func atMs(_ n: Int64) -> Instant { Instant(nanoseconds: n * 1_000_000) }

/// The torch as the service runs it — `TorchController`, with its recognizers, state
/// machine and publishing — driven by explicit instants the way the I/O shell drives
/// it: it wakes only at the controller's `nextDeadline` or at an input.
struct TorchRig {
    let controller: TorchController
    /// Every effect since the start (the start's own effects excluded), oldest first.
    var effects: [ControllerEffect] = []
    /// When the OFF button's synthetic release is due (a press is a whole click).
    private var offRelease: Instant?

    init(_ settings: TorchSettings = TorchSettings(), restoring: PersistentState? = nil, at start: Instant = .zero,
         library: PatternLibrary = .standard, reload: (() -> Result<ReloadedConfig, ReloadError>)? = nil,
         blinkOnPatternChange: Bool = false, runFor: Duration? = nil, hasStatusLEDs: Bool = true) {
        var s = ControllerSettings(torch: settings, mapping: OutputMapping(curve: .linear), library: library,
                                   restoring: restoring, runFor: runFor, blinkOnPatternChange: blinkOnPatternChange)
        s.reload = reload
        s.hasStatusLEDs = hasStatusLEDs
        controller = TorchController(settings: s, at: start)
        controller.handle(.start(at: start))
        // The first write is confirmed at once: readiness is not what these tests look at.
        controller.handle(.advance(to: start, output: Self.healthy))
        startProgram = controller.takeEffects().compactMap { if case let .play(p) = $0 { p } else { nil } }.last
    }

    /// The program the start handed to the scheduler (the start's effects are not in `effects`).
    private(set) var startProgram: ScheduledProgram?

    /// The program the scheduler plays now: the last one handed to it.
    var handed: ScheduledProgram? { programs.last ?? startProgram }

    static let healthy = OutputHealth(writes: 1)

    var torch: TorchStateMachine { controller.machine }
    var lit: Bool { torch.lit }
    var program: LightProgram { torch.program }

    /// The programs handed to the scheduler.
    var programs: [ScheduledProgram] {
        effects.compactMap { if case let .play(p) = $0 { p } else { nil } }
    }

    /// The effects seen as the state machine's events: a save is a state change, a
    /// gesture effect a recognised gesture, the status LEDs stealth, and the sleep
    /// timer's log line its expiry.
    var events: [TorchEvent] {
        effects.compactMap { e -> TorchEvent? in
            switch e {
            case .save: .stateChanged
            case let .gesture(kind, count): .gestureRecognized(kind, count: count)
            case let .statusLEDs(change): .stealthChanged(change == .dark)
            case let .log(_, line) where line == TorchEvent.sleepTimerExpired.description: .sleepTimerExpired
            default: nil
            }
        }
    }

    /// Runs every deadline up to and including `t`, then moves to `t`.
    mutating func run(until t: Instant) {
        while let d = nextDeadline, d <= t { step(to: d) }
        step(to: t)
    }

    /// A raw edge of the ON button (deadlines before it run first).
    mutating func edge(_ pressed: Bool, at t: Instant, role: ButtonRole = .on) {
        while let d = nextDeadline, d < t { step(to: d) }
        controller.handle(.edge(ButtonEdge(role: role, pressed: pressed, at: t)))
        collect()
    }

    /// A virtual edge of the ON button from `holder` (the page, MQTT, the socket).
    mutating func virtualEdge(_ pressed: Bool, at t: Instant, holder: VirtualHolder) {
        while let d = nextDeadline, d < t { step(to: d) }
        controller.handle(.request(ControlRequest(pressed ? .press(.on) : .release(.on)), from: holder.origin, client: holder.client, at: t))
        collect()
    }

    mutating func press(at t: Instant) { edge(true, at: t) }
    mutating func release(at t: Instant) { edge(false, at: t) }

    /// Press at `from`, release at `to`.
    mutating func click(_ from: Instant, _ to: Instant) {
        press(at: from)
        release(at: to)
    }

    /// A click of the OFF button: pressed at `t` (it acts at once), released 50 ms later.
    mutating func offPress(at t: Instant) {
        edge(true, at: t, role: .off)
        offRelease = t + .milliseconds(50)
    }

    /// The kernel lost edges; the line reads `pressed` at `t`.
    mutating func lost(pressed: Bool, at t: Instant) {
        while let d = nextDeadline, d < t { step(to: d) }
        controller.handle(.edgesLost(.on, count: 1, pressedNow: pressed, at: t))
        collect()
    }

    mutating func command(_ c: ControlCommand, at t: Instant, from origin: CommandOrigin = .socket) {
        run(until: t)
        controller.handle(.request(ControlRequest(c), from: origin, at: t))
        collect()
    }

    /// One control-protocol request line, answered as the socket would answer it.
    mutating func request(_ line: String, at t: Instant) -> ControlReply {
        run(until: t)
        let reply: ControlReply
        switch ControlRequest.parse(line) {
        case let .success(r): reply = controller.handle(.request(r, from: .socket, at: t))
        case let .failure(error): reply = .failure(error)
        }
        collect()
        return reply
    }

    mutating func reload(at t: Instant) -> Bool {
        run(until: t)
        let ok = controller.handle(.reload(at: t)).ok
        collect()
        return ok
    }

    mutating func stop(at t: Instant) {
        run(until: t)
        controller.handle(.stop(at: t))
        collect()
    }

    private var nextDeadline: Instant? {
        [controller.nextDeadline, offRelease].compactMap { $0 }.min()
    }

    private mutating func step(to t: Instant) {
        if let r = offRelease, r <= t {
            offRelease = nil
            controller.handle(.edge(ButtonEdge(role: .off, pressed: false, at: r)))
        }
        controller.handle(.advance(to: t, output: Self.healthy))
        collect()
    }

    private mutating func collect() {
        effects += controller.takeEffects()
    }
}

extension ScheduledProgram {
    /// True when the program emits no light at all.
    var isDark: Bool { timeline.isSteady && timeline.endLevel == 0 }
}

/// Two brightnesses are equal to within a millionth (ramps are computed in floating point).
func nearly(_ a: Brightness, _ b: Double) -> Bool { abs(a.fraction - b) < 1e-6 }

/// A controller started dark at 0 with its first write confirmed (ready told) and the
/// start's effects taken: what health reports are checked against.
func startedController() -> TorchController {
    let c = TorchController(settings: ControllerSettings(torch: TorchSettings(), mapping: OutputMapping(curve: .linear)),
                            at: .zero)
    c.handle(.start(at: .zero))
    c.handle(.advance(to: atMs(1), output: OutputHealth(writes: 1)))
    _ = c.takeEffects()
    return c
}
