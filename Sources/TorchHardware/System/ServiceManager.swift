#if canImport(Glibc)
import Glibc
#endif
import TorchCore

/// What systemd is doing with torch's unit, asked of `systemctl` (`ChildProcess`): the
/// job it runs for the unit (a restart or a stop) and, after a process ended by itself,
/// the unit's `Restart=`, start limit and how long that process ran. `LightAtStop`
/// decides from the answers; nil wherever systemctl cannot say.
public struct ServiceManager: Sendable {
    /// Where systemctl is.
    public static let systemctlPaths = ["/usr/bin/systemctl", "/bin/systemctl"]
    /// The unit asked about (e.g. `torch.service`).
    public let unit: String
    /// How long one systemctl may take (it answers in milliseconds; an emulated board
    /// takes longer).
    public var timeout: Duration = .seconds(3)

    public init(unit: String) { self.unit = unit }

    /// The unit this process runs in (`/proc/self/cgroup`); nil outside a service.
    public static func ownUnit() -> String? {
        guard let text = try? AtomicFile.readFile("/proc/self/cgroup") else { return nil }
        return ServiceManagerText.unit(fromCgroup: text)
    }

    /// The unit's job now (`systemctl list-jobs`), or why systemctl cannot say.
    public func job() -> Result<ServiceJob, HardwareError> {
        systemctl(["list-jobs", "--no-legend", "--no-pager", "--full", unit]).map {
            ServiceManagerText.job(inListJobs: $0, unit: unit)
        }
    }

    /// What the post-stop command needs after a process ended other than cleanly, in
    /// one systemctl call (an emulated board takes seconds for each, and the post-stop
    /// command has `TimeoutStopSec=`): whether the unit has a job (its id), the unit's
    /// `Restart=`, its start limit, and how long the process ran (its start and exit
    /// stamps on the monotonic clock). Each nil when systemctl cannot say.
    public func endedProcess() -> Result<EndedProcess, HardwareError> {
        let names = ["Job", "Restart", "StartLimitIntervalUSec", "StartLimitBurst",
                     "ExecMainStartTimestampMonotonic", "ExecMainExitTimestampMonotonic"]
        return systemctl(["show", "--no-pager", unit] + names.map { "--property=" + $0 }).map(Self.ended)
    }

    /// What `systemctl show` said of an ended process.
    public struct EndedProcess: Equatable, Sendable {
        /// The unit's job id (`Job=`, printed only when there is one).
        public var jobID: Int?
        public var restart: RestartPolicy?
        public var startLimit: StartLimit?
        public var ran: Duration?
    }

    static func ended(_ text: String) -> EndedProcess {
        let p = ServiceManagerText.properties(text)
        let restart = p["Restart"].flatMap(RestartPolicy.init(rawValue:))
        var limit: StartLimit? = nil
        if let interval = p["StartLimitIntervalUSec"].flatMap(ServiceManagerText.timespan),
           let burst = p["StartLimitBurst"].flatMap({ Int($0) }) {
            limit = StartLimit(interval: interval, burst: burst)
        }
        var ran: Duration? = nil
        if let start = ServiceManagerText.monotonicMicroseconds(p["ExecMainStartTimestampMonotonic"]),
           let exit = ServiceManagerText.monotonicMicroseconds(p["ExecMainExitTimestampMonotonic"]), exit >= start {
            ran = exit - start
        }
        let job = p["Job"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        return EndedProcess(jobID: job, restart: restart, startLimit: limit, ran: ran)
    }

    private func systemctl(_ arguments: [String]) -> Result<String, HardwareError> {
        guard let path = Self.systemctlPaths.first(where: { access($0, X_OK) == 0 }) else {
            return .failure(HardwareError("systemctl: not found", errno: ENOENT))
        }
        return ChildProcess.output(of: path, arguments, timeout: timeout)
    }
}
