#if canImport(Glibc)
import Glibc
#endif

/// The sd_notify protocol without libsystemd: newline-separated `KEY=value` datagrams to
/// the Unix socket named by `$NOTIFY_SOCKET` (a path, or an abstract name `@…`).
/// Outside systemd the variable is unset and every call does nothing.
public struct SystemdNotify: Sendable {
    /// The socket from `$NOTIFY_SOCKET`; nil when not run by systemd with Type=notify.
    public let socketPath: String?

    /// Reads `$NOTIFY_SOCKET` from the environment.
    public init() {
        self.init(socketPath: SystemdNotify.environment("NOTIFY_SOCKET"))
    }

    public init(socketPath: String?) {
        self.socketPath = socketPath.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// True when there is a notify socket to talk to.
    public var isEnabled: Bool { socketPath != nil }

    /// Sends `READY=1` (start-up finished: systemd starts the units ordered after us),
    /// with an optional `STATUS=` line.
    public func ready(status: String? = nil) throws(HardwareError) {
        try send(["READY=1"] + (status.map { ["STATUS=" + SystemdNotify.oneLine($0)] } ?? []))
    }

    /// Sends `STATUS=…`: the one line `systemctl status` shows.
    public func status(_ text: String) throws(HardwareError) {
        try send(["STATUS=" + SystemdNotify.oneLine(text)])
    }

    /// Sends `WATCHDOG=1`: we are alive; due every `watchdogInterval`.
    public func watchdog() throws(HardwareError) {
        try send(["WATCHDOG=1"])
    }

    /// Sends `STOPPING=1`: shutting down on purpose (not a crash).
    public func stopping() throws(HardwareError) {
        try send(["STOPPING=1"])
    }

    /// Sends the assignments as one datagram; nothing when there is no notify socket.
    public func send(_ assignments: [String]) throws(HardwareError) {
        guard let socketPath else { return }
        do {
            try UnixSocket.sendDatagram(Array(assignments.joined(separator: "\n").utf8), to: socketPath)
        } catch {
            throw HardwareError("sd_notify: \(error.message)", errno: error.errno)
        }
    }

    /// How often to send `WATCHDOG=1`: half of `$WATCHDOG_USEC` (systemd's advice), nil
    /// when the watchdog is off or meant for another process (`$WATCHDOG_PID`).
    public static func watchdogInterval() -> Duration? {
        watchdogInterval(usec: environment("WATCHDOG_USEC"), pid: environment("WATCHDOG_PID"), ownPID: getpid())
    }

    /// The interval from the variables' text: `usec` must be a positive whole number of
    /// microseconds; `pid`, when set, must be `ownPID`.
    public static func watchdogInterval(usec: String?, pid: String?, ownPID: Int32) -> Duration? {
        guard let usec, let micro = UInt64(usec), micro > 0, micro < UInt64(Int64.max / 1000) else { return nil }
        if let pid, !pid.isEmpty {
            guard let p = Int32(pid), p == ownPID else { return nil }
        }
        return .microseconds(Int64(micro / 2))
    }

    static func oneLine(_ s: String) -> String {
        String(s.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }

    static func environment(_ name: String) -> String? {
        ProcessEnvironment.variable(name)
    }
}
