import TorchCLI
import TorchCore
import TorchEngine
import TorchHardware

/// `torch button`: plays a gesture of the virtual button over one connection to the
/// running service, so a Ctrl-C while it holds closes the connection and the service
/// releases the button at once.
enum ButtonCommand {
    static let role = Option<ButtonRole>("role", value: "on|off",
                                         help: "Which button: on (the ON button, default) or off (the OFF button).") { (t: String) throws(ValueError) in
        guard let r = ButtonRole(rawValue: t) else { throw ValueError(value: t, allowed: "on or off") }
        return r
    }

    static let spec = CommandSpec(
        name: "button", overview: "Press the virtual button of a running torch service, as the physical button does.",
        arguments: [ArgumentSpec(name: "gesture", help: "tap, double, hold DURATION, press or release.", optional: false),
                    ArgumentSpec(name: "duration", help: "How long hold holds, e.g. 1s or 2.5s.", optional: true)],
        options: [role.spec],
        discussion: """
        The presses go over the control socket to the service's gesture recognizer, the
        same one the physical button feeds, so a virtual tap, double tap or hold does
        exactly what the button does (tap: toggle; double: next pattern; hold 1s from
        dark: light while held; hold 3s from dark: SOS; see torch.conf [gestures]).
        press holds the button down until Enter, end of input or Ctrl-C: a client that
        disconnects while holding releases at once. release lets the button up, whoever
        pressed it.
        """,
        drivesLight: false) { p, _ throws(UsageError) in
        let r = try p.value(role) ?? .on
        let words = p.positionals
        let gesture: VirtualGesture
        switch words.first ?? "" {
        case "tap": gesture = .tap
        case "double": gesture = .double
        case "press": gesture = .press
        case "release": gesture = .release
        case "hold":
            guard words.count >= 2 else {
                throw UsageError(message: "hold needs <duration>: how long to hold, e.g. 1s", command: p.command)
            }
            do {
                let d = try DurationSyntax.parse(words[1])
                guard d > .zero, d <= .seconds(3600) else { throw ValueError(value: words[1], allowed: "a duration from 1ms to 1h") }
                gesture = .hold(d)
            } catch {
                throw UsageError(message: "<duration>: \(error)", command: p.command)
            }
        case let w:
            throw UsageError(message: "<gesture>: '\(w)' is not valid: expected tap, double, hold, press or release", command: p.command)
        }
        if case .hold = gesture {} else if words.count > 1 {
            throw UsageError(message: "<duration>: only hold takes a duration; got '\(words[1])' after \(words[0])", command: p.command)
        }
        return .local(ButtonRequest(gesture: gesture, role: r))
    }
}

/// A gesture of one virtual button, as `torch button` was asked.
struct ButtonRequest: LocalCommand {
    var gesture: VirtualGesture
    var role: ButtonRole

    func run(_ context: LocalContext) -> Int32 {
        let config = context.config
        var session: ControlSession?
        let decision = ControlSocketChoice.decide(ServiceLink.clientSockets(config)) { path in
            switch ControlSession.open(socketPath: path) {
            case let .success(s):
                session = s
                return .answered
            case let .failure(e): return e.probe(at: path)
            }
        }
        switch decision {
        case .driveHardware:
            StandardError.write("torch: button needs a running torch service (torch run); none answers on \(ServiceLink.socketPath(config))\n")
            return ExitCode.failure
        case let .denied(p, group):
            StandardError.write(ControlSocketChoice.deniedMessage(path: p, group: group) + "\n")
            return ExitCode.failure
        case let .failed(line):
            StandardError.write("torch: \(line)\n")
            return ExitCode.failure
        case .use:
            break
        }
        guard let session else { return ExitCode.failure }
        defer { session.close() }
        let clock = MonotonicClock()
        let b = config.button
        let timing = GestureTiming(debounce: b.debounce, holdTime: b.holdTime, doubleTapWindow: b.doubleTapWindow,
                                   longHoldTime: b.longHold, stuckAfter: b.stuckAfter)
        var due = clock.now()
        for step in gesture.steps(timing: timing) {
            let request: ControlRequest
            switch step {
            case .down: request = ControlRequest(.press(role))
            case .up: request = ControlRequest(.release(role))
            case let .wait(d):
                // From the previous step's time, so the round trips do not stretch a gesture.
                due = due + d
                clock.sleep(until: due)
                continue
            case .waitForUser:
                StandardError.write("torch: the \(role.rawValue.uppercased()) button is held; Enter, end of input or Ctrl-C lets it go\n")
                StandardInput.waitForLineOrEnd()
                due = clock.now()
                continue
            }
            switch session.send(request) {
            case let .success(reply) where reply.ok:
                continue
            case let .success(reply):
                StandardError.write("torch: \(reply.error ?? "the service refused the request")\n")
                return ExitCode.failure
            case let .failure(e):
                StandardError.write("torch: \(e)\n")
                return ExitCode.failure
            }
        }
        // A click's action may come when the sequence ends (a double tap's does, when
        // longer sequences are mapped): return once it has, so the next command sees it.
        switch gesture {
        case .tap, .double: clock.sleep(until: clock.now() + timing.doubleTapWindow + .milliseconds(20))
        case .hold, .press, .release: break
        }
        StandardError.write("torch: done (service)\n")
        return ExitCode.ok
    }
}
