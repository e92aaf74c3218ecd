import TorchCore

/// The ON button's recognizer and the torch state machine wired as the engine wires them,
/// driven by explicit instants: it wakes only at either side's `nextDeadline` or at an edge.
struct TorchRig {
    var recognizer: GestureRecognizer
    var torch: TorchStateMachine
    var events: [TorchEvent] = []
    /// Every program handed to the "scheduler" (one per generation change).
    var programs: [LightProgram] = []
    private var lastGeneration: UInt64

    init(_ settings: TorchSettings = TorchSettings(), restoring: PersistentState? = nil, at start: Instant = .zero) {
        recognizer = GestureRecognizer(timing: settings.gestureTiming, at: start)
        torch = TorchStateMachine(settings: settings, restoring: restoring, now: start)
        lastGeneration = torch.programGeneration
        collect()
    }

    /// Runs every deadline up to and including `t`, then moves both to `t`.
    mutating func run(until t: Instant) {
        while let d = [recognizer.nextDeadline, torch.nextDeadline].compactMap({ $0 }).min(), d <= t {
            step(to: d)
        }
        step(to: t)
    }

    /// A raw edge of the ON button (deadlines before it run first).
    mutating func edge(_ pressed: Bool, at t: Instant) {
        while let d = [recognizer.nextDeadline, torch.nextDeadline].compactMap({ $0 }).min(), d < t {
            step(to: d)
        }
        feed(recognizer.handle(RawEdge(pressed: pressed, at: t)))
        collect()
    }

    mutating func press(at t: Instant) { edge(true, at: t) }
    mutating func release(at t: Instant) { edge(false, at: t) }

    /// Press at `from`, release at `to`.
    mutating func click(_ from: Instant, _ to: Instant) {
        press(at: from)
        release(at: to)
    }

    /// A press of the OFF button (its own recognizer would report `.press` at once).
    mutating func offPress(at t: Instant) {
        run(until: t)
        torch.handle(.press(at: t), from: .off)
        collect()
    }

    mutating func command(_ c: TorchCommand, at t: Instant) {
        run(until: t)
        torch.handle(c, at: t)
        collect()
    }

    var lit: Bool { torch.lit }
    var program: LightProgram { torch.program }

    private mutating func step(to t: Instant) {
        feed(recognizer.advance(to: t))
        torch.advance(to: t)
        collect()
    }

    private mutating func feed(_ gestures: [Gesture]) {
        for g in gestures {
            torch.handle(g, from: .on)
            collect()
        }
    }

    private mutating func collect() {
        events += torch.takeEvents()
        if torch.programGeneration != lastGeneration {
            lastGeneration = torch.programGeneration
            programs.append(torch.program)
        }
    }
}

/// Two brightnesses are equal to within a millionth (ramps are computed in floating point).
func nearly(_ a: Brightness, _ b: Double) -> Bool { abs(a.fraction - b) < 1e-6 }
