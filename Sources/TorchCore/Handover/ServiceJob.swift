/// What the service manager is doing with torch's unit while its process ends: the
/// job `systemctl list-jobs` shows for it (`ServiceManagerText.job`).
public enum ServiceJob: Equatable, Sendable {
    /// A restart: `systemctl restart` or `try-restart` of a running unit, a package
    /// upgrade's postinst (`deb-systemd-invoke try-restart`). A new process follows.
    case restart
    /// A stop: `systemctl stop`, the shutdown (the unit conflicts with shutdown.target),
    /// `apt remove` (its prerm stops the unit). No process follows.
    case stop
    /// Another job type (start, reload, …), as systemctl names it.
    case other(String)
    /// No job: the process ended by itself (a crash, a watchdog abort, `--for`).
    case none

    /// The job named `type` in systemctl's JOB/UNIT/TYPE/STATE table.
    public init(type: String) {
        switch type {
        case "restart", "try-restart": self = .restart
        case "stop": self = .stop
        default: self = .other(type)
        }
    }
}

/// How the service's last process ended, as systemd says in `$SERVICE_RESULT` to the
/// post-stop command (systemd.exec(5)): `success`, `exit-code`, `signal`, `core-dump`,
/// `watchdog`, `timeout`, `start-limit-hit`, `resources`, `protocol`, `oom-kill`, …
public struct ServiceResult: Equatable, Sendable {
    public var name: String
    public init(_ name: String) { self.name = name }
    public static let success = ServiceResult("success")
    public var isSuccess: Bool { name == "success" }
}

/// The unit's `Restart=`, as systemd.service(5) defines it: which results restart the
/// service. (`RestartPreventExitStatus=` and `RestartForceExitStatus=` are not followed:
/// torch's unit sets neither.)
public enum RestartPolicy: String, CaseIterable, Equatable, Sendable {
    case no, always
    case onSuccess = "on-success", onFailure = "on-failure", onAbnormal = "on-abnormal"
    case onWatchdog = "on-watchdog", onAbort = "on-abort"

    /// Whether systemd restarts a process that ended with `result` (src/core/service.c,
    /// `service_shall_restart`).
    public func restarts(after result: ServiceResult) -> Bool {
        let clean = result.isSuccess || result.name == "skip-condition"
        switch self {
        case .no: return false
        case .always: return result.name != "skip-condition"
        case .onSuccess: return result.isSuccess
        case .onFailure: return !clean
        case .onAbnormal: return !clean && result.name != "exit-code"
        case .onWatchdog: return result.name == "watchdog"
        case .onAbort: return result.name == "signal" || result.name == "core-dump"
        }
    }
}

/// systemd's start limit for the unit (`StartLimitIntervalSec=`, `StartLimitBurst=`):
/// a start is refused (the unit ends failed: "Start request repeated too quickly") when more than `burst`
/// starts fall in one `interval` counted from the first of them.
public struct StartLimit: Equatable, Sendable {
    public var interval: Duration
    public var burst: Int
    public init(interval: Duration, burst: Int) {
        self.interval = interval
        self.burst = burst
    }
    /// No limit: an interval or a burst of 0.
    public var isOff: Bool { interval <= .zero || burst <= 0 }
}
