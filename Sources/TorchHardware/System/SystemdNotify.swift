import CTorchSys
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

    /// Sends the assignments as one datagram, with `descriptors` attached; nothing when
    /// there is no notify socket.
    public func send(_ assignments: [String], descriptors: [Int32] = []) throws(HardwareError) {
        guard let socketPath else { return }
        do {
            let bytes = Array(assignments.joined(separator: "\n").utf8)
            if descriptors.isEmpty {
                try UnixSocket.sendDatagram(bytes, to: socketPath)
            } else {
                try UnixSocket.sendDatagram(bytes, to: socketPath, descriptors: descriptors)
            }
        } catch {
            throw HardwareError("sd_notify: \(error.message)", errno: error.errno)
        }
    }

    /// Sends `FDSTORE=1` with `descriptor` named `name` (`FDNAME=`): systemd keeps a copy
    /// in the unit's file descriptor store (`FileDescriptorStoreMax=`) and passes it to
    /// the next process of the unit (`LISTEN_FDNAMES`). One already stored is not stored
    /// twice (systemd compares the open files).
    public func store(_ descriptor: Int32, name: String) throws(HardwareError) {
        try send(["FDSTORE=1", "FDNAME=" + name], descriptors: [descriptor])
    }

    /// Sends `FDSTOREREMOVE=1` for `name`: systemd closes its copies. From a control
    /// process (the post-stop command) this needs `NotifyAccess=exec` or `all`.
    public func removeStored(name: String) throws(HardwareError) {
        try send(["FDSTOREREMOVE=1", "FDNAME=" + name])
    }

    /// `sd_notify_barrier`: returns once systemd has read every message sent before it
    /// (it closes the pipe's write end it was sent), or after `timeout`. True when the
    /// barrier was passed; false without a notify socket or on timeout.
    public func barrier(timeout: Duration) -> Bool {
        guard socketPath != nil else { return false }
        var fds: [Int32] = [-1, -1]
        guard ctorch_pipe_nonblocking(&fds) == 0 else { return false }
        let reader = FileDescriptor(owning: fds[0])
        let writer = FileDescriptor(owning: fds[1])
        do { try send(["BARRIER=1"], descriptors: [writer.rawValue]) } catch { return false }
        writer.close()
        var p = pollfd(fd: reader.rawValue, events: 0, revents: 0)
        let rc = ctorch_poll_ns(&p, 1, timeout.nanoseconds)
        return rc == 1 && (Int32(p.revents) & Int32(POLLHUP)) != 0
    }

    /// `$FDSTORE`: how many descriptors the unit's store keeps (systemd 254 and later set
    /// it from `FileDescriptorStoreMax=`; torch's unit sets it for 252); 0 when unset.
    public static func storeCapacity() -> Int {
        environment("FDSTORE").flatMap { Int($0) }.map { max(0, $0) } ?? 0
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
