import TorchCore
import TorchHardware

/// The service's answers to the control socket, config reloads (SIGHUP, `reload`) and
/// recovery from edge events the kernel dropped.
extension TorchService {
    func respond(_ r: ControlRequest, at now: Instant) -> ControlReply {
        switch r.command {
        case .status:
            return .status(machine.statusSummary(at: now), backend: options.backendName, uptime: now - origin)
        case .reload:
            return reload(at: now) ? .success() : .failure("reload: the new config has errors; the running one is kept (see the log)")
        default:
            do {
                if let c = try r.command.torchCommand(library: library) { machine.handle(c, at: now) }
            } catch {
                return .failure(error)
            }
            publishIfChanged()
            handleEvents()
            return .success()
        }
    }

    /// Re-reads the config; on errors keeps the running one and logs each line.
    @discardableResult
    func reload(at now: Instant) -> Bool {
        guard let reload = options.reload else {
            log("reload: not possible in this mode; ignored", .warning)
            return false
        }
        switch reload() {
        case let .success(new):
            mapping = new.mapping
            library = new.library
            machine = TorchStateMachine(settings: new.settings, restoring: machine.persistentState, now: now)
            publishedGeneration = .max
            publishIfChanged()
            log("config reloaded")
            return true
        case let .failure(error):
            for line in error.lines { log(line, .error) }
            log("reload refused: keeping the running config", .error)
            return false
        }
    }

    /// The kernel dropped edge events: resynchronise the recognizer with the line's level.
    func resynchronize(_ b: any ButtonInput, lost: Int) {
        let now = clock.now()
        log("button: \(lost) edge event(s) lost; resynchronised with the line", .warning)
        let role = b.role
        guard var r = recognizers[role], let pressed = try? b.isPressed() else { return }
        let gestures = r.resynchronize(pressed: pressed, at: now)
        recognizers[role] = r
        for g in gestures { machine.handle(g, from: role == .on ? .on : .off) }
        publishIfChanged()
    }
}
