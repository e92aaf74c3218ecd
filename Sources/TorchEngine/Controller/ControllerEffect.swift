import TorchCore

/// What the controller asks the I/O shell to carry out, in order. Values only: the
/// scenario tests read them as they are produced.
public enum ControllerEffect: Equatable, Sendable {
    /// Hand this program to the real-time scheduler now.
    case play(ScheduledProgram)
    /// Write the remembered state (the state file).
    case save(PersistentState)
    /// The board's own status LEDs go dark (stealth on) or come back (stealth off).
    case statusLEDs(StatusLEDChange)
    /// This gesture was recognised (`count`: a click's place in its sequence, or a
    /// sequence's clicks at its end, as in `TorchEvent.gestureRecognized`): front ends
    /// are told, and the feedback buzzer or indicator pulses if `kind.pulsesFeedback`.
    case gesture(GestureKind, count: Int? = nil)
    /// A notice for the service manager (sd_notify).
    case notice(ServiceNotice)
    /// One log line with its syslog priority.
    case log(LogPriority, String)
    /// What `status` shows changed: front ends that show or publish it update.
    case statusChanged(TorchStatus)
    /// Read this from the machine now and hand it back (`ControllerInput.reading`): a
    /// syscall, so the shell's to do.
    case read(SensorRead)

    /// True for `.play`.
    public var isPlay: Bool { if case .play = self { true } else { false } }
}

/// A reading the controller needs from the machine.
public enum SensorRead: Equatable, Sendable {
    /// The readout gesture's number (`[button] readout`: an address, a temperature, …).
    case readout
    /// The 1-minute load average, which the heartbeat follows.
    case loadAverage
}

/// Stealth's effect on the board's status LEDs.
public enum StatusLEDChange: Equatable, Sendable {
    case dark
    case restore
}

/// The service manager's notices (systemd's `sd_notify` states).
public enum ServiceNotice: Equatable, Sendable {
    /// The first output write went through: `READY=1`, with `STATUS=` lit or dark.
    case ready(status: String)
    /// The output is healthy: `WATCHDOG=1`.
    case watchdog
    /// The service is stopping: `STOPPING=1`.
    case stopping
}

/// Who asked for a command. Every front end names itself, so a log, a status reply or
/// a front end that must not echo its own changes can tell them apart.
public enum CommandOrigin: String, Equatable, Sendable, CaseIterable {
    /// The command line that started the service (`torch blink` runs it in the foreground).
    case cli
    /// A client of the control socket (the `torch` CLI forwarding, or any other).
    case socket
    /// The terminal's keys standing in for the buttons (simulated LED).
    case keyboard
    /// An MQTT message (Home Assistant, the group topic, any client of the broker).
    case mqtt
    /// The web page (`[web] listen`).
    case web

    /// A front end of other parties (the web page, MQTT): it starts only what the owner
    /// allows (`RemotePatternRule`). The command line, the control socket (group `gpio`)
    /// and the keyboard are the owner's own.
    public var isRemote: Bool { self == .web || self == .mqtt }
}

/// What the controller needs to know about the output to report readiness and feed
/// the watchdog: the real-time scheduler's counters.
public struct OutputHealth: Equatable, Sendable {
    /// Output writes so far.
    public var writes: Int
    /// Failed output writes so far, and the last errno.
    public var failures: Int
    public var lastErrno: Int32
    /// True while the scheduler is in a failing burst (dark, retrying).
    public var failing: Bool
    /// The last errno as text ("Input/output error"), for the report.
    public var lastError: String
    /// Times the real-time thread had spent its CPU budget and rested (`PatternScheduler.rests`).
    public var rests: Int

    public init(writes: Int, failures: Int = 0, lastErrno: Int32 = 0, failing: Bool = false, lastError: String = "",
                rests: Int = 0) {
        self.writes = writes
        self.failures = failures
        self.lastErrno = lastErrno
        self.failing = failing
        self.lastError = lastError
        self.rests = rests
    }
}
