import TorchCore

/// The load average for the heartbeat effect: a front end reads it (a syscall, so in
/// TorchHardware) on the event loop and hands it in as a value with its instant.
extension TorchController {
    /// A new 1-minute load average at `time` (see `TorchStateMachine.loadAverageChanged`).
    public func loadAverage(_ load: Double, at time: Instant) {
        guard !isStopped else { return }
        machine.loadAverageChanged(load, at: time)
        now = max(now, time)
        settle()
    }

    /// True while the heartbeat plays: only then is the load worth reading.
    public var followsLoadAverage: Bool { !isStopped && machine.playsHeartbeat }
}
