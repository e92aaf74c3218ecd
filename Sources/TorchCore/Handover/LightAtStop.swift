/// Whether the light outlives the service's process: what torch does when its process
/// ends under systemd with the file descriptor store (`FileDescriptorStoreMax=`,
/// `$FDSTORE`). The rule, in one place for the process itself (at SIGTERM) and for the
/// unit's post-stop command (`torch off --service-stopped`):
///
/// - a restart job follows (`systemctl restart`, a package upgrade): **keep** — the
///   level stays as it is (the GPIO line's request in systemd's store, the PWM channel
///   as set) and the next process takes it over;
/// - a stop job (`systemctl stop`, shutdown, `apt remove`) or no store: **put back** —
///   dark and released, as before there was a store;
/// - no job, the process gone by itself (`kill -9`, a crash, the watchdog): **keep**
///   when `Restart=` restarts that result and the process ran at least the start
///   limit's interval (the restart then cannot be refused: systemd counts the starts in
///   an interval from the first), else **put back**: a process that ends sooner may be
///   a crash loop, which systemd ends by refusing a start (the unit failed),
///   and a loop must end dark and released;
/// - a process that ended cleanly with no job (`--for` ran out): **put back**.
///
/// When the job cannot be learnt (systemctl missing or silent) the light is put back:
/// a dark gap at a restart is the old behaviour, a light left on after a stop is not.
public enum LightAtStop: Equatable, Sendable {
    /// Leave the light as it is for the next process; `reason` says why, for the log.
    case keep(reason: String)
    /// Dark and released, everything torch changed put back.
    case putBack(reason: String)

    public var keeps: Bool { if case .keep = self { true } else { false } }

    /// Why, for the log.
    public var reason: String {
        switch self {
        case let .keep(reason), let .putBack(reason): reason
        }
    }

    /// The service's own process at a stop signal. `job` nil: unknown.
    public static func atSignal(job: ServiceJob?, storeEnabled: Bool) -> LightAtStop {
        guard storeEnabled else { return .putBack(reason: "no file descriptor store (FileDescriptorStoreMax=)") }
        switch job {
        case .restart?: return .keep(reason: "a restart follows")
        case .stop?: return .putBack(reason: "a stop")
        case let .other(type)?: return .putBack(reason: "a \(type) job")
        case .none?: return .putBack(reason: "no restart queued")
        case nil: return .putBack(reason: "the unit's job is unknown")
        }
    }

    /// The unit's post-stop command after the process exited cleanly: it decided at its
    /// stop signal (`atSignal`) and said so in the handover record (`handedOver`).
    public static func afterCleanExit(handedOver: Bool) -> LightAtStop {
        handedOver ? .keep(reason: "the service left it for a restart") : .putBack(reason: "the service put it back")
    }

    /// The unit's post-stop command after the process ended otherwise. `ran`: how long the ended process ran (nil:
    /// unknown); `restart`, `startLimit`: the unit's (nil: unknown).
    public static func afterStop(job: ServiceJob?, result: ServiceResult, restart: RestartPolicy?,
                                 startLimit: StartLimit?, ran: Duration?, storeEnabled: Bool) -> LightAtStop {
        guard storeEnabled else { return .putBack(reason: "no file descriptor store (FileDescriptorStoreMax=)") }
        switch job {
        case .restart?: return .keep(reason: "a restart follows")
        case .stop?: return .putBack(reason: "a stop")
        case let .other(type)?: return .putBack(reason: "a \(type) job")
        case nil: return .putBack(reason: "the unit's job is unknown")
        case .none?: break
        }
        guard let restart, restart.restarts(after: result) else {
            return .putBack(reason: "the process ended (\(result.name)) and Restart=\(restart?.rawValue ?? "?") does not restart it")
        }
        guard let startLimit else { return .putBack(reason: "the start limit is unknown") }
        if startLimit.isOff { return .keep(reason: "a restart follows (\(result.name)); no start limit") }
        guard let ran else { return .putBack(reason: "how long the process ran is unknown") }
        guard ran >= startLimit.interval else {
            return .putBack(reason: "the process ended (\(result.name)) after \(DurationSyntax.format(ran)), within the start limit's \(DurationSyntax.format(startLimit.interval)): maybe a crash loop")
        }
        return .keep(reason: "a restart follows (\(result.name) after \(DurationSyntax.format(ran)))")
    }
}
