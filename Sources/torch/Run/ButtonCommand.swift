import TorchCLI
import TorchCore
import TorchEngine
import TorchHardware

/// `torch button`: plays a gesture of the virtual button over one connection to the
/// running service, so a Ctrl-C while it holds closes the connection and the service
/// releases the button at once.
enum ButtonCommand {
    static func run(_ gesture: VirtualGesture, role: ButtonRole, _ config: TorchConfig) -> Int32 {
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
                                   longHoldTime: b.longHold)
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
