import TorchCore
import TorchHardware

/// `torch status` with no service running: the last state, the config in use and the
/// backend `torch on` would drive. With no torch holding the light nothing drives it, so
/// it is dark, whatever the state file remembers (a stop is not a user's off: a
/// foreground `torch on` ended by Ctrl-C leaves `lit=yes` there); the remembered choice
/// is shown beside it.
enum StatusCommand {
    /// `holder`: a torch in the foreground that holds the light (it has no socket to ask).
    static func print(json: Bool, state: PersistentState, configPath: String?, statePath: String, config: TorchConfig,
                      holder: LightHolder.Holder? = nil) -> Int32 {
        let (backend, how) = backendToDrive(config)
        if json {
            StandardOutput.write(ControlReply.status(report(state, backend: backend, holder: holder)).line)
            if let holder { StandardError.write("torch: \(holder.message)\n") }
        } else {
            var s = "torch: dark (no torch service is running; remembered: \(state.lit ? "lit" : "dark"))\n"
            if let holder {
                s = "torch: \(state.lit ? "lit" : "dark") (last state saved by the torch that holds the light: "
                    + "pid \(holder.pid), \(holder.command); it has no control socket)\n"
            }
            s += "  brightness   \(state.brightness)\n"
            s += "  pattern      \(state.pattern.canonicalText)\n"
            s += "  button mode  \(state.buttonMode.rawValue)\n"
            s += "  backend      \(backend.rawValue) (\(how))\n"
            s += "  config       \(configPath ?? "built-in defaults")\n"
            s += "  state file   \(statePath)\n"
            StandardOutput.write(s)
        }
        return 0
    }

    /// The status object for the last state, as the service would report it just after
    /// starting; `pid` is the foreground torch's that holds the light, if one does.
    static func report(_ state: PersistentState, backend: Backend, holder: LightHolder.Holder? = nil) -> StatusReport {
        var status = TorchStatus(resting: state)
        // Only a torch that holds the light can have it lit.
        if holder == nil { status.lit = false }
        return StatusReport(status, backend: backend, uptime: nil, pid: holder?.pid)
    }

    /// The config's backend, or for `auto` the same decision `--backend auto` makes from
    /// the board profile and the machine (the simulated LED when that fails).
    static func backendToDrive(_ config: TorchConfig) -> (Backend, String) {
        switch config.output.backend {
        case let .fixed(backend): (backend, "[output] backend")
        case .auto: ((try? BackendChoice.outputPlan(config))?.backend ?? .sim, "auto")
        }
    }
}
